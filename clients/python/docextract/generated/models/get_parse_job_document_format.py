from __future__ import annotations

from enum import Enum


class GetParseJobDocumentFormat(str, Enum):
    HTML = "html"
    JSON = "json"
    MARKDOWN = "markdown"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
