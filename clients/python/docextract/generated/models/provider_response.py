from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.provider_name import ProviderName

if TYPE_CHECKING:
    from ..models.provider_response_configuration import ProviderResponseConfiguration


T = TypeVar("T", bound="ProviderResponse")


@_attrs_define
class ProviderResponse:
    """A provider's connection state. The API key and the name of its variable are never returned.

    Attributes:
        name (ProviderName): The stable provider name, and the discriminator that selects the provider implementation.
        base_url (None | str): The endpoint set with `base_url` (PATCH or PUT), or null when none is set and the
            provider's
            default applies (`compatible_api`: `SERVICE_LOCAL_BASE_URL`, the local inference
            server; `hosted_api`: the vendor SDK's endpoint; `hosted_project_api`: `configuration.project_url`).
            `GET …/status` tells the endpoint in use and whether it answered. Our addition.
        configuration (ProviderResponseConfiguration): Provider-specific non-secret settings (`project_url` for
            `hosted_project_api`).
            `max_concurrent_requests` (any provider, a positive integer): at most this many model
            requests open at the provider at once, across every worker process; jobs wait for a
            slot while `running`.
        has_api_key (bool): Whether an API key is stored (a key read from `api_key_env` does not count).
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        updated_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    name: ProviderName
    base_url: None | str
    configuration: ProviderResponseConfiguration
    has_api_key: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        name = self.name.value

        base_url: None | str
        base_url = self.base_url

        configuration = self.configuration.to_dict()

        has_api_key = self.has_api_key

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "base_url": base_url,
                "configuration": configuration,
                "has_api_key": has_api_key,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.provider_response_configuration import (
            ProviderResponseConfiguration,
        )

        d = dict(src_dict)
        name = ProviderName(d.pop("name"))

        def _parse_base_url(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        base_url = _parse_base_url(d.pop("base_url"))

        configuration = ProviderResponseConfiguration.from_dict(d.pop("configuration"))

        has_api_key = d.pop("has_api_key")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at").replace("Z", "+00:00"))

        provider_response = cls(
            name=name,
            base_url=base_url,
            configuration=configuration,
            has_api_key=has_api_key,
            created_at=created_at,
            updated_at=updated_at,
        )

        return provider_response
