from __future__ import annotations

from enum import Enum


class BatchEventPayloadType(str, Enum):
    BATCH_CANCELED = "batch.canceled"
    BATCH_COMPLETED = "batch.completed"
    BATCH_FAILED = "batch.failed"

    def __str__(self) -> str:
        return str(self.value)
