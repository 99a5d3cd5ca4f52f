from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.page_word import PageWord


T = TypeVar("T", bound="PageText")


@_attrs_define
class PageText:
    """A page's text layer (GET /v1/files/{file_id}/pages/{page}/text). Our addition.

    Attributes:
        page (int):
        text (str): The page's text in reading order (words joined by spaces, lines by a line break, blocks by a blank
            line); empty for a page without a text layer (a scan, an image).
        words (list[PageWord]):
    """

    page: int
    text: str
    words: list[PageWord]

    def to_dict(self) -> dict[str, Any]:
        page = self.page

        text = self.text

        words = []
        for words_item_data in self.words:
            words_item = words_item_data.to_dict()
            words.append(words_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "page": page,
                "text": text,
                "words": words,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.page_word import PageWord

        d = dict(src_dict)
        page = d.pop("page")

        text = d.pop("text")

        words = []
        _words = d.pop("words")
        for words_item_data in _words:
            words_item = PageWord.from_dict(words_item_data)

            words.append(words_item)

        page_text = cls(
            page=page,
            text=text,
            words=words,
        )

        return page_text
