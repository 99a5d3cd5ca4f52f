from __future__ import annotations

from enum import Enum


class ClassificationReviewEventAction(str, Enum):
    APPROVE = "approve"
    CORRECT = "correct"
    REJECT = "reject"

    def __str__(self) -> str:
        return str(self.value)
