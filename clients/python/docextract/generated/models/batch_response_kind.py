from __future__ import annotations

from enum import Enum


class BatchResponseKind(str, Enum):
    CLASSIFICATION = "classification"
    EXTRACTION = "extraction"
    PARSE = "parse"

    def __str__(self) -> str:
        return str(self.value)
