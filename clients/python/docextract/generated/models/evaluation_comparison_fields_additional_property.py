from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EvaluationComparisonFieldsAdditionalProperty")


@_attrs_define
class EvaluationComparisonFieldsAdditionalProperty:
    """
    Attributes:
        f1_delta (float | None):
        accuracy_delta (float | None):
    """

    f1_delta: float | None
    accuracy_delta: float | None

    def to_dict(self) -> dict[str, Any]:
        f1_delta: float | None
        f1_delta = self.f1_delta

        accuracy_delta: float | None
        accuracy_delta = self.accuracy_delta

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "f1_delta": f1_delta,
                "accuracy_delta": accuracy_delta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_f1_delta(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        f1_delta = _parse_f1_delta(d.pop("f1_delta"))

        def _parse_accuracy_delta(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        accuracy_delta = _parse_accuracy_delta(d.pop("accuracy_delta"))

        evaluation_comparison_fields_additional_property = cls(
            f1_delta=f1_delta,
            accuracy_delta=accuracy_delta,
        )

        return evaluation_comparison_fields_additional_property
