from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EvaluationCalibrationThresholdsItem")


@_attrs_define
class EvaluationCalibrationThresholdsItem:
    """
    Attributes:
        threshold (float):
        precision (float | None):
        recall (float | None):
    """

    threshold: float
    precision: float | None
    recall: float | None

    def to_dict(self) -> dict[str, Any]:
        threshold = self.threshold

        precision: float | None
        precision = self.precision

        recall: float | None
        recall = self.recall

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "threshold": threshold,
                "precision": precision,
                "recall": recall,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        threshold = d.pop("threshold")

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

        evaluation_calibration_thresholds_item = cls(
            threshold=threshold,
            precision=precision,
            recall=recall,
        )

        return evaluation_calibration_thresholds_item
