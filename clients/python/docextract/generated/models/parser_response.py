from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.definition_source import DefinitionSource
from ..models.output_format import OutputFormat
from ..models.provider_name import ProviderName
from ..models.reasoning_effort import ReasoningEffort

T = TypeVar("T", bound="ParserResponse")


@_attrs_define
class ParserResponse:
    """
    Attributes:
        id (str): Immutable identifier (`prs_` + ULID).
        name (str):
        display_name (str):
        output_format (OutputFormat): Parser output format; `markdown` is the only format in v0.3.
        instructions (str):
        reasoning_effort (None | ReasoningEffort):
        provider_name (ProviderName): The stable provider name, and the discriminator that selects the provider
            implementation.
        model (str):
        source (DefinitionSource): How a definition was created: by a user, or shipped with the service.
        is_prebuilt (bool):
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        updated_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    id: str
    name: str
    display_name: str
    output_format: OutputFormat
    instructions: str
    reasoning_effort: None | ReasoningEffort
    provider_name: ProviderName
    model: str
    source: DefinitionSource
    is_prebuilt: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

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

        source = self.source.value

        is_prebuilt = self.is_prebuilt

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "display_name": display_name,
                "output_format": output_format,
                "instructions": instructions,
                "reasoning_effort": reasoning_effort,
                "provider_name": provider_name,
                "model": model,
                "source": source,
                "is_prebuilt": is_prebuilt,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

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

        source = DefinitionSource(d.pop("source"))

        is_prebuilt = d.pop("is_prebuilt")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at").replace("Z", "+00:00"))

        parser_response = cls(
            id=id,
            name=name,
            display_name=display_name,
            output_format=output_format,
            instructions=instructions,
            reasoning_effort=reasoning_effort,
            provider_name=provider_name,
            model=model,
            source=source,
            is_prebuilt=is_prebuilt,
            created_at=created_at,
            updated_at=updated_at,
        )

        return parser_response
