from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="WorkspaceQuotaFields")


@_attrs_define
class WorkspaceQuotaFields:
    """
    Attributes:
        max_running_jobs (int | None | Unset):
        max_storage_bytes (int | None | Unset):
        requests_per_minute (int | None | Unset):
    """

    max_running_jobs: int | None | Unset = UNSET
    max_storage_bytes: int | None | Unset = UNSET
    requests_per_minute: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        max_running_jobs: int | None | Unset
        if isinstance(self.max_running_jobs, Unset):
            max_running_jobs = UNSET
        else:
            max_running_jobs = self.max_running_jobs

        max_storage_bytes: int | None | Unset
        if isinstance(self.max_storage_bytes, Unset):
            max_storage_bytes = UNSET
        else:
            max_storage_bytes = self.max_storage_bytes

        requests_per_minute: int | None | Unset
        if isinstance(self.requests_per_minute, Unset):
            requests_per_minute = UNSET
        else:
            requests_per_minute = self.requests_per_minute

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if max_running_jobs is not UNSET:
            field_dict["max_running_jobs"] = max_running_jobs
        if max_storage_bytes is not UNSET:
            field_dict["max_storage_bytes"] = max_storage_bytes
        if requests_per_minute is not UNSET:
            field_dict["requests_per_minute"] = requests_per_minute

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_max_running_jobs(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("int | None | Unset", data)

        max_running_jobs = _parse_max_running_jobs(d.pop("max_running_jobs", UNSET))

        def _parse_max_storage_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("int | None | Unset", data)

        max_storage_bytes = _parse_max_storage_bytes(d.pop("max_storage_bytes", UNSET))

        def _parse_requests_per_minute(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("int | None | Unset", data)

        requests_per_minute = _parse_requests_per_minute(d.pop("requests_per_minute", UNSET))

        workspace_quota_fields = cls(
            max_running_jobs=max_running_jobs,
            max_storage_bytes=max_storage_bytes,
            requests_per_minute=requests_per_minute,
        )

        workspace_quota_fields.additional_properties = d
        return workspace_quota_fields

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
