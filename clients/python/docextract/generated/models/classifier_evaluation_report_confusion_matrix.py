from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ClassifierEvaluationReportConfusionMatrix")


@_attrs_define
class ClassifierEvaluationReportConfusionMatrix:
    """`counts[i][j]`: pages expected of `classes[i]` predicted as `classes[j]` (the classifier's classes, `other`, then
    any other label seen, such as `(none)`).

        Attributes:
            classes (list[str]):
            counts (list[list[int]]):
    """

    classes: list[str]
    counts: list[list[int]]

    def to_dict(self) -> dict[str, Any]:
        classes = self.classes

        counts = []
        for counts_item_data in self.counts:
            counts_item = counts_item_data

            counts.append(counts_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "classes": classes,
                "counts": counts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        classes = cast(list[str], d.pop("classes"))

        counts = []
        _counts = d.pop("counts")
        for counts_item_data in _counts:
            counts_item = cast(list[int], counts_item_data)

            counts.append(counts_item)

        classifier_evaluation_report_confusion_matrix = cls(
            classes=classes,
            counts=counts,
        )

        return classifier_evaluation_report_confusion_matrix
