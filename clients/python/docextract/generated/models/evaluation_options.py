from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="EvaluationOptions")


@_attrs_define
class EvaluationOptions:
    """How values are compared (docs/evaluation.md). Pointers are JSON Pointers of fields, with `*` for
    array indices (`/items/*/amount`), or concrete (`/items/0/amount`); a pointer also covers
    everything below it.

        Attributes:
            fuzzy_fields (list[str] | Unset): Strings equal when their normalised Levenshtein similarity is at least
                `fuzzy_threshold`.
            fuzzy_threshold (float | Unset): Default 0.9.
            numeric_tolerance (float | Unset): Relative: |a − b| ≤ tolerance × max(|a|, |b|). Default 0.
            exclude_fields (list[str] | Unset): Fields left out of the score.
    """

    fuzzy_fields: list[str] | Unset = UNSET
    fuzzy_threshold: float | Unset = UNSET
    numeric_tolerance: float | Unset = UNSET
    exclude_fields: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        fuzzy_fields: list[str] | Unset = UNSET
        if not isinstance(self.fuzzy_fields, Unset):
            fuzzy_fields = self.fuzzy_fields

        fuzzy_threshold = self.fuzzy_threshold

        numeric_tolerance = self.numeric_tolerance

        exclude_fields: list[str] | Unset = UNSET
        if not isinstance(self.exclude_fields, Unset):
            exclude_fields = self.exclude_fields

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if fuzzy_fields is not UNSET:
            field_dict["fuzzy_fields"] = fuzzy_fields
        if fuzzy_threshold is not UNSET:
            field_dict["fuzzy_threshold"] = fuzzy_threshold
        if numeric_tolerance is not UNSET:
            field_dict["numeric_tolerance"] = numeric_tolerance
        if exclude_fields is not UNSET:
            field_dict["exclude_fields"] = exclude_fields

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        fuzzy_fields = cast(list[str], d.pop("fuzzy_fields", UNSET))

        fuzzy_threshold = d.pop("fuzzy_threshold", UNSET)

        numeric_tolerance = d.pop("numeric_tolerance", UNSET)

        exclude_fields = cast(list[str], d.pop("exclude_fields", UNSET))

        evaluation_options = cls(
            fuzzy_fields=fuzzy_fields,
            fuzzy_threshold=fuzzy_threshold,
            numeric_tolerance=numeric_tolerance,
            exclude_fields=exclude_fields,
        )

        return evaluation_options
