from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.page_text_source import PageTextSource
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.page_word import PageWord


T = TypeVar("T", bound="PageText")


@_attrs_define
class PageText:
    """A page's text layer (GET /v1/files/{file_id}/pages/{page}/text). Our addition.

    Attributes:
        page (int):
        source (PageTextSource): Where the text came from - the PDF's own text layer, OCR of the page image, a
            converter's rendition, or none (no text).
        text (str): The page's text in reading order (words joined by spaces, lines by a line break, blocks by a blank
            line); empty when `source` is `none`.
        words (list[PageWord]):
        warning (str | Unset): Set when the page was due for OCR but gave no text (it ran past SERVICE_OCR_TIMEOUT_S).
    """

    page: int
    source: PageTextSource
    text: str
    words: list[PageWord]
    warning: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        page = self.page

        source = self.source.value

        text = self.text

        words = []
        for words_item_data in self.words:
            words_item = words_item_data.to_dict()
            words.append(words_item)

        warning = self.warning

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "page": page,
                "source": source,
                "text": text,
                "words": words,
            }
        )
        if warning is not UNSET:
            field_dict["warning"] = warning

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.page_word import PageWord

        d = dict(src_dict)
        page = d.pop("page")

        source = PageTextSource(d.pop("source"))

        text = d.pop("text")

        words = []
        _words = d.pop("words")
        for words_item_data in _words:
            words_item = PageWord.from_dict(words_item_data)

            words.append(words_item)

        warning = d.pop("warning", UNSET)

        page_text = cls(
            page=page,
            source=source,
            text=text,
            words=words,
            warning=warning,
        )

        return page_text
