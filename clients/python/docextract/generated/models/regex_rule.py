from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.regex_rule_kind import RegexRuleKind

T = TypeVar("T", bound="RegexRule")


@_attrs_define
class RegexRule:
    """The value at `path` (as text) matches `pattern`, an ECMAScript regular expression (searched, not anchored; anchor
    with `^…$`).

        Example:
            {'id': 'invoice-number-format', 'kind': 'regex', 'path': '/invoice_number', 'pattern': '^INV-[0-9]{4,}$'}

        Attributes:
            id (str): Unique among the extractor's rules; URL-safe. It names the rule in `rule_results`, in flag reasons
                (`rule:<id>`) and in the batch CSV's `failed_rules`.
            kind (RegexRuleKind):
            path (str): JSON Pointer of a field of the schema; `*` for every item of an array.
            pattern (str):
    """

    id: str
    kind: RegexRuleKind
    path: str
    pattern: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        path = self.path

        pattern = self.pattern

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "path": path,
                "pattern": pattern,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = RegexRuleKind(d.pop("kind"))

        path = d.pop("path")

        pattern = d.pop("pattern")

        regex_rule = cls(
            id=id,
            kind=kind,
            path=path,
            pattern=pattern,
        )

        return regex_rule
