from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EvaluationCalibrationBucketsItem")


@_attrs_define
class EvaluationCalibrationBucketsItem:
    """
    Attributes:
        min_ (float):
        max_ (float):
        n (int):
        accuracy (float | None):
    """

    min_: float
    max_: float
    n: int
    accuracy: float | None

    def to_dict(self) -> dict[str, Any]:
        min_ = self.min_

        max_ = self.max_

        n = self.n

        accuracy: float | None
        accuracy = self.accuracy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "min": min_,
                "max": max_,
                "n": n,
                "accuracy": accuracy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        min_ = d.pop("min")

        max_ = d.pop("max")

        n = d.pop("n")

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        evaluation_calibration_buckets_item = cls(
            min_=min_,
            max_=max_,
            n=n,
            accuracy=accuracy,
        )

        return evaluation_calibration_buckets_item
