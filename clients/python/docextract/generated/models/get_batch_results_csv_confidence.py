from __future__ import annotations

from enum import Enum


class GetBatchResultsCsvConfidence(str, Enum):
    FALSE = "false"
    TRUE = "true"

    def __str__(self) -> str:
        return str(self.value)
