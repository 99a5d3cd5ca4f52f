from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.evaluation_calibration_buckets_item import (
        EvaluationCalibrationBucketsItem,
    )
    from ..models.evaluation_calibration_thresholds_item import (
        EvaluationCalibrationThresholdsItem,
    )


T = TypeVar("T", bound="EvaluationCalibration")


@_attrs_define
class EvaluationCalibration:
    """
    Attributes:
        buckets (list[EvaluationCalibrationBucketsItem]): Every scored non-null extracted leaf by its confidence; `min`
            inclusive, `max` exclusive except in the last bucket (0–0.5, 0.5–0.8, 0.8–0.9, 0.9–0.95, 0.95–1).
        thresholds (list[EvaluationCalibrationThresholdsItem]): Precision and recall if only values with confidence at
            or above the threshold were kept (recall against every expected value).
        unscored (int): Extracted non-null leaves without a confidence.
    """

    buckets: list[EvaluationCalibrationBucketsItem]
    thresholds: list[EvaluationCalibrationThresholdsItem]
    unscored: int

    def to_dict(self) -> dict[str, Any]:
        buckets = []
        for buckets_item_data in self.buckets:
            buckets_item = buckets_item_data.to_dict()
            buckets.append(buckets_item)

        thresholds = []
        for thresholds_item_data in self.thresholds:
            thresholds_item = thresholds_item_data.to_dict()
            thresholds.append(thresholds_item)

        unscored = self.unscored

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "buckets": buckets,
                "thresholds": thresholds,
                "unscored": unscored,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evaluation_calibration_buckets_item import (
            EvaluationCalibrationBucketsItem,
        )
        from ..models.evaluation_calibration_thresholds_item import (
            EvaluationCalibrationThresholdsItem,
        )

        d = dict(src_dict)
        buckets = []
        _buckets = d.pop("buckets")
        for buckets_item_data in _buckets:
            buckets_item = EvaluationCalibrationBucketsItem.from_dict(buckets_item_data)

            buckets.append(buckets_item)

        thresholds = []
        _thresholds = d.pop("thresholds")
        for thresholds_item_data in _thresholds:
            thresholds_item = EvaluationCalibrationThresholdsItem.from_dict(thresholds_item_data)

            thresholds.append(thresholds_item)

        unscored = d.pop("unscored")

        evaluation_calibration = cls(
            buckets=buckets,
            thresholds=thresholds,
            unscored=unscored,
        )

        return evaluation_calibration
