from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..models.create_schema_suggestion_request_type_0_provider_name_type_1 import (
    CreateSchemaSuggestionRequestType0ProviderNameType1,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSchemaSuggestionRequestType0")


@_attrs_define
class CreateSchemaSuggestionRequestType0:
    """
    Attributes:
        provider_name (CreateSchemaSuggestionRequestType0ProviderNameType1 | None | Unset):
    """

    provider_name: CreateSchemaSuggestionRequestType0ProviderNameType1 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        provider_name: None | str | Unset
        if isinstance(self.provider_name, Unset):
            provider_name = UNSET
        elif isinstance(self.provider_name, CreateSchemaSuggestionRequestType0ProviderNameType1):
            provider_name = self.provider_name.value
        else:
            provider_name = self.provider_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if provider_name is not UNSET:
            field_dict["provider_name"] = provider_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_provider_name(
            data: object,
        ) -> CreateSchemaSuggestionRequestType0ProviderNameType1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                provider_name_type_1 = CreateSchemaSuggestionRequestType0ProviderNameType1(data)

                return provider_name_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("CreateSchemaSuggestionRequestType0ProviderNameType1 | None | Unset", data)

        provider_name = _parse_provider_name(d.pop("provider_name", UNSET))

        create_schema_suggestion_request_type_0 = cls(
            provider_name=provider_name,
        )

        create_schema_suggestion_request_type_0.additional_properties = d
        return create_schema_suggestion_request_type_0

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
