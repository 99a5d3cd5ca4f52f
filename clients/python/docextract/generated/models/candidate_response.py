from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.candidate_response_status import CandidateResponseStatus

if TYPE_CHECKING:
    from ..models.candidate_response_changes import CandidateResponseChanges
    from ..models.candidate_response_error_type_0 import CandidateResponseErrorType0
    from ..models.evaluation_comparison import EvaluationComparison


T = TypeVar("T", bound="CandidateResponse")


@_attrs_define
class CandidateResponse:
    """Our addition (issue 40). A proposed change of an extractor, measured against its current version.

    Attributes:
        id (str): `cand_` + ULID.
        extractor_id (str):
        status (CandidateResponseStatus): `passed`: no value is worse than in the baseline run; `regressed`: some are
            (`comparison.regressions`).
        base_version (int): The extractor version the candidate was made from (the baseline's).
        changes (CandidateResponseChanges): The partial update, as sent.
        baseline_run_id (None | str): The completed run of the base version it is compared with (an earlier one, or one
            run for it).
        candidate_run_id (None | str): The run of the changed definition (its snapshot has version `base_version + 1`).
        comparison (EvaluationComparison | None): As `GET /v1/evaluation-
            runs/{candidate_run_id}/compare/{baseline_run_id}` answers; null until `passed` or `regressed`.
        error (CandidateResponseErrorType0 | None): Why it `failed`: `{code, message}` (e.g.
            `baseline_run_not_completed`, `candidate_run_not_completed`, `internal_error`).
        promoted_version (int | None): The extractor version its promotion made.
        promotion_forced (bool | None): True when a `regressed` candidate was promoted with `force`.
        promoted_at (datetime.datetime | None):
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        completed_at (datetime.datetime | None):
    """

    id: str
    extractor_id: str
    status: CandidateResponseStatus
    base_version: int
    changes: CandidateResponseChanges
    baseline_run_id: None | str
    candidate_run_id: None | str
    comparison: EvaluationComparison | None
    error: CandidateResponseErrorType0 | None
    promoted_version: int | None
    promotion_forced: bool | None
    promoted_at: datetime.datetime | None
    created_at: datetime.datetime
    completed_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.candidate_response_error_type_0 import CandidateResponseErrorType0
        from ..models.evaluation_comparison import EvaluationComparison

        id = self.id

        extractor_id = self.extractor_id

        status = self.status.value

        base_version = self.base_version

        changes = self.changes.to_dict()

        baseline_run_id: None | str
        baseline_run_id = self.baseline_run_id

        candidate_run_id: None | str
        candidate_run_id = self.candidate_run_id

        comparison: dict[str, Any] | None
        if isinstance(self.comparison, EvaluationComparison):
            comparison = self.comparison.to_dict()
        else:
            comparison = self.comparison

        error: dict[str, Any] | None
        if isinstance(self.error, CandidateResponseErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        promoted_version: int | None
        promoted_version = self.promoted_version

        promotion_forced: bool | None
        promotion_forced = self.promotion_forced

        promoted_at: None | str
        if isinstance(self.promoted_at, datetime.datetime):
            promoted_at = self.promoted_at.isoformat()
        else:
            promoted_at = self.promoted_at

        created_at = self.created_at.isoformat()

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "extractor_id": extractor_id,
                "status": status,
                "base_version": base_version,
                "changes": changes,
                "baseline_run_id": baseline_run_id,
                "candidate_run_id": candidate_run_id,
                "comparison": comparison,
                "error": error,
                "promoted_version": promoted_version,
                "promotion_forced": promotion_forced,
                "promoted_at": promoted_at,
                "created_at": created_at,
                "completed_at": completed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.candidate_response_changes import CandidateResponseChanges
        from ..models.candidate_response_error_type_0 import CandidateResponseErrorType0
        from ..models.evaluation_comparison import EvaluationComparison

        d = dict(src_dict)
        id = d.pop("id")

        extractor_id = d.pop("extractor_id")

        status = CandidateResponseStatus(d.pop("status"))

        base_version = d.pop("base_version")

        changes = CandidateResponseChanges.from_dict(d.pop("changes"))

        def _parse_baseline_run_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        baseline_run_id = _parse_baseline_run_id(d.pop("baseline_run_id"))

        def _parse_candidate_run_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        candidate_run_id = _parse_candidate_run_id(d.pop("candidate_run_id"))

        def _parse_comparison(data: object) -> EvaluationComparison | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                comparison_type_0 = EvaluationComparison.from_dict(data)

                return comparison_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("EvaluationComparison | None", data)

        comparison = _parse_comparison(d.pop("comparison"))

        def _parse_error(data: object) -> CandidateResponseErrorType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = CandidateResponseErrorType0.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("CandidateResponseErrorType0 | None", data)

        error = _parse_error(d.pop("error"))

        def _parse_promoted_version(data: object) -> int | None:
            if data is None:
                return data
            return cast("int | None", data)

        promoted_version = _parse_promoted_version(d.pop("promoted_version"))

        def _parse_promotion_forced(data: object) -> bool | None:
            if data is None:
                return data
            return cast("bool | None", data)

        promotion_forced = _parse_promotion_forced(d.pop("promotion_forced"))

        def _parse_promoted_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                promoted_at_type_0 = datetime.datetime.fromisoformat(data.replace("Z", "+00:00"))

                return promoted_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("datetime.datetime | None", data)

        promoted_at = _parse_promoted_at(d.pop("promoted_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

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

        candidate_response = cls(
            id=id,
            extractor_id=extractor_id,
            status=status,
            base_version=base_version,
            changes=changes,
            baseline_run_id=baseline_run_id,
            candidate_run_id=candidate_run_id,
            comparison=comparison,
            error=error,
            promoted_version=promoted_version,
            promotion_forced=promotion_forced,
            promoted_at=promoted_at,
            created_at=created_at,
            completed_at=completed_at,
        )

        return candidate_response
