from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.value_conflict_values_item import ValueConflictValuesItem


T = TypeVar("T", bound="ValueConflict")


@_attrs_define
class ValueConflict:
    """
    Attributes:
        path (str): JSON Pointer of the value in `data`.
        values (list[ValueConflictValuesItem]): Every distinct value, the one kept in `data` first, each with the pages
            of the windows that gave it.
    """

    path: str
    values: list[ValueConflictValuesItem]

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        values = []
        for values_item_data in self.values:
            values_item = values_item_data.to_dict()
            values.append(values_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
                "values": values,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.value_conflict_values_item import ValueConflictValuesItem

        d = dict(src_dict)
        path = d.pop("path")

        values = []
        _values = d.pop("values")
        for values_item_data in _values:
            values_item = ValueConflictValuesItem.from_dict(values_item_data)

            values.append(values_item)

        value_conflict = cls(
            path=path,
            values=values,
        )

        return value_conflict
