from __future__ import annotations

from enum import Enum


class ChunkListTokenizer(str, Enum):
    CL100K_BASE = "cl100k_base"

    def __str__(self) -> str:
        return str(self.value)
