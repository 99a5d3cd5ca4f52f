from __future__ import annotations

from enum import Enum


class PageTextSource(str, Enum):
    CONVERTER = "converter"
    NONE = "none"
    OCR = "ocr"
    PDF = "pdf"

    def __str__(self) -> str:
        return str(self.value)
