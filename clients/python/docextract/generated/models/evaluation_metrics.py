from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EvaluationMetrics")


@_attrs_define
class EvaluationMetrics:
    """Counts of leaves and the metrics derived from them. A wrong value counts as both `fp` and `fn`.
    `precision` = tp / (tp + fp), `recall` = tp / (tp + fn), `f1` their harmonic mean, `accuracy` =
    (tp + tn) / n; each null when its denominator is 0.

        Attributes:
            n (int):
            tp (int):
            fp (int):
            fn (int):
            tn (int):
            precision (float | None):
            recall (float | None):
            f1 (float | None):
            accuracy (float | None):
    """

    n: int
    tp: int
    fp: int
    fn: int
    tn: int
    precision: float | None
    recall: float | None
    f1: float | None
    accuracy: float | None

    def to_dict(self) -> dict[str, Any]:
        n = self.n

        tp = self.tp

        fp = self.fp

        fn = self.fn

        tn = self.tn

        precision: float | None
        precision = self.precision

        recall: float | None
        recall = self.recall

        f1: float | None
        f1 = self.f1

        accuracy: float | None
        accuracy = self.accuracy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "n": n,
                "tp": tp,
                "fp": fp,
                "fn": fn,
                "tn": tn,
                "precision": precision,
                "recall": recall,
                "f1": f1,
                "accuracy": accuracy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        n = d.pop("n")

        tp = d.pop("tp")

        fp = d.pop("fp")

        fn = d.pop("fn")

        tn = d.pop("tn")

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

        def _parse_f1(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        f1 = _parse_f1(d.pop("f1"))

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        evaluation_metrics = cls(
            n=n,
            tp=tp,
            fp=fp,
            fn=fn,
            tn=tn,
            precision=precision,
            recall=recall,
            f1=f1,
            accuracy=accuracy,
        )

        return evaluation_metrics
