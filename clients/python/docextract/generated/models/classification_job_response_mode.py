from __future__ import annotations

from enum import Enum


class ClassificationJobResponseMode(str, Enum):
    DOCUMENT = "document"
    SPLIT = "split"

    def __str__(self) -> str:
        return str(self.value)
