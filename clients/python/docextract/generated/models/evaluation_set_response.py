from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EvaluationSetResponse")


@_attrs_define
class EvaluationSetResponse:
    """
    Attributes:
        id (str): Immutable identifier (`evset_` + ULID).
        name (str):
        display_name (str):
        description (None | str):
        item_count (int):
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        updated_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    id: str
    name: str
    display_name: str
    description: None | str
    item_count: int
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        display_name = self.display_name

        description: None | str
        description = self.description

        item_count = self.item_count

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "display_name": display_name,
                "description": description,
                "item_count": item_count,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        display_name = d.pop("display_name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        description = _parse_description(d.pop("description"))

        item_count = d.pop("item_count")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at").replace("Z", "+00:00"))

        evaluation_set_response = cls(
            id=id,
            name=name,
            display_name=display_name,
            description=description,
            item_count=item_count,
            created_at=created_at,
            updated_at=updated_at,
        )

        return evaluation_set_response
