from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

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
        id (str): Our addition. Stable while the example exists (`exm_` + ULID); what jobs list in `examples_used`.
        source_job_id (None | str): The reviewed job it was added from (`add_as_example`); null when written by hand.
        added_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        input_ (StoredExampleInput): The input of a stored few-shot example (a named schema, so generated clients do not
            confuse it with `ExampleInput`).
        output (ExampleOutput):
    """

    id: str
    source_job_id: None | str
    added_at: datetime.datetime
    input_: StoredExampleInput
    output: ExampleOutput

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        source_job_id: None | str
        source_job_id = self.source_job_id

        added_at = self.added_at.isoformat()

        input_ = self.input_.to_dict()

        output = self.output.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "source_job_id": source_job_id,
                "added_at": added_at,
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
        id = d.pop("id")

        def _parse_source_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        source_job_id = _parse_source_job_id(d.pop("source_job_id"))

        added_at = datetime.datetime.fromisoformat(d.pop("added_at").replace("Z", "+00:00"))

        input_ = StoredExampleInput.from_dict(d.pop("input"))

        output = ExampleOutput.from_dict(d.pop("output"))

        example = cls(
            id=id,
            source_job_id=source_job_id,
            added_at=added_at,
            input_=input_,
            output=output,
        )

        return example
