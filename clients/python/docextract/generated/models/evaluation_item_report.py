from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.evaluation_item_report_error_type_0 import (
        EvaluationItemReportErrorType0,
    )
    from ..models.evaluation_mismatch import EvaluationMismatch


T = TypeVar("T", bound="EvaluationItemReport")


@_attrs_define
class EvaluationItemReport:
    """
    Attributes:
        item_id (str):
        job_id (None | str):
        status (str): The item job's final status; anything but `completed` scores as all-wrong.
        accuracy (float | None):
        mismatches (list[EvaluationMismatch]):
        error (EvaluationItemReportErrorType0 | None): Why the item job failed (null when it completed).
    """

    item_id: str
    job_id: None | str
    status: str
    accuracy: float | None
    mismatches: list[EvaluationMismatch]
    error: EvaluationItemReportErrorType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.evaluation_item_report_error_type_0 import (
            EvaluationItemReportErrorType0,
        )

        item_id = self.item_id

        job_id: None | str
        job_id = self.job_id

        status = self.status

        accuracy: float | None
        accuracy = self.accuracy

        mismatches = []
        for mismatches_item_data in self.mismatches:
            mismatches_item = mismatches_item_data.to_dict()
            mismatches.append(mismatches_item)

        error: dict[str, Any] | None
        if isinstance(self.error, EvaluationItemReportErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "item_id": item_id,
                "job_id": job_id,
                "status": status,
                "accuracy": accuracy,
                "mismatches": mismatches,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evaluation_item_report_error_type_0 import (
            EvaluationItemReportErrorType0,
        )
        from ..models.evaluation_mismatch import EvaluationMismatch

        d = dict(src_dict)
        item_id = d.pop("item_id")

        def _parse_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        job_id = _parse_job_id(d.pop("job_id"))

        status = d.pop("status")

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        mismatches = []
        _mismatches = d.pop("mismatches")
        for mismatches_item_data in _mismatches:
            mismatches_item = EvaluationMismatch.from_dict(mismatches_item_data)

            mismatches.append(mismatches_item)

        def _parse_error(data: object) -> EvaluationItemReportErrorType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = EvaluationItemReportErrorType0.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("EvaluationItemReportErrorType0 | None", data)

        error = _parse_error(d.pop("error"))

        evaluation_item_report = cls(
            item_id=item_id,
            job_id=job_id,
            status=status,
            accuracy=accuracy,
            mismatches=mismatches,
            error=error,
        )

        return evaluation_item_report
