from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

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
    """

    input_: ExampleInputInput
    output: JsonObject

    def to_dict(self) -> dict[str, Any]:
        input_ = self.input_.to_dict()

        output = self.output.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "input": input_,
                "output": output,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.example_input_input import ExampleInputInput
        from ..models.json_object import JsonObject

        d = dict(src_dict)
        input_ = ExampleInputInput.from_dict(d.pop("input"))

        output = JsonObject.from_dict(d.pop("output"))

        example_input = cls(
            input_=input_,
            output=output,
        )

        return example_input
