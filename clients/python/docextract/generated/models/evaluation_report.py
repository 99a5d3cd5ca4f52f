from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.evaluation_calibration import EvaluationCalibration
    from ..models.evaluation_item_report import EvaluationItemReport
    from ..models.evaluation_metrics import EvaluationMetrics
    from ..models.evaluation_report_fields import EvaluationReportFields


T = TypeVar("T", bound="EvaluationReport")


@_attrs_define
class EvaluationReport:
    """
    Attributes:
        overall (EvaluationMetrics): Counts of leaves and the metrics derived from them. A wrong value counts as both
            `fp` and `fn`.
            `precision` = tp / (tp + fp), `recall` = tp / (tp + fn), `f1` their harmonic mean, `accuracy` =
            (tp + tn) / n; each null when its denominator is 0.
        fields (EvaluationReportFields): Metrics per field pointer (`*` for array indices).
        items (list[EvaluationItemReport]):
        calibration (EvaluationCalibration):
    """

    overall: EvaluationMetrics
    fields: EvaluationReportFields
    items: list[EvaluationItemReport]
    calibration: EvaluationCalibration

    def to_dict(self) -> dict[str, Any]:
        overall = self.overall.to_dict()

        fields = self.fields.to_dict()

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        calibration = self.calibration.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "overall": overall,
                "fields": fields,
                "items": items,
                "calibration": calibration,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evaluation_calibration import EvaluationCalibration
        from ..models.evaluation_item_report import EvaluationItemReport
        from ..models.evaluation_metrics import EvaluationMetrics
        from ..models.evaluation_report_fields import EvaluationReportFields

        d = dict(src_dict)
        overall = EvaluationMetrics.from_dict(d.pop("overall"))

        fields = EvaluationReportFields.from_dict(d.pop("fields"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = EvaluationItemReport.from_dict(items_item_data)

            items.append(items_item)

        calibration = EvaluationCalibration.from_dict(d.pop("calibration"))

        evaluation_report = cls(
            overall=overall,
            fields=fields,
            items=items,
            calibration=calibration,
        )

        return evaluation_report
