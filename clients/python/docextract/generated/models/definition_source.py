from __future__ import annotations

from enum import Enum


class DefinitionSource(str, Enum):
    PREBUILT = "prebuilt"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
