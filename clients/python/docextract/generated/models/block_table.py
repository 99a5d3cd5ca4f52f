from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="BlockTable")


@_attrs_define
class BlockTable:
    """
    Attributes:
        rows (list[list[str]]): Every row, header rows first; one cell text (Markdown) per column.
        header_rows (int):
    """

    rows: list[list[str]]
    header_rows: int

    def to_dict(self) -> dict[str, Any]:
        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data

            rows.append(rows_item)

        header_rows = self.header_rows

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rows": rows,
                "header_rows": header_rows,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = cast(list[str], rows_item_data)

            rows.append(rows_item)

        header_rows = d.pop("header_rows")

        block_table = cls(
            rows=rows,
            header_rows=header_rows,
        )

        return block_table
