from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.classifier_evaluation_report_item_results_item_error_type_0 import (
        ClassifierEvaluationReportItemResultsItemErrorType0,
    )


T = TypeVar("T", bound="ClassifierEvaluationReportItemResultsItem")


@_attrs_define
class ClassifierEvaluationReportItemResultsItem:
    """
    Attributes:
        item_id (str):
        job_id (None | str): The item's classification job (`cjob_`).
        status (str): The item job's final status.
        pages (int):
        pages_correct (int):
        error (ClassifierEvaluationReportItemResultsItemErrorType0 | None):
    """

    item_id: str
    job_id: None | str
    status: str
    pages: int
    pages_correct: int
    error: ClassifierEvaluationReportItemResultsItemErrorType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.classifier_evaluation_report_item_results_item_error_type_0 import (
            ClassifierEvaluationReportItemResultsItemErrorType0,
        )

        item_id = self.item_id

        job_id: None | str
        job_id = self.job_id

        status = self.status

        pages = self.pages

        pages_correct = self.pages_correct

        error: dict[str, Any] | None
        if isinstance(self.error, ClassifierEvaluationReportItemResultsItemErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "item_id": item_id,
                "job_id": job_id,
                "status": status,
                "pages": pages,
                "pages_correct": pages_correct,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.classifier_evaluation_report_item_results_item_error_type_0 import (
            ClassifierEvaluationReportItemResultsItemErrorType0,
        )

        d = dict(src_dict)
        item_id = d.pop("item_id")

        def _parse_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        job_id = _parse_job_id(d.pop("job_id"))

        status = d.pop("status")

        pages = d.pop("pages")

        pages_correct = d.pop("pages_correct")

        def _parse_error(
            data: object,
        ) -> ClassifierEvaluationReportItemResultsItemErrorType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = ClassifierEvaluationReportItemResultsItemErrorType0.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("ClassifierEvaluationReportItemResultsItemErrorType0 | None", data)

        error = _parse_error(d.pop("error"))

        classifier_evaluation_report_item_results_item = cls(
            item_id=item_id,
            job_id=job_id,
            status=status,
            pages=pages,
            pages_correct=pages_correct,
            error=error,
        )

        return classifier_evaluation_report_item_results_item
