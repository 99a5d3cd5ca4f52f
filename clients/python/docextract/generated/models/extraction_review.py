from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.review_status import ReviewStatus

if TYPE_CHECKING:
    from ..models.extraction_review_reviewed_data import ExtractionReviewReviewedData


T = TypeVar("T", bound="ExtractionReview")


@_attrs_define
class ExtractionReview:
    """Review state of a completed job whose extractor had a `review_threshold` or `review_thresholds` when the job was
    created.

        Attributes:
            status (ReviewStatus): `not_required` (no flags), `pending` (waiting for a human), `approved`, `rejected`.
            revision (int): Starts at 1 and grows by one with each change.
            reviewed_data (ExtractionReviewReviewedData): Starts as a copy of `result.data`; review decisions change this
                copy, never `result.data`.
            updated_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    status: ReviewStatus
    revision: int
    reviewed_data: ExtractionReviewReviewedData
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        revision = self.revision

        reviewed_data = self.reviewed_data.to_dict()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "revision": revision,
                "reviewed_data": reviewed_data,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extraction_review_reviewed_data import (
            ExtractionReviewReviewedData,
        )

        d = dict(src_dict)
        status = ReviewStatus(d.pop("status"))

        revision = d.pop("revision")

        reviewed_data = ExtractionReviewReviewedData.from_dict(d.pop("reviewed_data"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at").replace("Z", "+00:00"))

        extraction_review = cls(
            status=status,
            revision=revision,
            reviewed_data=reviewed_data,
            updated_at=updated_at,
        )

        return extraction_review
