from __future__ import annotations

from enum import Enum


class ReviewFieldDecisionAction(str, Enum):
    ACCEPT = "accept"
    CORRECT = "correct"
    MARK_ABSENT = "mark_absent"

    def __str__(self) -> str:
        return str(self.value)
