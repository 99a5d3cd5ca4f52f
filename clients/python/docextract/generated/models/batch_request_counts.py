from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="BatchRequestCounts")


@_attrs_define
class BatchRequestCounts:
    """The items by status, counted at every read (`running` includes items being stopped).

    Attributes:
        total (int):
        queued (int):
        running (int):
        completed (int):
        failed (int):
        canceled (int):
    """

    total: int
    queued: int
    running: int
    completed: int
    failed: int
    canceled: int

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        queued = self.queued

        running = self.running

        completed = self.completed

        failed = self.failed

        canceled = self.canceled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "queued": queued,
                "running": running,
                "completed": completed,
                "failed": failed,
                "canceled": canceled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        total = d.pop("total")

        queued = d.pop("queued")

        running = d.pop("running")

        completed = d.pop("completed")

        failed = d.pop("failed")

        canceled = d.pop("canceled")

        batch_request_counts = cls(
            total=total,
            queued=queued,
            running=running,
            completed=completed,
            failed=failed,
            canceled=canceled,
        )

        return batch_request_counts
