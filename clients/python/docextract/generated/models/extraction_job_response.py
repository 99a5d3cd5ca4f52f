from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.job_status import JobStatus
from ..models.provider_name import ProviderName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.extraction_result import ExtractionResult
    from ..models.extraction_review import ExtractionReview
    from ..models.job_error import JobError
    from ..models.job_retry import JobRetry
    from ..models.page_range import PageRange
    from ..models.parse_progress import ParseProgress
    from ..models.rule_result import RuleResult
    from ..models.token_usage import TokenUsage


T = TypeVar("T", bound="ExtractionJobResponse")


@_attrs_define
class ExtractionJobResponse:
    """
    Attributes:
        id (str): Immutable identifier (`ejob_` + ULID).
        extractor_id (str): Id of the extractor used.
        file_id (None | str):
        source_text (None | str):
        provider_name_used (None | ProviderName):
        model_used (None | str):
        status (JobStatus): `queued` on creation → `running` → `completed` (with `result`) or `failed` (with `error`).
            Cancel moves a queued or running job to `canceling`, then `canceled`. Deleting an active job
            moves it to `deleting` until it is removed. Terminal: `completed`, `failed`, `canceled`.
        result (ExtractionResult | None): Set when `status` is `completed`, otherwise null.
        error (JobError | None): Set when `status` is `failed`, otherwise null.
        progress (None | ParseProgress): Pages extracted so far (windows stored), like a parse job's; inline text counts
            text pages.
            Null until the document's pages have been counted. Our addition.
        usage (None | TokenUsage): Token usage of the model calls whose answers were used, summed over the windows, when
            the provider reported it. Our addition.
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        started_at (datetime.datetime | None):
        completed_at (datetime.datetime | None):
        pages (None | PageRange | Unset): The pages the job reads (the file's page numbers); null for the whole file.
            Our addition, always present.
        rule_results (list[RuleResult] | None | Unset): Only in the `data` of webhook events (which carry the job
            without `result`): the job's
            `result.rule_results` (docs/rules.md), `[]` without rules, null until it completed.
        retry (JobRetry | None | Unset): Our addition, always present. Set while a model call of a `running` job is
            failing transiently and waiting for its next attempt; null otherwise.
        review (ExtractionReview | None | Unset): Our addition, always present. Null when the extractor had no
            `review_threshold` when the
            job was created (and until the job completes); otherwise the job's review state.
        evaluation_run_id (None | str | Unset): Our addition, always present. The evaluation run the job is an item of;
            null for a job created on its own.
        examples_used (list[str] | None | Unset): Our addition (issue 40). The ids of the extractor's examples the job's
            prompts carried
            (chosen once, before the first request: all of them, or the most similar with
            `examples_strategy: similar`; an evaluation item's job never carries an example of its
            own document). Null until chosen.
        batch_id (None | str | Unset): The batch the job is an item of (`batch_` + ULID); null for a job created on its
            own. Our addition.
        custom_id (None | str | Unset): The item's `custom_id` in its batch; null for a job created on its own. Our
            addition.
        classification_job_id (None | str | Unset): The classification job that routed this job to its extractor
            (`cjob_` + ULID); null otherwise. Our addition (packets).
    """

    id: str
    extractor_id: str
    file_id: None | str
    source_text: None | str
    provider_name_used: None | ProviderName
    model_used: None | str
    status: JobStatus
    result: ExtractionResult | None
    error: JobError | None
    progress: None | ParseProgress
    usage: None | TokenUsage
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    pages: None | PageRange | Unset = UNSET
    rule_results: list[RuleResult] | None | Unset = UNSET
    retry: JobRetry | None | Unset = UNSET
    review: ExtractionReview | None | Unset = UNSET
    evaluation_run_id: None | str | Unset = UNSET
    examples_used: list[str] | None | Unset = UNSET
    batch_id: None | str | Unset = UNSET
    custom_id: None | str | Unset = UNSET
    classification_job_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.extraction_result import ExtractionResult
        from ..models.extraction_review import ExtractionReview
        from ..models.job_error import JobError
        from ..models.job_retry import JobRetry
        from ..models.page_range import PageRange
        from ..models.parse_progress import ParseProgress
        from ..models.token_usage import TokenUsage

        id = self.id

        extractor_id = self.extractor_id

        file_id: None | str
        file_id = self.file_id

        source_text: None | str
        source_text = self.source_text

        provider_name_used: None | str
        if isinstance(self.provider_name_used, ProviderName):
            provider_name_used = self.provider_name_used.value
        else:
            provider_name_used = self.provider_name_used

        model_used: None | str
        model_used = self.model_used

        status = self.status.value

        result: dict[str, Any] | None
        if isinstance(self.result, ExtractionResult):
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

        pages: dict[str, Any] | None | Unset
        if isinstance(self.pages, Unset):
            pages = UNSET
        elif isinstance(self.pages, PageRange):
            pages = self.pages.to_dict()
        else:
            pages = self.pages

        rule_results: list[dict[str, Any]] | None | Unset
        if isinstance(self.rule_results, Unset):
            rule_results = UNSET
        elif isinstance(self.rule_results, list):
            rule_results = []
            for rule_results_type_0_item_data in self.rule_results:
                rule_results_type_0_item = rule_results_type_0_item_data.to_dict()
                rule_results.append(rule_results_type_0_item)

        else:
            rule_results = self.rule_results

        retry: dict[str, Any] | None | Unset
        if isinstance(self.retry, Unset):
            retry = UNSET
        elif isinstance(self.retry, JobRetry):
            retry = self.retry.to_dict()
        else:
            retry = self.retry

        review: dict[str, Any] | None | Unset
        if isinstance(self.review, Unset):
            review = UNSET
        elif isinstance(self.review, ExtractionReview):
            review = self.review.to_dict()
        else:
            review = self.review

        evaluation_run_id: None | str | Unset
        if isinstance(self.evaluation_run_id, Unset):
            evaluation_run_id = UNSET
        else:
            evaluation_run_id = self.evaluation_run_id

        examples_used: list[str] | None | Unset
        if isinstance(self.examples_used, Unset):
            examples_used = UNSET
        elif isinstance(self.examples_used, list):
            examples_used = self.examples_used

        else:
            examples_used = self.examples_used

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

        classification_job_id: None | str | Unset
        if isinstance(self.classification_job_id, Unset):
            classification_job_id = UNSET
        else:
            classification_job_id = self.classification_job_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "extractor_id": extractor_id,
                "file_id": file_id,
                "source_text": source_text,
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
            }
        )
        if pages is not UNSET:
            field_dict["pages"] = pages
        if rule_results is not UNSET:
            field_dict["rule_results"] = rule_results
        if retry is not UNSET:
            field_dict["retry"] = retry
        if review is not UNSET:
            field_dict["review"] = review
        if evaluation_run_id is not UNSET:
            field_dict["evaluation_run_id"] = evaluation_run_id
        if examples_used is not UNSET:
            field_dict["examples_used"] = examples_used
        if batch_id is not UNSET:
            field_dict["batch_id"] = batch_id
        if custom_id is not UNSET:
            field_dict["custom_id"] = custom_id
        if classification_job_id is not UNSET:
            field_dict["classification_job_id"] = classification_job_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extraction_result import ExtractionResult
        from ..models.extraction_review import ExtractionReview
        from ..models.job_error import JobError
        from ..models.job_retry import JobRetry
        from ..models.page_range import PageRange
        from ..models.parse_progress import ParseProgress
        from ..models.rule_result import RuleResult
        from ..models.token_usage import TokenUsage

        d = dict(src_dict)
        id = d.pop("id")

        extractor_id = d.pop("extractor_id")

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

        def _parse_result(data: object) -> ExtractionResult | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = ExtractionResult.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("ExtractionResult | None", data)

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

        def _parse_pages(data: object) -> None | PageRange | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pages_type_0 = PageRange.from_dict(data)

                return pages_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | PageRange | Unset", data)

        pages = _parse_pages(d.pop("pages", UNSET))

        def _parse_rule_results(data: object) -> list[RuleResult] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rule_results_type_0 = []
                _rule_results_type_0 = data
                for rule_results_type_0_item_data in _rule_results_type_0:
                    rule_results_type_0_item = RuleResult.from_dict(rule_results_type_0_item_data)

                    rule_results_type_0.append(rule_results_type_0_item)

                return rule_results_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("list[RuleResult] | None | Unset", data)

        rule_results = _parse_rule_results(d.pop("rule_results", UNSET))

        def _parse_retry(data: object) -> JobRetry | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                retry_type_0 = JobRetry.from_dict(data)

                return retry_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("JobRetry | None | Unset", data)

        retry = _parse_retry(d.pop("retry", UNSET))

        def _parse_review(data: object) -> ExtractionReview | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                review_type_0 = ExtractionReview.from_dict(data)

                return review_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("ExtractionReview | None | Unset", data)

        review = _parse_review(d.pop("review", UNSET))

        def _parse_evaluation_run_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        evaluation_run_id = _parse_evaluation_run_id(d.pop("evaluation_run_id", UNSET))

        def _parse_examples_used(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                examples_used_type_0 = cast(list[str], data)

                return examples_used_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("list[str] | None | Unset", data)

        examples_used = _parse_examples_used(d.pop("examples_used", UNSET))

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

        def _parse_classification_job_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        classification_job_id = _parse_classification_job_id(d.pop("classification_job_id", UNSET))

        extraction_job_response = cls(
            id=id,
            extractor_id=extractor_id,
            file_id=file_id,
            source_text=source_text,
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
            pages=pages,
            rule_results=rule_results,
            retry=retry,
            review=review,
            evaluation_run_id=evaluation_run_id,
            examples_used=examples_used,
            batch_id=batch_id,
            custom_id=custom_id,
            classification_job_id=classification_job_id,
        )

        return extraction_job_response
