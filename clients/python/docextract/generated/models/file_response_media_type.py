from __future__ import annotations

from enum import Enum


class FileResponseMediaType(str, Enum):
    APPLICATIONEPUBZIP = "application/epub+zip"
    APPLICATIONMSWORD = "application/msword"
    APPLICATIONPDF = "application/pdf"
    APPLICATIONRTF = "application/rtf"
    APPLICATIONVND_MS_EXCEL = "application/vnd.ms-excel"
    APPLICATIONVND_MS_EXCEL_SHEET_MACROENABLED_12 = "application/vnd.ms-excel.sheet.macroEnabled.12"
    APPLICATIONVND_MS_OUTLOOK = "application/vnd.ms-outlook"
    APPLICATIONVND_MS_POWERPOINT = "application/vnd.ms-powerpoint"
    APPLICATIONVND_OASIS_OPENDOCUMENT_PRESENTATION = "application/vnd.oasis.opendocument.presentation"
    APPLICATIONVND_OASIS_OPENDOCUMENT_SPREADSHEET = "application/vnd.oasis.opendocument.spreadsheet"
    APPLICATIONVND_OASIS_OPENDOCUMENT_TEXT = "application/vnd.oasis.opendocument.text"
    APPLICATIONVND_OPENXMLFORMATS_OFFICEDOCUMENT_PRESENTATIONML_PRESENTATION = (
        "application/vnd.openxmlformats-officedocument.presentationml.presentation"
    )
    APPLICATIONVND_OPENXMLFORMATS_OFFICEDOCUMENT_SPREADSHEETML_SHEET = (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    APPLICATIONVND_OPENXMLFORMATS_OFFICEDOCUMENT_WORDPROCESSINGML_DOCUMENT = (
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    )
    IMAGEBMP = "image/bmp"
    IMAGEGIF = "image/gif"
    IMAGEJPEG = "image/jpeg"
    IMAGEPNG = "image/png"
    IMAGETIFF = "image/tiff"
    IMAGEWEBP = "image/webp"
    MESSAGERFC822 = "message/rfc822"
    TEXTCSV = "text/csv"
    TEXTHTML = "text/html"
    TEXTMARKDOWN = "text/markdown"
    TEXTPLAIN = "text/plain"

    def __str__(self) -> str:
        return str(self.value)
