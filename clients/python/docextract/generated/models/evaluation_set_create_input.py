from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="EvaluationSetCreateInput")


@_attrs_define
class EvaluationSetCreateInput:
    """
    Attributes:
        name (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting with a letter or digit, and not
            of the form of an identifier of the same kind.
        display_name (str):
        description (None | str | Unset):
    """

    name: str
    display_name: str
    description: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        display_name = self.display_name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "display_name": display_name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        display_name = d.pop("display_name")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        description = _parse_description(d.pop("description", UNSET))

        evaluation_set_create_input = cls(
            name=name,
            display_name=display_name,
            description=description,
        )

        return evaluation_set_create_input
