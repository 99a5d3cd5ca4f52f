from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

T = TypeVar("T", bound="Workspace")


@_attrs_define
class Workspace:
    """A team's share of the deployment (issue 42); everything a user creates belongs to exactly one.

    Attributes:
        id (str): `ws_` and a ULID (`default` has `ws_00000000000000000000000000`).
        name (str):
        display_name (str):
        max_running_jobs (int | None): Jobs queued or running at once (batch items not counted); one more is `429
            quota_exceeded`. null: unlimited.
        max_storage_bytes (int | None): Bytes of stored files; an upload beyond it is `429 quota_exceeded`. null:
            unlimited.
        requests_per_minute (int | None): Requests per minute of the workspace's keys, per API process; beyond it `429
            rate_limited`. null: unlimited.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    name: str
    display_name: str
    max_running_jobs: int | None
    max_storage_bytes: int | None
    requests_per_minute: int | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        display_name = self.display_name

        max_running_jobs: int | None
        max_running_jobs = self.max_running_jobs

        max_storage_bytes: int | None
        max_storage_bytes = self.max_storage_bytes

        requests_per_minute: int | None
        requests_per_minute = self.requests_per_minute

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "display_name": display_name,
                "max_running_jobs": max_running_jobs,
                "max_storage_bytes": max_storage_bytes,
                "requests_per_minute": requests_per_minute,
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

        def _parse_max_running_jobs(data: object) -> int | None:
            if data is None:
                return data
            return cast("int | None", data)

        max_running_jobs = _parse_max_running_jobs(d.pop("max_running_jobs"))

        def _parse_max_storage_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast("int | None", data)

        max_storage_bytes = _parse_max_storage_bytes(d.pop("max_storage_bytes"))

        def _parse_requests_per_minute(data: object) -> int | None:
            if data is None:
                return data
            return cast("int | None", data)

        requests_per_minute = _parse_requests_per_minute(d.pop("requests_per_minute"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at").replace("Z", "+00:00"))

        workspace = cls(
            id=id,
            name=name,
            display_name=display_name,
            max_running_jobs=max_running_jobs,
            max_storage_bytes=max_storage_bytes,
            requests_per_minute=requests_per_minute,
            created_at=created_at,
            updated_at=updated_at,
        )

        workspace.additional_properties = d
        return workspace

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
