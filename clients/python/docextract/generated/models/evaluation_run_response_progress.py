from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EvaluationRunResponseProgress")


@_attrs_define
class EvaluationRunResponseProgress:
    """
    Attributes:
        items_completed (int): Item jobs completed.
        items_failed (int): Item jobs that ended without a result (failed or canceled).
        items_total (int):
    """

    items_completed: int
    items_failed: int
    items_total: int

    def to_dict(self) -> dict[str, Any]:
        items_completed = self.items_completed

        items_failed = self.items_failed

        items_total = self.items_total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items_completed": items_completed,
                "items_failed": items_failed,
                "items_total": items_total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        items_completed = d.pop("items_completed")

        items_failed = d.pop("items_failed")

        items_total = d.pop("items_total")

        evaluation_run_response_progress = cls(
            items_completed=items_completed,
            items_failed=items_failed,
            items_total=items_total,
        )

        return evaluation_run_response_progress
