from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

T = TypeVar("T", bound="ReviewThresholds")


@_attrs_define
class ReviewThresholds:
    """Our addition (issue 40). Field path (`""` or a JSON Pointer; `*` stands for any array index,
    as in evaluation reports, e.g. `/items/*/amount`) → the threshold of that field. A value is
    flagged `low_confidence` when its confidence is below the threshold of the most specific
    path that matches it (fewest `*`), else below `review_threshold` when that is set. A field
    mapped to null has no threshold that suffices: each of its values with a confidence is
    flagged (what a thresholds proposal writes for a field where no threshold reaches the
    target). A job is put in review when `review_threshold` or `review_thresholds` is set.

    """

    additional_properties: dict[str, float | None] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        review_thresholds = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(data: object) -> float | None:
                if data is None:
                    return data
                return cast("float | None", data)

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        review_thresholds.additional_properties = additional_properties
        return review_thresholds

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> float | None:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: float | None) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
