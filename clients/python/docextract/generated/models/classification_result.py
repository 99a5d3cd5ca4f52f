from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.classification_segment import ClassificationSegment
    from ..models.classified_page import ClassifiedPage
    from ..models.segment_flag import SegmentFlag


T = TypeVar("T", bound="ClassificationResult")


@_attrs_define
class ClassificationResult:
    """
    Attributes:
        pages (list[ClassifiedPage]):
        flags (list[SegmentFlag]):
        class_ (str | Unset): Document mode: the class of the most pages (ties: the earliest page's).
        confidence (float | None | Unset): Document mode - the lowest page confidence among the pages of that class.
        segments (list[ClassificationSegment] | Unset): Split mode - the documents found.
    """

    pages: list[ClassifiedPage]
    flags: list[SegmentFlag]
    class_: str | Unset = UNSET
    confidence: float | None | Unset = UNSET
    segments: list[ClassificationSegment] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        pages = []
        for pages_item_data in self.pages:
            pages_item = pages_item_data.to_dict()
            pages.append(pages_item)

        flags = []
        for flags_item_data in self.flags:
            flags_item = flags_item_data.to_dict()
            flags.append(flags_item)

        class_ = self.class_

        confidence: float | None | Unset
        if isinstance(self.confidence, Unset):
            confidence = UNSET
        else:
            confidence = self.confidence

        segments: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.segments, Unset):
            segments = []
            for segments_item_data in self.segments:
                segments_item = segments_item_data.to_dict()
                segments.append(segments_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pages": pages,
                "flags": flags,
            }
        )
        if class_ is not UNSET:
            field_dict["class"] = class_
        if confidence is not UNSET:
            field_dict["confidence"] = confidence
        if segments is not UNSET:
            field_dict["segments"] = segments

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.classification_segment import ClassificationSegment
        from ..models.classified_page import ClassifiedPage
        from ..models.segment_flag import SegmentFlag

        d = dict(src_dict)
        pages = []
        _pages = d.pop("pages")
        for pages_item_data in _pages:
            pages_item = ClassifiedPage.from_dict(pages_item_data)

            pages.append(pages_item)

        flags = []
        _flags = d.pop("flags")
        for flags_item_data in _flags:
            flags_item = SegmentFlag.from_dict(flags_item_data)

            flags.append(flags_item)

        class_ = d.pop("class", UNSET)

        def _parse_confidence(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("float | None | Unset", data)

        confidence = _parse_confidence(d.pop("confidence", UNSET))

        _segments = d.pop("segments", UNSET)
        segments: list[ClassificationSegment] | Unset = UNSET
        if _segments is not UNSET:
            segments = []
            for segments_item_data in _segments:
                segments_item = ClassificationSegment.from_dict(segments_item_data)

                segments.append(segments_item)

        classification_result = cls(
            pages=pages,
            flags=flags,
            class_=class_,
            confidence=confidence,
            segments=segments,
        )

        return classification_result
