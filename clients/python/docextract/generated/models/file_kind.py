from __future__ import annotations

from enum import Enum


class FileKind(str, Enum):
    DOCUMENT = "document"
    EMAIL = "email"
    IMAGE = "image"
    PDF = "pdf"
    PRESENTATION = "presentation"
    SPREADSHEET = "spreadsheet"
    TEXT = "text"
    WEB = "web"

    def __str__(self) -> str:
        return str(self.value)
