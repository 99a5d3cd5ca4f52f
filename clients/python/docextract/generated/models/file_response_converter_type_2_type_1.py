from __future__ import annotations

from enum import Enum


class FileResponseConverterType2Type1(str, Enum):
    BUILTIN = "builtin"
    LIBREOFFICE = "libreoffice"

    def __str__(self) -> str:
        return str(self.value)
