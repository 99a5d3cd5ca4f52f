from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ClassificationReviewApproveRequest")


@_attrs_define
class ClassificationReviewApproveRequest:
    """
    Attributes:
        revision (int):
    """

    revision: int

    def to_dict(self) -> dict[str, Any]:
        revision = self.revision

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "revision": revision,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        revision = d.pop("revision")

        classification_review_approve_request = cls(
            revision=revision,
        )

        return classification_review_approve_request
