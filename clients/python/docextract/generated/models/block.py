from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.block_type import BlockType

if TYPE_CHECKING:
    from ..models.block_box import BlockBox
    from ..models.block_table import BlockTable


T = TypeVar("T", bound="Block")


@_attrs_define
class Block:
    """Our addition (issue 41). A piece of a page's Markdown: `heading` (`level` 1–6), `paragraph`,
    `list_item` (`level` = nesting depth from 1), `table`, `figure` (a picture description in square
    brackets, or an image), `formula`, `code`, `page_header` and `page_footer` (a first or last line
    repeated on most pages of a document of three pages or more).

        Attributes:
            type_ (BlockType):
            text (str): The block's Markdown (a heading's or list item's without its marker; a table's Markdown).
            level (int | None): Heading level or list nesting depth; null for other blocks.
            box (BlockBox | None): Encloses the text-layer words that match the block's text; null where the page has no
                text layer or they are not found.
            table (BlockTable | None): Tables only (else null).
    """

    type_: BlockType
    text: str
    level: int | None
    box: BlockBox | None
    table: BlockTable | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.block_box import BlockBox
        from ..models.block_table import BlockTable

        type_ = self.type_.value

        text = self.text

        level: int | None
        level = self.level

        box: dict[str, Any] | None
        if isinstance(self.box, BlockBox):
            box = self.box.to_dict()
        else:
            box = self.box

        table: dict[str, Any] | None
        if isinstance(self.table, BlockTable):
            table = self.table.to_dict()
        else:
            table = self.table

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "text": text,
                "level": level,
                "box": box,
                "table": table,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.block_box import BlockBox
        from ..models.block_table import BlockTable

        d = dict(src_dict)
        type_ = BlockType(d.pop("type"))

        text = d.pop("text")

        def _parse_level(data: object) -> int | None:
            if data is None:
                return data
            return cast("int | None", data)

        level = _parse_level(d.pop("level"))

        def _parse_box(data: object) -> BlockBox | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                box_type_0 = BlockBox.from_dict(data)

                return box_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("BlockBox | None", data)

        box = _parse_box(d.pop("box"))

        def _parse_table(data: object) -> BlockTable | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                table_type_0 = BlockTable.from_dict(data)

                return table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("BlockTable | None", data)

        table = _parse_table(d.pop("table"))

        block = cls(
            type_=type_,
            text=text,
            level=level,
            box=box,
            table=table,
        )

        return block
