from __future__ import annotations

from enum import Enum


class GetBatchResultsAs(str, Enum):
    CHUNKS = "chunks"

    def __str__(self) -> str:
        return str(self.value)
