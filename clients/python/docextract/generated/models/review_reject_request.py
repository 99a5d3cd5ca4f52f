from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ReviewRejectRequest")


@_attrs_define
class ReviewRejectRequest:
    """
    Attributes:
        revision (int):
        reason (str):
    """

    revision: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        revision = self.revision

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "revision": revision,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        revision = d.pop("revision")

        reason = d.pop("reason")

        review_reject_request = cls(
            revision=revision,
            reason=reason,
        )

        return review_reject_request
