from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.required_rule_kind import RequiredRuleKind

T = TypeVar("T", bound="RequiredRule")


@_attrs_define
class RequiredRule:
    """The value at `path` is not null.

    Example:
        {'id': 'has-total', 'kind': 'required', 'path': '/total'}

    Attributes:
        id (str): Unique among the extractor's rules; URL-safe. It names the rule in `rule_results`, in flag reasons
            (`rule:<id>`) and in the batch CSV's `failed_rules`.
        kind (RequiredRuleKind):
        path (str): JSON Pointer of a field of the schema; `*` for every item of an array.
    """

    id: str
    kind: RequiredRuleKind
    path: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        path = self.path

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "path": path,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = RequiredRuleKind(d.pop("kind"))

        path = d.pop("path")

        required_rule = cls(
            id=id,
            kind=kind,
            path=path,
        )

        return required_rule
