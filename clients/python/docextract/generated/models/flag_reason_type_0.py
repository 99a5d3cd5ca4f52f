from __future__ import annotations

from enum import Enum


class FlagReasonType0(str, Enum):
    CONFLICT = "conflict"
    LOW_CONFIDENCE = "low_confidence"
    NOT_GROUNDED = "not_grounded"
    REQUIRED_MISSING = "required_missing"

    def __str__(self) -> str:
        return str(self.value)
