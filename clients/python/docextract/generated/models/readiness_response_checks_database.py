from __future__ import annotations

from enum import Enum


class ReadinessResponseChecksDatabase(str, Enum):
    OK = "ok"
    UNAVAILABLE = "unavailable"

    def __str__(self) -> str:
        return str(self.value)
