from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.sum_rule_kind import SumRuleKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="SumRule")


@_attrs_define
class SumRule:
    """The values at `items` add up to the value at `equals`, within `tolerance` (default 0.01). Null items are left out; a
    null total is not applicable.

        Example:
            {'id': 'total-adds-up', 'kind': 'sum', 'items': '/items/*/amount', 'equals': '/total', 'tolerance': 0.01}

        Attributes:
            id (str): Unique among the extractor's rules; URL-safe. It names the rule in `rule_results`, in flag reasons
                (`rule:<id>`) and in the batch CSV's `failed_rules`.
            kind (SumRuleKind):
            items (str): JSON Pointer of a field of the schema; `*` for every item of an array.
            equals (str): JSON Pointer of a field of the schema; `*` for every item of an array.
            tolerance (float | Unset):  Default: 0.01.
    """

    id: str
    kind: SumRuleKind
    items: str
    equals: str
    tolerance: float | Unset = 0.01

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        items = self.items

        equals = self.equals

        tolerance = self.tolerance

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "items": items,
                "equals": equals,
            }
        )
        if tolerance is not UNSET:
            field_dict["tolerance"] = tolerance

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = SumRuleKind(d.pop("kind"))

        items = d.pop("items")

        equals = d.pop("equals")

        tolerance = d.pop("tolerance", UNSET)

        sum_rule = cls(
            id=id,
            kind=kind,
            items=items,
            equals=equals,
            tolerance=tolerance,
        )

        return sum_rule
