from __future__ import annotations

from enum import Enum


class ReviewFieldDecisionType0Action(str, Enum):
    ACCEPT = "accept"
    MARK_ABSENT = "mark_absent"

    def __str__(self) -> str:
        return str(self.value)
