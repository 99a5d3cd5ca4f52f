from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProviderUpdateInputConfiguration")


@_attrs_define
class ProviderUpdateInputConfiguration:
    """Non-secret settings; replaces the stored object as a whole. Other keys are stored and returned
    unchanged. `hosted_project_api` needs `project_url` before it can be used: without it, its model
    listing answers `409 invalid_provider_configuration` and its jobs fail with that code.

        Attributes:
            project_url (str | Unset): The project-scoped endpoint of `hosted_project_api`.
            max_concurrent_requests (int | Unset): At most this many model requests open at the provider at once, across
                every worker process.
    """

    project_url: str | Unset = UNSET
    max_concurrent_requests: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        project_url = self.project_url

        max_concurrent_requests = self.max_concurrent_requests

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if project_url is not UNSET:
            field_dict["project_url"] = project_url
        if max_concurrent_requests is not UNSET:
            field_dict["max_concurrent_requests"] = max_concurrent_requests

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        project_url = d.pop("project_url", UNSET)

        max_concurrent_requests = d.pop("max_concurrent_requests", UNSET)

        provider_update_input_configuration = cls(
            project_url=project_url,
            max_concurrent_requests=max_concurrent_requests,
        )

        provider_update_input_configuration.additional_properties = d
        return provider_update_input_configuration

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
