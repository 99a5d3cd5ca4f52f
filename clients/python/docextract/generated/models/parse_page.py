from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.block import Block


T = TypeVar("T", bound="ParsePage")


@_attrs_define
class ParsePage:
    """
    Attributes:
        page_number (int): One-based page number.
        content (str): Markdown transcription of the page.
        blocks (list[Block] | Unset): Our addition (issue 41). The page's Markdown read as typed blocks with boxes;
            every page of a completed job's read has them.
    """

    page_number: int
    content: str
    blocks: list[Block] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        page_number = self.page_number

        content = self.content

        blocks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.blocks, Unset):
            blocks = []
            for blocks_item_data in self.blocks:
                blocks_item = blocks_item_data.to_dict()
                blocks.append(blocks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "page_number": page_number,
                "content": content,
            }
        )
        if blocks is not UNSET:
            field_dict["blocks"] = blocks

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.block import Block

        d = dict(src_dict)
        page_number = d.pop("page_number")

        content = d.pop("content")

        _blocks = d.pop("blocks", UNSET)
        blocks: list[Block] | Unset = UNSET
        if _blocks is not UNSET:
            blocks = []
            for blocks_item_data in _blocks:
                blocks_item = Block.from_dict(blocks_item_data)

                blocks.append(blocks_item)

        parse_page = cls(
            page_number=page_number,
            content=content,
            blocks=blocks,
        )

        return parse_page
