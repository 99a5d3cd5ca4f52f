from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.output_format import OutputFormat
from ..models.provider_name import ProviderName
from ..models.reasoning_effort import ReasoningEffort
from ..types import UNSET, Unset

T = TypeVar("T", bound="ParserDefinitionInput")


@_attrs_define
class ParserDefinitionInput:
    """The complete parser definition (create-or-replace); omitted optional fields take their defaults.

    Attributes:
        display_name (str):
        name (None | str | Unset): The name comes from the path, so a request need not send it (readOnly); one that does
            must send the path's name (else `400 name_mismatch`).
        output_format (OutputFormat | Unset): Parser output format; `markdown` is the only format in v0.3.
        instructions (str | Unset):
        reasoning_effort (None | ReasoningEffort | Unset):
        provider_name (None | ProviderName | Unset):
        model (None | str | Unset):
    """

    display_name: str
    name: None | str | Unset = UNSET
    output_format: OutputFormat | Unset = UNSET
    instructions: str | Unset = UNSET
    reasoning_effort: None | ReasoningEffort | Unset = UNSET
    provider_name: None | ProviderName | Unset = UNSET
    model: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        output_format: str | Unset = UNSET
        if not isinstance(self.output_format, Unset):
            output_format = self.output_format.value

        instructions = self.instructions

        reasoning_effort: None | str | Unset
        if isinstance(self.reasoning_effort, Unset):
            reasoning_effort = UNSET
        elif isinstance(self.reasoning_effort, ReasoningEffort):
            reasoning_effort = self.reasoning_effort.value
        else:
            reasoning_effort = self.reasoning_effort

        provider_name: None | str | Unset
        if isinstance(self.provider_name, Unset):
            provider_name = UNSET
        elif isinstance(self.provider_name, ProviderName):
            provider_name = self.provider_name.value
        else:
            provider_name = self.provider_name

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "display_name": display_name,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if output_format is not UNSET:
            field_dict["output_format"] = output_format
        if instructions is not UNSET:
            field_dict["instructions"] = instructions
        if reasoning_effort is not UNSET:
            field_dict["reasoning_effort"] = reasoning_effort
        if provider_name is not UNSET:
            field_dict["provider_name"] = provider_name
        if model is not UNSET:
            field_dict["model"] = model

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        display_name = d.pop("display_name")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        name = _parse_name(d.pop("name", UNSET))

        _output_format = d.pop("output_format", UNSET)
        output_format: OutputFormat | Unset
        if isinstance(_output_format, Unset):
            output_format = UNSET
        else:
            output_format = OutputFormat(_output_format)

        instructions = d.pop("instructions", UNSET)

        def _parse_reasoning_effort(data: object) -> None | ReasoningEffort | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reasoning_effort_type_0 = ReasoningEffort(data)

                return reasoning_effort_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ReasoningEffort | Unset", data)

        reasoning_effort = _parse_reasoning_effort(d.pop("reasoning_effort", UNSET))

        def _parse_provider_name(data: object) -> None | ProviderName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                provider_name_type_0 = ProviderName(data)

                return provider_name_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ProviderName | Unset", data)

        provider_name = _parse_provider_name(d.pop("provider_name", UNSET))

        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        model = _parse_model(d.pop("model", UNSET))

        parser_definition_input = cls(
            display_name=display_name,
            name=name,
            output_format=output_format,
            instructions=instructions,
            reasoning_effort=reasoning_effort,
            provider_name=provider_name,
            model=model,
        )

        return parser_definition_input
