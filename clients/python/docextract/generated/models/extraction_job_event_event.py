from __future__ import annotations

from enum import Enum


class ExtractionJobEventEvent(str, Enum):
    JOB = "job"

    def __str__(self) -> str:
        return str(self.value)
