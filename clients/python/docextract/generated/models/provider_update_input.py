from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.provider_update_input_configuration import (
        ProviderUpdateInputConfiguration,
    )


T = TypeVar("T", bound="ProviderUpdateInput")


@_attrs_define
class ProviderUpdateInput:
    """Connection state of a provider. `api_key` and `api_key_env` are write-only.

    Attributes:
        base_url (None | str | Unset): Absolute http(s) URL of the provider endpoint (a host name or an IPv4 address, an
            optional
            port, an optional path; no credentials); null restores the default. Returned as `base_url`.
        configuration (ProviderUpdateInputConfiguration | Unset): Non-secret settings; replaces the stored object as a
            whole. Other keys are stored and returned
            unchanged. `hosted_project_api` needs `project_url` before it can be used: without it, its model
            listing answers `409 invalid_provider_configuration` and its jobs fail with that code.
        api_key (None | str | Unset): API key, stored encrypted; null removes the stored key. Visible ASCII only
            (0x21–0x7E), as it
            travels in an HTTP header; anything else answers 400 `invalid_api_key`.
        api_key_env (None | str | Unset): Name of an environment variable of the worker holding the key, read at call
            time.
    """

    base_url: None | str | Unset = UNSET
    configuration: ProviderUpdateInputConfiguration | Unset = UNSET
    api_key: None | str | Unset = UNSET
    api_key_env: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        base_url: None | str | Unset
        if isinstance(self.base_url, Unset):
            base_url = UNSET
        else:
            base_url = self.base_url

        configuration: dict[str, Any] | Unset = UNSET
        if not isinstance(self.configuration, Unset):
            configuration = self.configuration.to_dict()

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key

        api_key_env: None | str | Unset
        if isinstance(self.api_key_env, Unset):
            api_key_env = UNSET
        else:
            api_key_env = self.api_key_env

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if base_url is not UNSET:
            field_dict["base_url"] = base_url
        if configuration is not UNSET:
            field_dict["configuration"] = configuration
        if api_key is not UNSET:
            field_dict["api_key"] = api_key
        if api_key_env is not UNSET:
            field_dict["api_key_env"] = api_key_env

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.provider_update_input_configuration import (
            ProviderUpdateInputConfiguration,
        )

        d = dict(src_dict)

        def _parse_base_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        base_url = _parse_base_url(d.pop("base_url", UNSET))

        _configuration = d.pop("configuration", UNSET)
        configuration: ProviderUpdateInputConfiguration | Unset
        if isinstance(_configuration, Unset):
            configuration = UNSET
        else:
            configuration = ProviderUpdateInputConfiguration.from_dict(_configuration)

        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        api_key = _parse_api_key(d.pop("api_key", UNSET))

        def _parse_api_key_env(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        api_key_env = _parse_api_key_env(d.pop("api_key_env", UNSET))

        provider_update_input = cls(
            base_url=base_url,
            configuration=configuration,
            api_key=api_key,
            api_key_env=api_key_env,
        )

        return provider_update_input
