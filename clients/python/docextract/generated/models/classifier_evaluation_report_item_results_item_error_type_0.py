from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ClassifierEvaluationReportItemResultsItemErrorType0")


@_attrs_define
class ClassifierEvaluationReportItemResultsItemErrorType0:
    """
    Attributes:
        message (str):
        code (str):
    """

    message: str
    code: str

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message": message,
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        message = d.pop("message")

        code = d.pop("code")

        classifier_evaluation_report_item_results_item_error_type_0 = cls(
            message=message,
            code=code,
        )

        return classifier_evaluation_report_item_results_item_error_type_0
