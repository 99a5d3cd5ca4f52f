from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EvaluationMismatch")


@_attrs_define
class EvaluationMismatch:
    """
    Attributes:
        path (str): JSON Pointer of the leaf (rows numbered as in the expected data; extra extracted rows after them).
        expected (Any): The right value (any JSON value or null).
        extracted (Any): The extracted value (any JSON value or null).
        confidence (float | None): The value's confidence from the job's `result.confidence`, when present.
    """

    path: str
    expected: Any
    extracted: Any
    confidence: float | None

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        expected = self.expected

        extracted = self.extracted

        confidence: float | None
        confidence = self.confidence

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
                "expected": expected,
                "extracted": extracted,
                "confidence": confidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        path = d.pop("path")

        expected = d.pop("expected")

        extracted = d.pop("extracted")

        def _parse_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        confidence = _parse_confidence(d.pop("confidence"))

        evaluation_mismatch = cls(
            path=path,
            expected=expected,
            extracted=extracted,
            confidence=confidence,
        )

        return evaluation_mismatch
