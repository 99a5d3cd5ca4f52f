from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ClassifierEvaluationReportBoundaries")


@_attrs_define
class ClassifierEvaluationReportBoundaries:
    """A predicted segment start is right when the expected split starts a segment there.

    Attributes:
        precision (float | None): correct / predicted.
        recall (float | None): correct / expected.
        predicted (int):
        expected (int):
        correct (int):
    """

    precision: float | None
    recall: float | None
    predicted: int
    expected: int
    correct: int

    def to_dict(self) -> dict[str, Any]:
        precision: float | None
        precision = self.precision

        recall: float | None
        recall = self.recall

        predicted = self.predicted

        expected = self.expected

        correct = self.correct

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "precision": precision,
                "recall": recall,
                "predicted": predicted,
                "expected": expected,
                "correct": correct,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_precision(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        precision = _parse_precision(d.pop("precision"))

        def _parse_recall(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        recall = _parse_recall(d.pop("recall"))

        predicted = d.pop("predicted")

        expected = d.pop("expected")

        correct = d.pop("correct")

        classifier_evaluation_report_boundaries = cls(
            precision=precision,
            recall=recall,
            predicted=predicted,
            expected=expected,
            correct=correct,
        )

        return classifier_evaluation_report_boundaries
