from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.stored_example_input_type import StoredExampleInputType

T = TypeVar("T", bound="StoredExampleInput")


@_attrs_define
class StoredExampleInput:
    """The input of a stored few-shot example (a named schema, so generated clients do not confuse it with `ExampleInput`).

    Attributes:
        type_ (StoredExampleInputType):
        text (None | str):
        file_id (None | str):
    """

    type_: StoredExampleInputType
    text: None | str
    file_id: None | str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        text: None | str
        text = self.text

        file_id: None | str
        file_id = self.file_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "text": text,
                "file_id": file_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = StoredExampleInputType(d.pop("type"))

        def _parse_text(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        text = _parse_text(d.pop("text"))

        def _parse_file_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        file_id = _parse_file_id(d.pop("file_id"))

        stored_example_input = cls(
            type_=type_,
            text=text,
            file_id=file_id,
        )

        return stored_example_input
