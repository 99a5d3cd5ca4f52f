from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ValueProvenanceCellsItem")


@_attrs_define
class ValueProvenanceCellsItem:
    """
    Attributes:
        sheet (str): The sheet's name.
        cell (str): A1 notation, e.g. `B7`.
    """

    sheet: str
    cell: str

    def to_dict(self) -> dict[str, Any]:
        sheet = self.sheet

        cell = self.cell

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sheet": sheet,
                "cell": cell,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sheet = d.pop("sheet")

        cell = d.pop("cell")

        value_provenance_cells_item = cls(
            sheet=sheet,
            cell=cell,
        )

        return value_provenance_cells_item
