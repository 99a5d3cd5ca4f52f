from __future__ import annotations

from enum import Enum


class OutputFormat(str, Enum):
    MARKDOWN = "markdown"

    def __str__(self) -> str:
        return str(self.value)
