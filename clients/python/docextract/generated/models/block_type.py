from __future__ import annotations

from enum import Enum


class BlockType(str, Enum):
    CODE = "code"
    FIGURE = "figure"
    FORMULA = "formula"
    HEADING = "heading"
    LIST_ITEM = "list_item"
    PAGE_FOOTER = "page_footer"
    PAGE_HEADER = "page_header"
    PARAGRAPH = "paragraph"
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
