from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.example_input_input import ExampleInputInput
    from ..models.example_input_output import ExampleInputOutput


T = TypeVar("T", bound="ExampleInput")


@_attrs_define
class ExampleInput:
    """A few-shot example as submitted.

    Attributes:
        input_ (ExampleInputInput):
        output (ExampleInputOutput): The expected structured output; it must satisfy the extractor's schema.
    """

    input_: ExampleInputInput
    output: ExampleInputOutput

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
        from ..models.example_input_output import ExampleInputOutput

        d = dict(src_dict)
        input_ = ExampleInputInput.from_dict(d.pop("input"))

        output = ExampleInputOutput.from_dict(d.pop("output"))

        example_input = cls(
            input_=input_,
            output=output,
        )

        return example_input
