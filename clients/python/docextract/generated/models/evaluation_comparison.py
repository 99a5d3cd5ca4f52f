from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.evaluation_comparison_fields import EvaluationComparisonFields
    from ..models.evaluation_leaf_change import EvaluationLeafChange


T = TypeVar("T", bound="EvaluationComparison")


@_attrs_define
class EvaluationComparison:
    """
    Attributes:
        fields (EvaluationComparisonFields):
        regressions (list[EvaluationLeafChange]):
        fixes (list[EvaluationLeafChange]):
    """

    fields: EvaluationComparisonFields
    regressions: list[EvaluationLeafChange]
    fixes: list[EvaluationLeafChange]

    def to_dict(self) -> dict[str, Any]:
        fields = self.fields.to_dict()

        regressions = []
        for regressions_item_data in self.regressions:
            regressions_item = regressions_item_data.to_dict()
            regressions.append(regressions_item)

        fixes = []
        for fixes_item_data in self.fixes:
            fixes_item = fixes_item_data.to_dict()
            fixes.append(fixes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "fields": fields,
                "regressions": regressions,
                "fixes": fixes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evaluation_comparison_fields import EvaluationComparisonFields
        from ..models.evaluation_leaf_change import EvaluationLeafChange

        d = dict(src_dict)
        fields = EvaluationComparisonFields.from_dict(d.pop("fields"))

        regressions = []
        _regressions = d.pop("regressions")
        for regressions_item_data in _regressions:
            regressions_item = EvaluationLeafChange.from_dict(regressions_item_data)

            regressions.append(regressions_item)

        fixes = []
        _fixes = d.pop("fixes")
        for fixes_item_data in _fixes:
            fixes_item = EvaluationLeafChange.from_dict(fixes_item_data)

            fixes.append(fixes_item)

        evaluation_comparison = cls(
            fields=fields,
            regressions=regressions,
            fixes=fixes,
        )

        return evaluation_comparison
