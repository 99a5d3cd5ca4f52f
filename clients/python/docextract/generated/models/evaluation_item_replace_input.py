from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.json_object import JsonObject


T = TypeVar("T", bound="EvaluationItemReplaceInput")


@_attrs_define
class EvaluationItemReplaceInput:
    """The complete item; exactly one of `file_id` and `text`.

    Attributes:
        expected_output (JsonObject): A free-form JSON object whose strings and keys are free of NUL.
        file_id (str | Unset):
        text (str | Unset):
        note (None | str | Unset):
    """

    expected_output: JsonObject
    file_id: str | Unset = UNSET
    text: str | Unset = UNSET
    note: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        expected_output = self.expected_output.to_dict()

        file_id = self.file_id

        text = self.text

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "expected_output": expected_output,
            }
        )
        if file_id is not UNSET:
            field_dict["file_id"] = file_id
        if text is not UNSET:
            field_dict["text"] = text
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.json_object import JsonObject

        d = dict(src_dict)
        expected_output = JsonObject.from_dict(d.pop("expected_output"))

        file_id = d.pop("file_id", UNSET)

        text = d.pop("text", UNSET)

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        note = _parse_note(d.pop("note", UNSET))

        evaluation_item_replace_input = cls(
            expected_output=expected_output,
            file_id=file_id,
            text=text,
            note=note,
        )

        return evaluation_item_replace_input
