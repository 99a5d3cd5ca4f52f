from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.page_box import PageBox


T = TypeVar("T", bound="DocumentTable")


@_attrs_define
class DocumentTable:
    """
    Attributes:
        index (int):
        pages (list[int]):
        boxes (list[PageBox]):
        rows (list[list[str]]):
        header_rows (int):
    """

    index: int
    pages: list[int]
    boxes: list[PageBox]
    rows: list[list[str]]
    header_rows: int

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        pages = self.pages

        boxes = []
        for boxes_item_data in self.boxes:
            boxes_item = boxes_item_data.to_dict()
            boxes.append(boxes_item)

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data

            rows.append(rows_item)

        header_rows = self.header_rows

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "pages": pages,
                "boxes": boxes,
                "rows": rows,
                "header_rows": header_rows,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.page_box import PageBox

        d = dict(src_dict)
        index = d.pop("index")

        pages = cast(list[int], d.pop("pages"))

        boxes = []
        _boxes = d.pop("boxes")
        for boxes_item_data in _boxes:
            boxes_item = PageBox.from_dict(boxes_item_data)

            boxes.append(boxes_item)

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = cast(list[str], rows_item_data)

            rows.append(rows_item)

        header_rows = d.pop("header_rows")

        document_table = cls(
            index=index,
            pages=pages,
            boxes=boxes,
            rows=rows,
            header_rows=header_rows,
        )

        return document_table
