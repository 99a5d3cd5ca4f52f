from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ValueConflictValuesItem")


@_attrs_define
class ValueConflictValuesItem:
    """
    Attributes:
        value (Any):
        pages (list[int]):
    """

    value: Any
    pages: list[int]

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        pages = self.pages

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "pages": pages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = d.pop("value")

        pages = cast(list[int], d.pop("pages"))

        value_conflict_values_item = cls(
            value=value,
            pages=pages,
        )

        return value_conflict_values_item
