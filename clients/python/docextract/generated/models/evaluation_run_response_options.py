from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EvaluationRunResponseOptions")


@_attrs_define
class EvaluationRunResponseOptions:
    """The scoring options with their defaults filled in (unused by classifier runs).

    Attributes:
        fuzzy_fields (list[str]):
        fuzzy_threshold (float):
        numeric_tolerance (float):
        exclude_fields (list[str]):
    """

    fuzzy_fields: list[str]
    fuzzy_threshold: float
    numeric_tolerance: float
    exclude_fields: list[str]

    def to_dict(self) -> dict[str, Any]:
        fuzzy_fields = self.fuzzy_fields

        fuzzy_threshold = self.fuzzy_threshold

        numeric_tolerance = self.numeric_tolerance

        exclude_fields = self.exclude_fields

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "fuzzy_fields": fuzzy_fields,
                "fuzzy_threshold": fuzzy_threshold,
                "numeric_tolerance": numeric_tolerance,
                "exclude_fields": exclude_fields,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        fuzzy_fields = cast(list[str], d.pop("fuzzy_fields"))

        fuzzy_threshold = d.pop("fuzzy_threshold")

        numeric_tolerance = d.pop("numeric_tolerance")

        exclude_fields = cast(list[str], d.pop("exclude_fields"))

        evaluation_run_response_options = cls(
            fuzzy_fields=fuzzy_fields,
            fuzzy_threshold=fuzzy_threshold,
            numeric_tolerance=numeric_tolerance,
            exclude_fields=exclude_fields,
        )

        return evaluation_run_response_options
