from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.classification_job_response_mode import ClassificationJobResponseMode
from ..models.job_status import JobStatus
from ..models.provider_name import ProviderName

if TYPE_CHECKING:
    from ..models.classification_result import ClassificationResult
    from ..models.classification_review import ClassificationReview
    from ..models.job_error import JobError
    from ..models.job_retry import JobRetry
    from ..models.page_range import PageRange
    from ..models.parse_progress import ParseProgress
    from ..models.token_usage import TokenUsage


T = TypeVar("T", bound="ClassificationJobResponse")


@_attrs_define
class ClassificationJobResponse:
    """
    Attributes:
        id (str): Immutable identifier (`cjob_` + ULID).
        classifier_id (str):
        classifier_name (str):
        classifier_version (int): The classifier's version the job runs (its snapshot).
        file_id (None | str):
        source_text (None | str):
        mode (ClassificationJobResponseMode):
        route (bool):
        pages (None | PageRange):
        provider_name_used (None | ProviderName):
        model_used (None | str):
        status (JobStatus): `queued` on creation → `running` → `completed` (with `result`) or `failed` (with `error`).
            Cancel moves a queued or running job to `canceling`, then `canceled`. Deleting an active job
            moves it to `deleting` until it is removed. Terminal: `completed`, `failed`, `canceled`.
        result (ClassificationResult | None):
        error (JobError | None):
        progress (None | ParseProgress): Pages classified so far.
        usage (None | TokenUsage):
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        started_at (datetime.datetime | None):
        completed_at (datetime.datetime | None):
        retry (JobRetry | None):
        review (ClassificationReview | None): Null when the classifier had no `review_threshold`.
    """

    id: str
    classifier_id: str
    classifier_name: str
    classifier_version: int
    file_id: None | str
    source_text: None | str
    mode: ClassificationJobResponseMode
    route: bool
    pages: None | PageRange
    provider_name_used: None | ProviderName
    model_used: None | str
    status: JobStatus
    result: ClassificationResult | None
    error: JobError | None
    progress: None | ParseProgress
    usage: None | TokenUsage
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    retry: JobRetry | None
    review: ClassificationReview | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.classification_result import ClassificationResult
        from ..models.classification_review import ClassificationReview
        from ..models.job_error import JobError
        from ..models.job_retry import JobRetry
        from ..models.page_range import PageRange
        from ..models.parse_progress import ParseProgress
        from ..models.token_usage import TokenUsage

        id = self.id

        classifier_id = self.classifier_id

        classifier_name = self.classifier_name

        classifier_version = self.classifier_version

        file_id: None | str
        file_id = self.file_id

        source_text: None | str
        source_text = self.source_text

        mode = self.mode.value

        route = self.route

        pages: dict[str, Any] | None
        if isinstance(self.pages, PageRange):
            pages = self.pages.to_dict()
        else:
            pages = self.pages

        provider_name_used: None | str
        if isinstance(self.provider_name_used, ProviderName):
            provider_name_used = self.provider_name_used.value
        else:
            provider_name_used = self.provider_name_used

        model_used: None | str
        model_used = self.model_used

        status = self.status.value

        result: dict[str, Any] | None
        if isinstance(self.result, ClassificationResult):
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

        review: dict[str, Any] | None
        if isinstance(self.review, ClassificationReview):
            review = self.review.to_dict()
        else:
            review = self.review

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "classifier_id": classifier_id,
                "classifier_name": classifier_name,
                "classifier_version": classifier_version,
                "file_id": file_id,
                "source_text": source_text,
                "mode": mode,
                "route": route,
                "pages": pages,
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
                "review": review,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.classification_result import ClassificationResult
        from ..models.classification_review import ClassificationReview
        from ..models.job_error import JobError
        from ..models.job_retry import JobRetry
        from ..models.page_range import PageRange
        from ..models.parse_progress import ParseProgress
        from ..models.token_usage import TokenUsage

        d = dict(src_dict)
        id = d.pop("id")

        classifier_id = d.pop("classifier_id")

        classifier_name = d.pop("classifier_name")

        classifier_version = d.pop("classifier_version")

        def _parse_file_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        file_id = _parse_file_id(d.pop("file_id"))

        def _parse_source_text(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        source_text = _parse_source_text(d.pop("source_text"))

        mode = ClassificationJobResponseMode(d.pop("mode"))

        route = d.pop("route")

        def _parse_pages(data: object) -> None | PageRange:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pages_type_0 = PageRange.from_dict(data)

                return pages_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | PageRange", data)

        pages = _parse_pages(d.pop("pages"))

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

        def _parse_result(data: object) -> ClassificationResult | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = ClassificationResult.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("ClassificationResult | None", data)

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

        def _parse_review(data: object) -> ClassificationReview | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                review_type_0 = ClassificationReview.from_dict(data)

                return review_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("ClassificationReview | None", data)

        review = _parse_review(d.pop("review"))

        classification_job_response = cls(
            id=id,
            classifier_id=classifier_id,
            classifier_name=classifier_name,
            classifier_version=classifier_version,
            file_id=file_id,
            source_text=source_text,
            mode=mode,
            route=route,
            pages=pages,
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
            review=review,
        )

        return classification_job_response
