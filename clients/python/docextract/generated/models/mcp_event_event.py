from __future__ import annotations

from enum import Enum


class McpEventEvent(str, Enum):
    MESSAGE = "message"

    def __str__(self) -> str:
        return str(self.value)
