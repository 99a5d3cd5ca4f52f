from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.review_field_decision_action import ReviewFieldDecisionAction
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReviewFieldDecision")


@_attrs_define
class ReviewFieldDecision:
    """
    Attributes:
        path (str): JSON Pointer of a leaf of `result.data`, e.g. `/items/0/amount`.
        action (ReviewFieldDecisionAction): `accept` keeps the model's value, `correct` replaces it with `value`,
            `mark_absent` sets it to null.
        value (Any | Unset): The corrected value (required with `correct`).
    """

    path: str
    action: ReviewFieldDecisionAction
    value: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        action = self.action.value

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
                "action": action,
            }
        )
        if value is not UNSET:
            field_dict["value"] = value

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        path = d.pop("path")

        action = ReviewFieldDecisionAction(d.pop("action"))

        value = d.pop("value", UNSET)

        review_field_decision = cls(
            path=path,
            action=action,
            value=value,
        )

        return review_field_decision
