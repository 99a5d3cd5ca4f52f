from __future__ import annotations

from enum import Enum


class ReviewEventAction(str, Enum):
    ACCEPT = "accept"
    APPROVE = "approve"
    CORRECT = "correct"
    MARK_ABSENT = "mark_absent"
    REJECT = "reject"

    def __str__(self) -> str:
        return str(self.value)
