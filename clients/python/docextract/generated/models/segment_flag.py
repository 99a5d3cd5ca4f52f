from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.segment_flag_reasons_item import SegmentFlagReasonsItem

T = TypeVar("T", bound="SegmentFlag")


@_attrs_define
class SegmentFlag:
    """
    Attributes:
        segment (int): 0-based index of the segment (in document mode 0, the document).
        reasons (list[SegmentFlagReasonsItem]):
        confidence (float | None):
    """

    segment: int
    reasons: list[SegmentFlagReasonsItem]
    confidence: float | None

    def to_dict(self) -> dict[str, Any]:
        segment = self.segment

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.value
            reasons.append(reasons_item)

        confidence: float | None
        confidence = self.confidence

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "segment": segment,
                "reasons": reasons,
                "confidence": confidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        segment = d.pop("segment")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:
            reasons_item = SegmentFlagReasonsItem(reasons_item_data)

            reasons.append(reasons_item)

        def _parse_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        confidence = _parse_confidence(d.pop("confidence"))

        segment_flag = cls(
            segment=segment,
            reasons=reasons,
            confidence=confidence,
        )

        return segment_flag
