from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.batch_result_line_status import BatchResultLineStatus

if TYPE_CHECKING:
    from ..models.job_error import JobError


T = TypeVar("T", bound="BatchResultLine")


@_attrs_define
class BatchResultLine:
    """One line of `GET /v1/batches/{batch_id}/results`.

    Attributes:
        custom_id (str):
        job_id (str):
        status (BatchResultLineStatus):
        result (Any): The job's result when `completed` (an extraction result, a parse result without `pages`, or a
            classification result), otherwise null.
        error (JobError | None):
    """

    custom_id: str
    job_id: str
    status: BatchResultLineStatus
    result: Any
    error: JobError | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.job_error import JobError

        custom_id = self.custom_id

        job_id = self.job_id

        status = self.status.value

        result = self.result

        error: dict[str, Any] | None
        if isinstance(self.error, JobError):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "custom_id": custom_id,
                "job_id": job_id,
                "status": status,
                "result": result,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.job_error import JobError

        d = dict(src_dict)
        custom_id = d.pop("custom_id")

        job_id = d.pop("job_id")

        status = BatchResultLineStatus(d.pop("status"))

        result = d.pop("result")

        def _parse_error(data: object) -> JobError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = JobError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("JobError | None", data)

        error = _parse_error(d.pop("error"))

        batch_result_line = cls(
            custom_id=custom_id,
            job_id=job_id,
            status=status,
            result=result,
            error=error,
        )

        return batch_result_line
