from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EvaluationLeafChange")


@_attrs_define
class EvaluationLeafChange:
    """
    Attributes:
        item_id (str):
        path (str):
        baseline (Any): The value the baseline run extracted.
        new (Any): The value the new run extracted.
    """

    item_id: str
    path: str
    baseline: Any
    new: Any

    def to_dict(self) -> dict[str, Any]:
        item_id = self.item_id

        path = self.path

        baseline = self.baseline

        new = self.new

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "item_id": item_id,
                "path": path,
                "baseline": baseline,
                "new": new,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        item_id = d.pop("item_id")

        path = d.pop("path")

        baseline = d.pop("baseline")

        new = d.pop("new")

        evaluation_leaf_change = cls(
            item_id=item_id,
            path=path,
            baseline=baseline,
            new=new,
        )

        return evaluation_leaf_change
