from __future__ import annotations

from enum import Enum


class ReviewStatus(str, Enum):
    APPROVED = "approved"
    NOT_REQUIRED = "not_required"
    PENDING = "pending"
    REJECTED = "rejected"

    def __str__(self) -> str:
        return str(self.value)
