from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.reviewed_segment import ReviewedSegment


T = TypeVar("T", bound="ClassificationReviewPatchRequest")


@_attrs_define
class ClassificationReviewPatchRequest:
    """
    Attributes:
        revision (int):
        segments (list[ReviewedSegment]):
    """

    revision: int
    segments: list[ReviewedSegment]

    def to_dict(self) -> dict[str, Any]:
        revision = self.revision

        segments = []
        for segments_item_data in self.segments:
            segments_item = segments_item_data.to_dict()
            segments.append(segments_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "revision": revision,
                "segments": segments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reviewed_segment import ReviewedSegment

        d = dict(src_dict)
        revision = d.pop("revision")

        segments = []
        _segments = d.pop("segments")
        for segments_item_data in _segments:
            segments_item = ReviewedSegment.from_dict(segments_item_data)

            segments.append(segments_item)

        classification_review_patch_request = cls(
            revision=revision,
            segments=segments,
        )

        return classification_review_patch_request
