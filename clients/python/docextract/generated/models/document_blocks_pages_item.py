from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.block import Block


T = TypeVar("T", bound="DocumentBlocksPagesItem")


@_attrs_define
class DocumentBlocksPagesItem:
    """
    Attributes:
        page_number (int):
        blocks (list[Block]):
    """

    page_number: int
    blocks: list[Block]

    def to_dict(self) -> dict[str, Any]:
        page_number = self.page_number

        blocks = []
        for blocks_item_data in self.blocks:
            blocks_item = blocks_item_data.to_dict()
            blocks.append(blocks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "page_number": page_number,
                "blocks": blocks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.block import Block

        d = dict(src_dict)
        page_number = d.pop("page_number")

        blocks = []
        _blocks = d.pop("blocks")
        for blocks_item_data in _blocks:
            blocks_item = Block.from_dict(blocks_item_data)

            blocks.append(blocks_item)

        document_blocks_pages_item = cls(
            page_number=page_number,
            blocks=blocks,
        )

        return document_blocks_pages_item
