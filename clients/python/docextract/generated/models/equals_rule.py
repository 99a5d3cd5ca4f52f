from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.equals_rule_kind import EqualsRuleKind

T = TypeVar("T", bound="EqualsRule")


@_attrs_define
class EqualsRule:
    """The values at `path` and `other` are the same (as JSON, as numbers when one is written as text, or as text with
    surrounding spaces trimmed).

        Example:
            {'id': 'same-currency', 'kind': 'equals', 'path': '/items/*/currency', 'other': '/currency'}

        Attributes:
            id (str): Unique among the extractor's rules; URL-safe. It names the rule in `rule_results`, in flag reasons
                (`rule:<id>`) and in the batch CSV's `failed_rules`.
            kind (EqualsRuleKind):
            path (str): JSON Pointer of a field of the schema; `*` for every item of an array.
            other (str): JSON Pointer of a field of the schema; `*` for every item of an array.
    """

    id: str
    kind: EqualsRuleKind
    path: str
    other: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        path = self.path

        other = self.other

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "path": path,
                "other": other,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = EqualsRuleKind(d.pop("kind"))

        path = d.pop("path")

        other = d.pop("other")

        equals_rule = cls(
            id=id,
            kind=kind,
            path=path,
            other=other,
        )

        return equals_rule
