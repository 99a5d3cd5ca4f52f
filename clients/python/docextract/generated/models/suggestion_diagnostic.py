from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="SuggestionDiagnostic")


@_attrs_define
class SuggestionDiagnostic:
    """
    Attributes:
        message (str):
        path (str): Where in the model's answer, e.g. `$.schema.properties.total.type`.
        code (str): A `DiagnosticCode` of the schema dialect, or `invalid_answer` when the answer held no schema object.
    """

    message: str
    path: str
    code: str

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        path = self.path

        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message": message,
                "path": path,
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        message = d.pop("message")

        path = d.pop("path")

        code = d.pop("code")

        suggestion_diagnostic = cls(
            message=message,
            path=path,
            code=code,
        )

        return suggestion_diagnostic
