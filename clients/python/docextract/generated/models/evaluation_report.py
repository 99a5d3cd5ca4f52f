from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.evaluation_calibration import EvaluationCalibration
    from ..models.evaluation_item_report import EvaluationItemReport
    from ..models.evaluation_metrics import EvaluationMetrics
    from ..models.evaluation_report_fields import EvaluationReportFields
    from ..models.evaluation_report_rules_item import EvaluationReportRulesItem


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
        rules (list[EvaluationReportRulesItem] | Unset): Our addition (docs/rules.md). Each of the evaluated extractor
            version's rules, in order:
            on how many completed items' answers it passed, failed or did not apply, and `pass_rate`
            = passed / (passed + failed), null when it applied to none. Absent in reports made before
            rules existed.
    """

    overall: EvaluationMetrics
    fields: EvaluationReportFields
    items: list[EvaluationItemReport]
    calibration: EvaluationCalibration
    rules: list[EvaluationReportRulesItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        overall = self.overall.to_dict()

        fields = self.fields.to_dict()

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        calibration = self.calibration.to_dict()

        rules: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = []
            for rules_item_data in self.rules:
                rules_item = rules_item_data.to_dict()
                rules.append(rules_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "overall": overall,
                "fields": fields,
                "items": items,
                "calibration": calibration,
            }
        )
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evaluation_calibration import EvaluationCalibration
        from ..models.evaluation_item_report import EvaluationItemReport
        from ..models.evaluation_metrics import EvaluationMetrics
        from ..models.evaluation_report_fields import EvaluationReportFields
        from ..models.evaluation_report_rules_item import EvaluationReportRulesItem

        d = dict(src_dict)
        overall = EvaluationMetrics.from_dict(d.pop("overall"))

        fields = EvaluationReportFields.from_dict(d.pop("fields"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = EvaluationItemReport.from_dict(items_item_data)

            items.append(items_item)

        calibration = EvaluationCalibration.from_dict(d.pop("calibration"))

        _rules = d.pop("rules", UNSET)
        rules: list[EvaluationReportRulesItem] | Unset = UNSET
        if _rules is not UNSET:
            rules = []
            for rules_item_data in _rules:
                rules_item = EvaluationReportRulesItem.from_dict(rules_item_data)

                rules.append(rules_item)

        evaluation_report = cls(
            overall=overall,
            fields=fields,
            items=items,
            calibration=calibration,
            rules=rules,
        )

        return evaluation_report
