from __future__ import annotations

from enum import Enum


class ExampleInputInputType(str, Enum):
    FILE = "file"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
