from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReviewApproveRequest")


@_attrs_define
class ReviewApproveRequest:
    """
    Attributes:
        revision (int):
        add_as_example (bool | Unset): Append the job's input and reviewed data to the extractor's examples.
    """

    revision: int
    add_as_example: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        revision = self.revision

        add_as_example = self.add_as_example

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "revision": revision,
            }
        )
        if add_as_example is not UNSET:
            field_dict["add_as_example"] = add_as_example

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        revision = d.pop("revision")

        add_as_example = d.pop("add_as_example", UNSET)

        review_approve_request = cls(
            revision=revision,
            add_as_example=add_as_example,
        )

        return review_approve_request
