from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ProviderModelsResponse")


@_attrs_define
class ProviderModelsResponse:
    """
    Attributes:
        models (list[str]):
    """

    models: list[str]

    def to_dict(self) -> dict[str, Any]:
        models = self.models

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "models": models,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        models = cast(list[str], d.pop("models"))

        provider_models_response = cls(
            models=models,
        )

        return provider_models_response
