from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.job_status import JobStatus
from ..models.provider_name import ProviderName

if TYPE_CHECKING:
    from ..models.job_error import JobError
    from ..models.job_retry import JobRetry
    from ..models.parse_progress import ParseProgress
    from ..models.schema_suggestion_result import SchemaSuggestionResult
    from ..models.token_usage import TokenUsage


T = TypeVar("T", bound="SchemaSuggestionResponse")


@_attrs_define
class SchemaSuggestionResponse:
    """
    Attributes:
        id (str): Immutable identifier (`sug_` + ULID).
        file_ids (list[str]): The sample files, in the order given (empty for texts).
        text_count (int): How many inline texts were given (0 for files).
        instructions (None | str):
        provider_name (ProviderName): The stable provider name, and the discriminator that selects the provider
            implementation.
        model (str):
        provider_name_used (None | ProviderName):
        model_used (None | str):
        status (JobStatus): `queued` on creation → `running` → `completed` (with `result`) or `failed` (with `error`).
            Cancel moves a queued or running job to `canceling`, then `canceled`. Deleting an active job
            moves it to `deleting` until it is removed. Terminal: `completed`, `failed`, `canceled`.
        result (None | SchemaSuggestionResult): The suggestion, once `completed`.
        error (JobError | None): Why it failed; for `suggestion_invalid`, `diagnostics` lists what the dialect's
            validator reported.
        progress (None | ParseProgress): The pages shown to the model (first pages of each file; a text counts as one),
            once they are known; all done when the suggestion is recorded.
        usage (None | TokenUsage):
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        started_at (datetime.datetime | None):
        completed_at (datetime.datetime | None):
        retry (JobRetry | None):
    """

    id: str
    file_ids: list[str]
    text_count: int
    instructions: None | str
    provider_name: ProviderName
    model: str
    provider_name_used: None | ProviderName
    model_used: None | str
    status: JobStatus
    result: None | SchemaSuggestionResult
    error: JobError | None
    progress: None | ParseProgress
    usage: None | TokenUsage
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    retry: JobRetry | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.job_error import JobError
        from ..models.job_retry import JobRetry
        from ..models.parse_progress import ParseProgress
        from ..models.schema_suggestion_result import SchemaSuggestionResult
        from ..models.token_usage import TokenUsage

        id = self.id

        file_ids = self.file_ids

        text_count = self.text_count

        instructions: None | str
        instructions = self.instructions

        provider_name = self.provider_name.value

        model = self.model

        provider_name_used: None | str
        if isinstance(self.provider_name_used, ProviderName):
            provider_name_used = self.provider_name_used.value
        else:
            provider_name_used = self.provider_name_used

        model_used: None | str
        model_used = self.model_used

        status = self.status.value

        result: dict[str, Any] | None
        if isinstance(self.result, SchemaSuggestionResult):
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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "file_ids": file_ids,
                "text_count": text_count,
                "instructions": instructions,
                "provider_name": provider_name,
                "model": model,
                "provider_name_used": provider_name_used,
                "model_used": model_used,
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

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.job_error import JobError
        from ..models.job_retry import JobRetry
        from ..models.parse_progress import ParseProgress
        from ..models.schema_suggestion_result import SchemaSuggestionResult
        from ..models.token_usage import TokenUsage

        d = dict(src_dict)
        id = d.pop("id")

        file_ids = cast(list[str], d.pop("file_ids"))

        text_count = d.pop("text_count")

        def _parse_instructions(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        instructions = _parse_instructions(d.pop("instructions"))

        provider_name = ProviderName(d.pop("provider_name"))

        model = d.pop("model")

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

        status = JobStatus(d.pop("status"))

        def _parse_result(data: object) -> None | SchemaSuggestionResult:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = SchemaSuggestionResult.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | SchemaSuggestionResult", data)

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

        schema_suggestion_response = cls(
            id=id,
            file_ids=file_ids,
            text_count=text_count,
            instructions=instructions,
            provider_name=provider_name,
            model=model,
            provider_name_used=provider_name_used,
            model_used=model_used,
            status=status,
            result=result,
            error=error,
            progress=progress,
            usage=usage,
            created_at=created_at,
            started_at=started_at,
            completed_at=completed_at,
            retry=retry,
        )

        return schema_suggestion_response
