from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="WorkspaceUpdateInput")


@_attrs_define
class WorkspaceUpdateInput:
    """
    Attributes:
        display_name (str | Unset):
        max_running_jobs (int | None | Unset):
        max_storage_bytes (int | None | Unset):
        requests_per_minute (int | None | Unset):
    """

    display_name: str | Unset = UNSET
    max_running_jobs: int | None | Unset = UNSET
    max_storage_bytes: int | None | Unset = UNSET
    requests_per_minute: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

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

        field_dict.update({})
        if display_name is not UNSET:
            field_dict["display_name"] = display_name
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
        display_name = d.pop("display_name", UNSET)

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

        workspace_update_input = cls(
            display_name=display_name,
            max_running_jobs=max_running_jobs,
            max_storage_bytes=max_storage_bytes,
            requests_per_minute=requests_per_minute,
        )

        return workspace_update_input
