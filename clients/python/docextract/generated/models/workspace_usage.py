from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.workspace_quota_fields import WorkspaceQuotaFields
    from ..models.workspace_usage_jobs import WorkspaceUsageJobs
    from ..models.workspace_usage_month import WorkspaceUsageMonth


T = TypeVar("T", bound="WorkspaceUsage")


@_attrs_define
class WorkspaceUsage:
    """
    Attributes:
        workspace_id (str):
        jobs (WorkspaceUsageJobs): Jobs by kind (`extraction`, `parse`, `classification`) and status.
        running_jobs (int):
        month (WorkspaceUsageMonth):
        files (int):
        storage_bytes (int):
        quotas (WorkspaceQuotaFields):
    """

    workspace_id: str
    jobs: WorkspaceUsageJobs
    running_jobs: int
    month: WorkspaceUsageMonth
    files: int
    storage_bytes: int
    quotas: WorkspaceQuotaFields
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        workspace_id = self.workspace_id

        jobs = self.jobs.to_dict()

        running_jobs = self.running_jobs

        month = self.month.to_dict()

        files = self.files

        storage_bytes = self.storage_bytes

        quotas = self.quotas.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "workspace_id": workspace_id,
                "jobs": jobs,
                "running_jobs": running_jobs,
                "month": month,
                "files": files,
                "storage_bytes": storage_bytes,
                "quotas": quotas,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.workspace_quota_fields import WorkspaceQuotaFields
        from ..models.workspace_usage_jobs import WorkspaceUsageJobs
        from ..models.workspace_usage_month import WorkspaceUsageMonth

        d = dict(src_dict)
        workspace_id = d.pop("workspace_id")

        jobs = WorkspaceUsageJobs.from_dict(d.pop("jobs"))

        running_jobs = d.pop("running_jobs")

        month = WorkspaceUsageMonth.from_dict(d.pop("month"))

        files = d.pop("files")

        storage_bytes = d.pop("storage_bytes")

        quotas = WorkspaceQuotaFields.from_dict(d.pop("quotas"))

        workspace_usage = cls(
            workspace_id=workspace_id,
            jobs=jobs,
            running_jobs=running_jobs,
            month=month,
            files=files,
            storage_bytes=storage_bytes,
            quotas=quotas,
        )

        workspace_usage.additional_properties = d
        return workspace_usage

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
