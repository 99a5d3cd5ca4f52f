from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.flag_reason_type_0 import FlagReasonType0

T = TypeVar("T", bound="ValueFlag")


@_attrs_define
class ValueFlag:
    """
    Attributes:
        path (str): JSON Pointer of the value in `data`.
        reasons (list[Any | FlagReasonType0]):
        confidence (float | None): The value's confidence, null when unknown.
    """

    path: str
    reasons: list[Any | FlagReasonType0]
    confidence: float | None

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item: Any | str
            if isinstance(reasons_item_data, FlagReasonType0):
                reasons_item = reasons_item_data.value
            else:
                reasons_item = reasons_item_data
            reasons.append(reasons_item)

        confidence: float | None
        confidence = self.confidence

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
                "reasons": reasons,
                "confidence": confidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        path = d.pop("path")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:

            def _parse_reasons_item(data: object) -> Any | FlagReasonType0:
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    componentsschemas_flag_reason_type_0 = FlagReasonType0(data)

                    return componentsschemas_flag_reason_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast("Any | FlagReasonType0", data)

            reasons_item = _parse_reasons_item(reasons_item_data)

            reasons.append(reasons_item)

        def _parse_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        confidence = _parse_confidence(d.pop("confidence"))

        value_flag = cls(
            path=path,
            reasons=reasons,
            confidence=confidence,
        )

        return value_flag
