from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.batch_result_line_status import BatchResultLineStatus

if TYPE_CHECKING:
    from ..models.batch_result_line_confidence_type_0 import (
        BatchResultLineConfidenceType0,
    )
    from ..models.extraction_review import ExtractionReview
    from ..models.job_error import JobError
    from ..models.rule_result import RuleResult
    from ..models.value_flag import ValueFlag


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
        confidence (BatchResultLineConfidenceType0 | None): Our addition. The item job's `result.confidence`; null for a
            job without one, an item not completed, or a parse batch.
        flags (list[ValueFlag] | None): Our addition. The item job's `result.flags` (`[]` when nothing needs review);
            null for an item not completed or a parse batch.
        rule_results (list[RuleResult] | None): Our addition (docs/rules.md). The item job's `result.rule_results` (`[]`
            without rules); null for an item not completed or a batch that is not an extraction batch.
        review (ExtractionReview | None): Our addition. The item job's review as `GET /v1/extraction-jobs/{id}` shows it
            (approved corrections are in `reviewed_data`); null without one.
    """

    custom_id: str
    job_id: str
    status: BatchResultLineStatus
    result: Any
    error: JobError | None
    confidence: BatchResultLineConfidenceType0 | None
    flags: list[ValueFlag] | None
    rule_results: list[RuleResult] | None
    review: ExtractionReview | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.batch_result_line_confidence_type_0 import (
            BatchResultLineConfidenceType0,
        )
        from ..models.extraction_review import ExtractionReview
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

        confidence: dict[str, Any] | None
        if isinstance(self.confidence, BatchResultLineConfidenceType0):
            confidence = self.confidence.to_dict()
        else:
            confidence = self.confidence

        flags: list[dict[str, Any]] | None
        if isinstance(self.flags, list):
            flags = []
            for flags_type_0_item_data in self.flags:
                flags_type_0_item = flags_type_0_item_data.to_dict()
                flags.append(flags_type_0_item)

        else:
            flags = self.flags

        rule_results: list[dict[str, Any]] | None
        if isinstance(self.rule_results, list):
            rule_results = []
            for rule_results_type_0_item_data in self.rule_results:
                rule_results_type_0_item = rule_results_type_0_item_data.to_dict()
                rule_results.append(rule_results_type_0_item)

        else:
            rule_results = self.rule_results

        review: dict[str, Any] | None
        if isinstance(self.review, ExtractionReview):
            review = self.review.to_dict()
        else:
            review = self.review

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "custom_id": custom_id,
                "job_id": job_id,
                "status": status,
                "result": result,
                "error": error,
                "confidence": confidence,
                "flags": flags,
                "rule_results": rule_results,
                "review": review,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_result_line_confidence_type_0 import (
            BatchResultLineConfidenceType0,
        )
        from ..models.extraction_review import ExtractionReview
        from ..models.job_error import JobError
        from ..models.rule_result import RuleResult
        from ..models.value_flag import ValueFlag

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

        def _parse_confidence(data: object) -> BatchResultLineConfidenceType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                confidence_type_0 = BatchResultLineConfidenceType0.from_dict(data)

                return confidence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("BatchResultLineConfidenceType0 | None", data)

        confidence = _parse_confidence(d.pop("confidence"))

        def _parse_flags(data: object) -> list[ValueFlag] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                flags_type_0 = []
                _flags_type_0 = data
                for flags_type_0_item_data in _flags_type_0:
                    flags_type_0_item = ValueFlag.from_dict(flags_type_0_item_data)

                    flags_type_0.append(flags_type_0_item)

                return flags_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("list[ValueFlag] | None", data)

        flags = _parse_flags(d.pop("flags"))

        def _parse_rule_results(data: object) -> list[RuleResult] | None:
            if data is None:
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
            return cast("list[RuleResult] | None", data)

        rule_results = _parse_rule_results(d.pop("rule_results"))

        def _parse_review(data: object) -> ExtractionReview | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                review_type_0 = ExtractionReview.from_dict(data)

                return review_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("ExtractionReview | None", data)

        review = _parse_review(d.pop("review"))

        batch_result_line = cls(
            custom_id=custom_id,
            job_id=job_id,
            status=status,
            result=result,
            error=error,
            confidence=confidence,
            flags=flags,
            rule_results=rule_results,
            review=review,
        )

        return batch_result_line
