from __future__ import annotations

from enum import Enum


class BatchEventPayloadType(str, Enum):
    BATCH_CANCELED = "batch.canceled"
    BATCH_COMPLETED = "batch.completed"

    def __str__(self) -> str:
        return str(self.value)
