from __future__ import annotations

from enum import Enum


class FileResponseMediaType(str, Enum):
    APPLICATIONPDF = "application/pdf"
    APPLICATIONVND_MS_EXCEL_SHEET_MACROENABLED_12 = "application/vnd.ms-excel.sheet.macroEnabled.12"
    APPLICATIONVND_MS_OUTLOOK = "application/vnd.ms-outlook"
    APPLICATIONVND_OPENXMLFORMATS_OFFICEDOCUMENT_SPREADSHEETML_SHEET = (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    IMAGEJPEG = "image/jpeg"
    IMAGEPNG = "image/png"
    MESSAGERFC822 = "message/rfc822"

    def __str__(self) -> str:
        return str(self.value)
