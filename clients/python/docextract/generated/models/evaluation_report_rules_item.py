from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.evaluation_report_rules_item_kind import EvaluationReportRulesItemKind

T = TypeVar("T", bound="EvaluationReportRulesItem")


@_attrs_define
class EvaluationReportRulesItem:
    """
    Attributes:
        id (str):
        kind (EvaluationReportRulesItemKind):
        passed (int):
        failed (int):
        not_applicable (int):
        pass_rate (float | None):
    """

    id: str
    kind: EvaluationReportRulesItemKind
    passed: int
    failed: int
    not_applicable: int
    pass_rate: float | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        passed = self.passed

        failed = self.failed

        not_applicable = self.not_applicable

        pass_rate: float | None
        pass_rate = self.pass_rate

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "passed": passed,
                "failed": failed,
                "not_applicable": not_applicable,
                "pass_rate": pass_rate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = EvaluationReportRulesItemKind(d.pop("kind"))

        passed = d.pop("passed")

        failed = d.pop("failed")

        not_applicable = d.pop("not_applicable")

        def _parse_pass_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        pass_rate = _parse_pass_rate(d.pop("pass_rate"))

        evaluation_report_rules_item = cls(
            id=id,
            kind=kind,
            passed=passed,
            failed=failed,
            not_applicable=not_applicable,
            pass_rate=pass_rate,
        )

        return evaluation_report_rules_item
