from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.evaluation_run_status import EvaluationRunStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.classifier_evaluation_report import ClassifierEvaluationReport
    from ..models.evaluation_report import EvaluationReport
    from ..models.evaluation_run_response_classifier_snapshot_type_0 import (
        EvaluationRunResponseClassifierSnapshotType0,
    )
    from ..models.evaluation_run_response_extractor_snapshot_type_0 import (
        EvaluationRunResponseExtractorSnapshotType0,
    )
    from ..models.evaluation_run_response_options import EvaluationRunResponseOptions
    from ..models.evaluation_run_response_progress import EvaluationRunResponseProgress
    from ..models.job_error import JobError


T = TypeVar("T", bound="EvaluationRunResponse")


@_attrs_define
class EvaluationRunResponse:
    """
    Attributes:
        id (str): Immutable identifier (`evrun_` + ULID).
        evaluation_set_id (str):
        extractor_snapshot (EvaluationRunResponseExtractorSnapshotType0 | None): The extractor's full definition when
            the run was created (an `ExtractorResponse`); every item job runs with it. Null for a classifier run.
        classifier_snapshot (EvaluationRunResponseClassifierSnapshotType0 | None): A classifier run's classifier as it
            was when the run was created (a `ClassifierResponse`); every item runs as a classification job (split mode) with
            it. Null for an extractor run.
        status (EvaluationRunStatus): As jobs; `queued` → `running` → `completed` (with `report`) or `failed`; cancel →
            `canceling` → `canceled`.
        progress (EvaluationRunResponseProgress):
        options (EvaluationRunResponseOptions): The scoring options with their defaults filled in (unused by classifier
            runs).
        report (ClassifierEvaluationReport | EvaluationReport | None): Set when `status` is `completed`, otherwise null.
            A classifier run's report is a `ClassifierEvaluationReport`.
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        started_at (datetime.datetime | None):
        completed_at (datetime.datetime | None):
        error (JobError | None | Unset): Set when `status` is `failed`: why the run failed (its scoring or bookkeeping
            met an error
            no retry can fix: `internal_error`, with the details in the worker's log), otherwise null.
            An item job's own failure does not fail the run (the item is scored all wrong).
    """

    id: str
    evaluation_set_id: str
    extractor_snapshot: EvaluationRunResponseExtractorSnapshotType0 | None
    classifier_snapshot: EvaluationRunResponseClassifierSnapshotType0 | None
    status: EvaluationRunStatus
    progress: EvaluationRunResponseProgress
    options: EvaluationRunResponseOptions
    report: ClassifierEvaluationReport | EvaluationReport | None
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    error: JobError | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.classifier_evaluation_report import ClassifierEvaluationReport
        from ..models.evaluation_report import EvaluationReport
        from ..models.evaluation_run_response_classifier_snapshot_type_0 import (
            EvaluationRunResponseClassifierSnapshotType0,
        )
        from ..models.evaluation_run_response_extractor_snapshot_type_0 import (
            EvaluationRunResponseExtractorSnapshotType0,
        )
        from ..models.job_error import JobError

        id = self.id

        evaluation_set_id = self.evaluation_set_id

        extractor_snapshot: dict[str, Any] | None
        if isinstance(self.extractor_snapshot, EvaluationRunResponseExtractorSnapshotType0):
            extractor_snapshot = self.extractor_snapshot.to_dict()
        else:
            extractor_snapshot = self.extractor_snapshot

        classifier_snapshot: dict[str, Any] | None
        if isinstance(self.classifier_snapshot, EvaluationRunResponseClassifierSnapshotType0):
            classifier_snapshot = self.classifier_snapshot.to_dict()
        else:
            classifier_snapshot = self.classifier_snapshot

        status = self.status.value

        progress = self.progress.to_dict()

        options = self.options.to_dict()

        report: dict[str, Any] | None
        if isinstance(self.report, EvaluationReport) or isinstance(self.report, ClassifierEvaluationReport):
            report = self.report.to_dict()
        else:
            report = self.report

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

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, JobError):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "evaluation_set_id": evaluation_set_id,
                "extractor_snapshot": extractor_snapshot,
                "classifier_snapshot": classifier_snapshot,
                "status": status,
                "progress": progress,
                "options": options,
                "report": report,
                "created_at": created_at,
                "started_at": started_at,
                "completed_at": completed_at,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.classifier_evaluation_report import ClassifierEvaluationReport
        from ..models.evaluation_report import EvaluationReport
        from ..models.evaluation_run_response_classifier_snapshot_type_0 import (
            EvaluationRunResponseClassifierSnapshotType0,
        )
        from ..models.evaluation_run_response_extractor_snapshot_type_0 import (
            EvaluationRunResponseExtractorSnapshotType0,
        )
        from ..models.evaluation_run_response_options import (
            EvaluationRunResponseOptions,
        )
        from ..models.evaluation_run_response_progress import (
            EvaluationRunResponseProgress,
        )
        from ..models.job_error import JobError

        d = dict(src_dict)
        id = d.pop("id")

        evaluation_set_id = d.pop("evaluation_set_id")

        def _parse_extractor_snapshot(
            data: object,
        ) -> EvaluationRunResponseExtractorSnapshotType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                extractor_snapshot_type_0 = EvaluationRunResponseExtractorSnapshotType0.from_dict(data)

                return extractor_snapshot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("EvaluationRunResponseExtractorSnapshotType0 | None", data)

        extractor_snapshot = _parse_extractor_snapshot(d.pop("extractor_snapshot"))

        def _parse_classifier_snapshot(
            data: object,
        ) -> EvaluationRunResponseClassifierSnapshotType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                classifier_snapshot_type_0 = EvaluationRunResponseClassifierSnapshotType0.from_dict(data)

                return classifier_snapshot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("EvaluationRunResponseClassifierSnapshotType0 | None", data)

        classifier_snapshot = _parse_classifier_snapshot(d.pop("classifier_snapshot"))

        status = EvaluationRunStatus(d.pop("status"))

        progress = EvaluationRunResponseProgress.from_dict(d.pop("progress"))

        options = EvaluationRunResponseOptions.from_dict(d.pop("options"))

        def _parse_report(
            data: object,
        ) -> ClassifierEvaluationReport | EvaluationReport | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                report_type_0 = EvaluationReport.from_dict(data)

                return report_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                report_type_1 = ClassifierEvaluationReport.from_dict(data)

                return report_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("ClassifierEvaluationReport | EvaluationReport | None", data)

        report = _parse_report(d.pop("report"))

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

        def _parse_error(data: object) -> JobError | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = JobError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("JobError | None | Unset", data)

        error = _parse_error(d.pop("error", UNSET))

        evaluation_run_response = cls(
            id=id,
            evaluation_set_id=evaluation_set_id,
            extractor_snapshot=extractor_snapshot,
            classifier_snapshot=classifier_snapshot,
            status=status,
            progress=progress,
            options=options,
            report=report,
            created_at=created_at,
            started_at=started_at,
            completed_at=completed_at,
            error=error,
        )

        return evaluation_run_response
