from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.document_blocks_pages_item import DocumentBlocksPagesItem


T = TypeVar("T", bound="DocumentBlocks")


@_attrs_define
class DocumentBlocks:
    """
    Attributes:
        pages (list[DocumentBlocksPagesItem]):
    """

    pages: list[DocumentBlocksPagesItem]

    def to_dict(self) -> dict[str, Any]:
        pages = []
        for pages_item_data in self.pages:
            pages_item = pages_item_data.to_dict()
            pages.append(pages_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pages": pages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_blocks_pages_item import DocumentBlocksPagesItem

        d = dict(src_dict)
        pages = []
        _pages = d.pop("pages")
        for pages_item_data in _pages:
            pages_item = DocumentBlocksPagesItem.from_dict(pages_item_data)

            pages.append(pages_item)

        document_blocks = cls(
            pages=pages,
        )

        return document_blocks
