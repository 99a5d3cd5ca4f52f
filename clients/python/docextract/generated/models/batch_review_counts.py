from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="BatchReviewCounts")


@_attrs_define
class BatchReviewCounts:
    """Our addition (issue 40). The completed items by review status, counted at every read;
    `not_required` also counts items whose job has no review (the extractor asked for none), so
    the four add up to `request_counts.completed`. All zero for a parse batch.

        Attributes:
            pending (int):
            approved (int):
            rejected (int):
            not_required (int):
    """

    pending: int
    approved: int
    rejected: int
    not_required: int

    def to_dict(self) -> dict[str, Any]:
        pending = self.pending

        approved = self.approved

        rejected = self.rejected

        not_required = self.not_required

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pending": pending,
                "approved": approved,
                "rejected": rejected,
                "not_required": not_required,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pending = d.pop("pending")

        approved = d.pop("approved")

        rejected = d.pop("rejected")

        not_required = d.pop("not_required")

        batch_review_counts = cls(
            pending=pending,
            approved=approved,
            rejected=rejected,
            not_required=not_required,
        )

        return batch_review_counts
