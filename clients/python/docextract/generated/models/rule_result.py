from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.rule_result_kind import RuleResultKind

T = TypeVar("T", bound="RuleResult")


@_attrs_define
class RuleResult:
    """The outcome of one rule on one answer (docs/rules.md).

    Attributes:
        id (str):
        kind (RuleResultKind):
        passed (bool | None): true, false, or null when the rule did not apply (a value it reads is null, a date
            unreadable, nothing to add up).
        paths (list[str]): JSON Pointers of the values the outcome rests on; when failed, the values that are flagged
            `rule:<id>`.
        message (str): What was found, e.g. "the 3 values of /items/*/amount add up to 60.5, but /total is 70 (off by
            9.5, tolerance 0.01)".
    """

    id: str
    kind: RuleResultKind
    passed: bool | None
    paths: list[str]
    message: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        passed: bool | None
        passed = self.passed

        paths = self.paths

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "passed": passed,
                "paths": paths,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = RuleResultKind(d.pop("kind"))

        def _parse_passed(data: object) -> bool | None:
            if data is None:
                return data
            return cast("bool | None", data)

        passed = _parse_passed(d.pop("passed"))

        paths = cast(list[str], d.pop("paths"))

        message = d.pop("message")

        rule_result = cls(
            id=id,
            kind=kind,
            passed=passed,
            paths=paths,
            message=message,
        )

        return rule_result
