from __future__ import annotations

from enum import Enum


class DeleteBatchResponse202Status(str, Enum):
    DELETING = "deleting"

    def __str__(self) -> str:
        return str(self.value)
