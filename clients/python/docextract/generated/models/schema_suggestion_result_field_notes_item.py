from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="SchemaSuggestionResultFieldNotesItem")


@_attrs_define
class SchemaSuggestionResultFieldNotesItem:
    """
    Attributes:
        path (str):
        description (str):
    """

    path: str
    description: str

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        path = d.pop("path")

        description = d.pop("description")

        schema_suggestion_result_field_notes_item = cls(
            path=path,
            description=description,
        )

        return schema_suggestion_result_field_notes_item
