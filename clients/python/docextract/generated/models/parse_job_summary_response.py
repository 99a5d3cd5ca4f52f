from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.job_status import JobStatus
from ..models.provider_name import ProviderName
from ..models.reasoning_effort import ReasoningEffort
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_error import JobError
    from ..models.job_retry import JobRetry
    from ..models.parse_progress import ParseProgress
    from ..models.parse_result_summary import ParseResultSummary
    from ..models.parser_snapshot_response import ParserSnapshotResponse
    from ..models.token_usage import TokenUsage


T = TypeVar("T", bound="ParseJobSummaryResponse")


@_attrs_define
class ParseJobSummaryResponse:
    """A parse job as lists show it (our addition) — a read with the result summarised.

    Attributes:
        id (str): Immutable identifier (`pjob_` + ULID).
        parser_id (str):
        file_id (None | str): The file parsed; null only for an item of a batch read from a bucket whose object has not
            become a file yet (it never started, or it failed with the object's error; docs/batches.md).
        parser_snapshot (ParserSnapshotResponse): The parser configuration captured when the parse job was created.
        provider_name_used (None | ProviderName):
        model_used (None | str):
        reasoning_effort_used (None | ReasoningEffort):
        model_adapter_used (None | str): How the model is prompted: `nuextract-markdown` (extraction-tuned models) or
            `generic-vision`.
        status (JobStatus): `queued` on creation → `running` → `completed` (with `result`) or `failed` (with `error`).
            Cancel moves a queued or running job to `canceling`, then `canceled`. Deleting an active job
            moves it to `deleting` until it is removed. Terminal: `completed`, `failed`, `canceled`.
        result (None | ParseResultSummary): Set when `status` is `completed`, otherwise null. Summary only; read the job
            for its pages.
        error (JobError | None): Set when `status` is `failed`, otherwise null.
        progress (None | ParseProgress): Null until the document's pages have been counted. Our addition.
        usage (None | TokenUsage): Token usage summed over the pages, when the provider reported it. Our addition.
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        started_at (datetime.datetime | None):
        completed_at (datetime.datetime | None):
        retry (JobRetry | None): Set while a model call of this running job is waiting to be retried, otherwise null.
            Our addition.
        batch_id (None | str | Unset): The batch the job is an item of (`batch_` + ULID); null for a job created on its
            own. Our addition.
        custom_id (None | str | Unset): The item's `custom_id` in its batch; null for a job created on its own. Our
            addition.
    """

    id: str
    parser_id: str
    file_id: None | str
    parser_snapshot: ParserSnapshotResponse
    provider_name_used: None | ProviderName
    model_used: None | str
    reasoning_effort_used: None | ReasoningEffort
    model_adapter_used: None | str
    status: JobStatus
    result: None | ParseResultSummary
    error: JobError | None
    progress: None | ParseProgress
    usage: None | TokenUsage
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    retry: JobRetry | None
    batch_id: None | str | Unset = UNSET
    custom_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.job_error import JobError
        from ..models.job_retry import JobRetry
        from ..models.parse_progress import ParseProgress
        from ..models.parse_result_summary import ParseResultSummary
        from ..models.token_usage import TokenUsage

        id = self.id

        parser_id = self.parser_id

        file_id: None | str
        file_id = self.file_id

        parser_snapshot = self.parser_snapshot.to_dict()

        provider_name_used: None | str
        if isinstance(self.provider_name_used, ProviderName):
            provider_name_used = self.provider_name_used.value
        else:
            provider_name_used = self.provider_name_used

        model_used: None | str
        model_used = self.model_used

        reasoning_effort_used: None | str
        if isinstance(self.reasoning_effort_used, ReasoningEffort):
            reasoning_effort_used = self.reasoning_effort_used.value
        else:
            reasoning_effort_used = self.reasoning_effort_used

        model_adapter_used: None | str
        model_adapter_used = self.model_adapter_used

        status = self.status.value

        result: dict[str, Any] | None
        if isinstance(self.result, ParseResultSummary):
            result = self.result.to_dict()
        else:
            result = self.result

        error: dict[str, Any] | None
        if isinstance(self.error, JobError):
            error = self.error.to_dict()
        else:
            error = self.error

        progress: dict[str, Any] | None
        if isinstance(self.progress, ParseProgress):
            progress = self.progress.to_dict()
        else:
            progress = self.progress

        usage: dict[str, Any] | None
        if isinstance(self.usage, TokenUsage):
            usage = self.usage.to_dict()
        else:
            usage = self.usage

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        retry: dict[str, Any] | None
        if isinstance(self.retry, JobRetry):
            retry = self.retry.to_dict()
        else:
            retry = self.retry

        batch_id: None | str | Unset
        if isinstance(self.batch_id, Unset):
            batch_id = UNSET
        else:
            batch_id = self.batch_id

        custom_id: None | str | Unset
        if isinstance(self.custom_id, Unset):
            custom_id = UNSET
        else:
            custom_id = self.custom_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "parser_id": parser_id,
                "file_id": file_id,
                "parser_snapshot": parser_snapshot,
                "provider_name_used": provider_name_used,
                "model_used": model_used,
                "reasoning_effort_used": reasoning_effort_used,
                "model_adapter_used": model_adapter_used,
                "status": status,
                "result": result,
                "error": error,
                "progress": progress,
                "usage": usage,
                "created_at": created_at,
                "started_at": started_at,
                "completed_at": completed_at,
                "retry": retry,
            }
        )
        if batch_id is not UNSET:
            field_dict["batch_id"] = batch_id
        if custom_id is not UNSET:
            field_dict["custom_id"] = custom_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.job_error import JobError
        from ..models.job_retry import JobRetry
        from ..models.parse_progress import ParseProgress
        from ..models.parse_result_summary import ParseResultSummary
        from ..models.parser_snapshot_response import ParserSnapshotResponse
        from ..models.token_usage import TokenUsage

        d = dict(src_dict)
        id = d.pop("id")

        parser_id = d.pop("parser_id")

        def _parse_file_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        file_id = _parse_file_id(d.pop("file_id"))

        parser_snapshot = ParserSnapshotResponse.from_dict(d.pop("parser_snapshot"))

        def _parse_provider_name_used(data: object) -> None | ProviderName:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                provider_name_used_type_0 = ProviderName(data)

                return provider_name_used_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ProviderName", data)

        provider_name_used = _parse_provider_name_used(d.pop("provider_name_used"))

        def _parse_model_used(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        model_used = _parse_model_used(d.pop("model_used"))

        def _parse_reasoning_effort_used(data: object) -> None | ReasoningEffort:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reasoning_effort_used_type_0 = ReasoningEffort(data)

                return reasoning_effort_used_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ReasoningEffort", data)

        reasoning_effort_used = _parse_reasoning_effort_used(d.pop("reasoning_effort_used"))

        def _parse_model_adapter_used(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        model_adapter_used = _parse_model_adapter_used(d.pop("model_adapter_used"))

        status = JobStatus(d.pop("status"))

        def _parse_result(data: object) -> None | ParseResultSummary:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = ParseResultSummary.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ParseResultSummary", data)

        result = _parse_result(d.pop("result"))

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

        def _parse_progress(data: object) -> None | ParseProgress:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                progress_type_0 = ParseProgress.from_dict(data)

                return progress_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ParseProgress", data)

        progress = _parse_progress(d.pop("progress"))

        def _parse_usage(data: object) -> None | TokenUsage:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                usage_type_0 = TokenUsage.from_dict(data)

                return usage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | TokenUsage", data)

        usage = _parse_usage(d.pop("usage"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data.replace("Z", "+00:00"))

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("datetime.datetime | None", data)

        started_at = _parse_started_at(d.pop("started_at"))

        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data.replace("Z", "+00:00"))

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("datetime.datetime | None", data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        def _parse_retry(data: object) -> JobRetry | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                retry_type_0 = JobRetry.from_dict(data)

                return retry_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("JobRetry | None", data)

        retry = _parse_retry(d.pop("retry"))

        def _parse_batch_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        batch_id = _parse_batch_id(d.pop("batch_id", UNSET))

        def _parse_custom_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        custom_id = _parse_custom_id(d.pop("custom_id", UNSET))

        parse_job_summary_response = cls(
            id=id,
            parser_id=parser_id,
            file_id=file_id,
            parser_snapshot=parser_snapshot,
            provider_name_used=provider_name_used,
            model_used=model_used,
            reasoning_effort_used=reasoning_effort_used,
            model_adapter_used=model_adapter_used,
            status=status,
            result=result,
            error=error,
            progress=progress,
            usage=usage,
            created_at=created_at,
            started_at=started_at,
            completed_at=completed_at,
            retry=retry,
            batch_id=batch_id,
            custom_id=custom_id,
        )

        return parse_job_summary_response
