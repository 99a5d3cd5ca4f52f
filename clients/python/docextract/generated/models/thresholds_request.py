from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="ThresholdsRequest")


@_attrs_define
class ThresholdsRequest:
    """
    Attributes:
        target_precision (float): The share of auto-accepted values that must be right.
        apply (bool | Unset): Write the thresholds into the run's extractor as `review_thresholds` (a new version).
            Default: False.
    """

    target_precision: float
    apply: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        target_precision = self.target_precision

        apply = self.apply

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target_precision": target_precision,
            }
        )
        if apply is not UNSET:
            field_dict["apply"] = apply

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        target_precision = d.pop("target_precision")

        apply = d.pop("apply", UNSET)

        thresholds_request = cls(
            target_precision=target_precision,
            apply=apply,
        )

        return thresholds_request
