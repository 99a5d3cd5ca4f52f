from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.example_output import ExampleOutput
    from ..models.stored_example_input import StoredExampleInput


T = TypeVar("T", bound="Example")


@_attrs_define
class Example:
    """A few-shot example as stored (normalised).

    Attributes:
        input_ (StoredExampleInput): The input of a stored few-shot example (a named schema, so generated clients do not
            confuse it with `ExampleInput`).
        output (ExampleOutput):
    """

    input_: StoredExampleInput
    output: ExampleOutput

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
        from ..models.example_output import ExampleOutput
        from ..models.stored_example_input import StoredExampleInput

        d = dict(src_dict)
        input_ = StoredExampleInput.from_dict(d.pop("input"))

        output = ExampleOutput.from_dict(d.pop("output"))

        example = cls(
            input_=input_,
            output=output,
        )

        return example
