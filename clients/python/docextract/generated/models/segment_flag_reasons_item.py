from __future__ import annotations

from enum import Enum


class SegmentFlagReasonsItem(str, Enum):
    LOW_CONFIDENCE = "low_confidence"

    def __str__(self) -> str:
        return str(self.value)
