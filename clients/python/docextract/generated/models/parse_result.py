from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.output_format import OutputFormat

if TYPE_CHECKING:
    from ..models.parse_page import ParsePage


T = TypeVar("T", bound="ParseResult")


@_attrs_define
class ParseResult:
    """
    Attributes:
        format_ (OutputFormat): Parser output format; `markdown` is the only format in v0.3.
        content (str): All pages joined by `\\n\\n<!-- PageBreak -->\\n\\n`.
        page_count (int):
        pages (list[ParsePage]):
    """

    format_: OutputFormat
    content: str
    page_count: int
    pages: list[ParsePage]

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_.value

        content = self.content

        page_count = self.page_count

        pages = []
        for pages_item_data in self.pages:
            pages_item = pages_item_data.to_dict()
            pages.append(pages_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "content": content,
                "page_count": page_count,
                "pages": pages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.parse_page import ParsePage

        d = dict(src_dict)
        format_ = OutputFormat(d.pop("format"))

        content = d.pop("content")

        page_count = d.pop("page_count")

        pages = []
        _pages = d.pop("pages")
        for pages_item_data in _pages:
            pages_item = ParsePage.from_dict(pages_item_data)

            pages.append(pages_item)

        parse_result = cls(
            format_=format_,
            content=content,
            page_count=page_count,
            pages=pages,
        )

        return parse_result
