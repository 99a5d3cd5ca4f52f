from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.example_input_input_type import ExampleInputInputType
from ..types import UNSET, Unset

T = TypeVar("T", bound="ExampleInputInput")


@_attrs_define
class ExampleInputInput:
    """A `text` example (the default `type`) has `text` and no `file_id`; a `file` example has the
    `file_id` of an uploaded file (`404 not_found` when there is none) and no `text`.

        Attributes:
            type_ (ExampleInputInputType | Unset):  Default: ExampleInputInputType.TEXT.
            text (None | str | Unset):
            file_id (None | str | Unset):
    """

    type_: ExampleInputInputType | Unset = ExampleInputInputType.TEXT
    text: None | str | Unset = UNSET
    file_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value

        text: None | str | Unset
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text

        file_id: None | str | Unset
        if isinstance(self.file_id, Unset):
            file_id = UNSET
        else:
            file_id = self.file_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if type_ is not UNSET:
            field_dict["type"] = type_
        if text is not UNSET:
            field_dict["text"] = text
        if file_id is not UNSET:
            field_dict["file_id"] = file_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _type_ = d.pop("type", UNSET)
        type_: ExampleInputInputType | Unset
        if isinstance(_type_, Unset):
            type_ = UNSET
        else:
            type_ = ExampleInputInputType(_type_)

        def _parse_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        text = _parse_text(d.pop("text", UNSET))

        def _parse_file_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        file_id = _parse_file_id(d.pop("file_id", UNSET))

        example_input_input = cls(
            type_=type_,
            text=text,
            file_id=file_id,
        )

        return example_input_input
