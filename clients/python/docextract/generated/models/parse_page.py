from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ParsePage")


@_attrs_define
class ParsePage:
    """
    Attributes:
        page_number (int): One-based page number.
        content (str): Markdown transcription of the page.
    """

    page_number: int
    content: str

    def to_dict(self) -> dict[str, Any]:
        page_number = self.page_number

        content = self.content

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "page_number": page_number,
                "content": content,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        page_number = d.pop("page_number")

        content = d.pop("content")

        parse_page = cls(
            page_number=page_number,
            content=content,
        )

        return parse_page
