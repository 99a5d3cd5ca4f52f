from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.output_format import OutputFormat
from ..models.provider_name import ProviderName
from ..models.reasoning_effort import ReasoningEffort

T = TypeVar("T", bound="ParserSnapshotResponse")


@_attrs_define
class ParserSnapshotResponse:
    """The parser configuration captured when the parse job was created.

    Attributes:
        parser_id (str):
        name (str):
        display_name (str):
        output_format (OutputFormat): Parser output format; `markdown` is the only format in v0.3.
        instructions (str):
        reasoning_effort (None | ReasoningEffort):
        provider_name (ProviderName): The stable provider name, and the discriminator that selects the provider
            implementation.
        model (str):
    """

    parser_id: str
    name: str
    display_name: str
    output_format: OutputFormat
    instructions: str
    reasoning_effort: None | ReasoningEffort
    provider_name: ProviderName
    model: str

    def to_dict(self) -> dict[str, Any]:
        parser_id = self.parser_id

        name = self.name

        display_name = self.display_name

        output_format = self.output_format.value

        instructions = self.instructions

        reasoning_effort: None | str
        if isinstance(self.reasoning_effort, ReasoningEffort):
            reasoning_effort = self.reasoning_effort.value
        else:
            reasoning_effort = self.reasoning_effort

        provider_name = self.provider_name.value

        model = self.model

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "parser_id": parser_id,
                "name": name,
                "display_name": display_name,
                "output_format": output_format,
                "instructions": instructions,
                "reasoning_effort": reasoning_effort,
                "provider_name": provider_name,
                "model": model,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        parser_id = d.pop("parser_id")

        name = d.pop("name")

        display_name = d.pop("display_name")

        output_format = OutputFormat(d.pop("output_format"))

        instructions = d.pop("instructions")

        def _parse_reasoning_effort(data: object) -> None | ReasoningEffort:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reasoning_effort_type_0 = ReasoningEffort(data)

                return reasoning_effort_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ReasoningEffort", data)

        reasoning_effort = _parse_reasoning_effort(d.pop("reasoning_effort"))

        provider_name = ProviderName(d.pop("provider_name"))

        model = d.pop("model")

        parser_snapshot_response = cls(
            parser_id=parser_id,
            name=name,
            display_name=display_name,
            output_format=output_format,
            instructions=instructions,
            reasoning_effort=reasoning_effort,
            provider_name=provider_name,
            model=model,
        )

        return parser_snapshot_response
