from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.date_order_rule_kind import DateOrderRuleKind

T = TypeVar("T", bound="DateOrderRule")


@_attrs_define
class DateOrderRule:
    """The date at `before` is on or before the date at `after`, each read in its own format (ISO, `12.03.2024`,
    `03/12/2024`, `12 March 2024`, `March 12, 2024`, …); a value that is no readable date, or a day/month order neither
    value settles, is not applicable.

        Example:
            {'id': 'due-after-issue', 'kind': 'date_order', 'before': '/issue_date', 'after': '/due_date'}

        Attributes:
            id (str): Unique among the extractor's rules; URL-safe. It names the rule in `rule_results`, in flag reasons
                (`rule:<id>`) and in the batch CSV's `failed_rules`.
            kind (DateOrderRuleKind):
            before (str): JSON Pointer of a field of the schema; `*` for every item of an array.
            after (str): JSON Pointer of a field of the schema; `*` for every item of an array.
    """

    id: str
    kind: DateOrderRuleKind
    before: str
    after: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        before = self.before

        after = self.after

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "before": before,
                "after": after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = DateOrderRuleKind(d.pop("kind"))

        before = d.pop("before")

        after = d.pop("after")

        date_order_rule = cls(
            id=id,
            kind=kind,
            before=before,
            after=after,
        )

        return date_order_rule
