from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.example_input_input import ExampleInputInput
    from ..models.json_object import JsonObject


T = TypeVar("T", bound="ExampleInput")


@_attrs_define
class ExampleInput:
    """A few-shot example as submitted.

    Attributes:
        input_ (ExampleInputInput): A `text` example (the default `type`) has `text` and no `file_id`; a `file` example
            has the
            `file_id` of an uploaded file (`404 not_found` when there is none) and no `text`.
        output (JsonObject): A free-form JSON object whose strings and keys are free of NUL.
        id (str | Unset): Our addition. Sent back as read, an example keeps its `id`, `source_job_id` and `added_at` (an
            example equal in input and output to a stored one keeps them too); any other is new.
        source_job_id (None | str | Unset): Ignored (kept from the stored example named by `id`).
        added_at (str | Unset): Ignored (kept from the stored example named by `id`).
    """

    input_: ExampleInputInput
    output: JsonObject
    id: str | Unset = UNSET
    source_job_id: None | str | Unset = UNSET
    added_at: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        input_ = self.input_.to_dict()

        output = self.output.to_dict()

        id = self.id

        source_job_id: None | str | Unset
        if isinstance(self.source_job_id, Unset):
            source_job_id = UNSET
        else:
            source_job_id = self.source_job_id

        added_at = self.added_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "input": input_,
                "output": output,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if source_job_id is not UNSET:
            field_dict["source_job_id"] = source_job_id
        if added_at is not UNSET:
            field_dict["added_at"] = added_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.example_input_input import ExampleInputInput
        from ..models.json_object import JsonObject

        d = dict(src_dict)
        input_ = ExampleInputInput.from_dict(d.pop("input"))

        output = JsonObject.from_dict(d.pop("output"))

        id = d.pop("id", UNSET)

        def _parse_source_job_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        source_job_id = _parse_source_job_id(d.pop("source_job_id", UNSET))

        added_at = d.pop("added_at", UNSET)

        example_input = cls(
            input_=input_,
            output=output,
            id=id,
            source_job_id=source_job_id,
            added_at=added_at,
        )

        return example_input
