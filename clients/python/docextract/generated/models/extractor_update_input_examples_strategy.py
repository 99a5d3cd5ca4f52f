from __future__ import annotations

from enum import Enum


class ExtractorUpdateInputExamplesStrategy(str, Enum):
    ALL = "all"
    SIMILAR = "similar"

    def __str__(self) -> str:
        return str(self.value)
