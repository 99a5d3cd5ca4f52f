from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.page_box import PageBox


T = TypeVar("T", bound="Chunk")


@_attrs_define
class Chunk:
    """
    Attributes:
        index (int):
        text (str):
        heading_path (list[str]): The enclosing headings, outermost first.
        pages (list[int]): The pages the chunk's blocks came from.
        boxes (list[PageBox]): The non-null boxes of the chunk's blocks.
        token_count (int): `text` in tokens of the encoding `tokenizer` names.
    """

    index: int
    text: str
    heading_path: list[str]
    pages: list[int]
    boxes: list[PageBox]
    token_count: int

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        text = self.text

        heading_path = self.heading_path

        pages = self.pages

        boxes = []
        for boxes_item_data in self.boxes:
            boxes_item = boxes_item_data.to_dict()
            boxes.append(boxes_item)

        token_count = self.token_count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "text": text,
                "heading_path": heading_path,
                "pages": pages,
                "boxes": boxes,
                "token_count": token_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.page_box import PageBox

        d = dict(src_dict)
        index = d.pop("index")

        text = d.pop("text")

        heading_path = cast(list[str], d.pop("heading_path"))

        pages = cast(list[int], d.pop("pages"))

        boxes = []
        _boxes = d.pop("boxes")
        for boxes_item_data in _boxes:
            boxes_item = PageBox.from_dict(boxes_item_data)

            boxes.append(boxes_item)

        token_count = d.pop("token_count")

        chunk = cls(
            index=index,
            text=text,
            heading_path=heading_path,
            pages=pages,
            boxes=boxes,
            token_count=token_count,
        )

        return chunk
