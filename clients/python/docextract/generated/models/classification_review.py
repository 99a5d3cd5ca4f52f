from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.review_status import ReviewStatus

if TYPE_CHECKING:
    from ..models.reviewed_segment import ReviewedSegment


T = TypeVar("T", bound="ClassificationReview")


@_attrs_define
class ClassificationReview:
    """
    Attributes:
        status (ReviewStatus): `not_required` (no flags), `pending` (waiting for a human), `approved`, `rejected`.
        revision (int):
        reviewed_segments (list[ReviewedSegment]):
        updated_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    status: ReviewStatus
    revision: int
    reviewed_segments: list[ReviewedSegment]
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        revision = self.revision

        reviewed_segments = []
        for reviewed_segments_item_data in self.reviewed_segments:
            reviewed_segments_item = reviewed_segments_item_data.to_dict()
            reviewed_segments.append(reviewed_segments_item)

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "revision": revision,
                "reviewed_segments": reviewed_segments,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reviewed_segment import ReviewedSegment

        d = dict(src_dict)
        status = ReviewStatus(d.pop("status"))

        revision = d.pop("revision")

        reviewed_segments = []
        _reviewed_segments = d.pop("reviewed_segments")
        for reviewed_segments_item_data in _reviewed_segments:
            reviewed_segments_item = ReviewedSegment.from_dict(reviewed_segments_item_data)

            reviewed_segments.append(reviewed_segments_item)

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at").replace("Z", "+00:00"))

        classification_review = cls(
            status=status,
            revision=revision,
            reviewed_segments=reviewed_segments,
            updated_at=updated_at,
        )

        return classification_review
