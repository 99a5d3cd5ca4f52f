from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.diagnostic_code import DiagnosticCode

T = TypeVar("T", bound="Diagnostic")


@_attrs_define
class Diagnostic:
    """
    Attributes:
        message (str):
        path (str): JSONPath-like location in the submitted schema, e.g. `$.properties['odd key'].type`.
        code (DiagnosticCode): Stable code of a schema diagnostic.

            | Code | Severity | Meaning |
            |---|---|---|
            | `root_not_object` | error | The root must be an object schema. |
            | `unsupported_keyword` | error | A key that the schema kind does not allow (also unknown keys in `x-service`).
            |
            | `missing_keyword` | error | A key the schema kind requires is absent (`type`, `properties`, `items`,
            `semantic`). |
            | `invalid_type` | error | A value has the wrong JSON type. |
            | `invalid_value` | error | A value has the right JSON type but is not allowed. |
            | `unsupported_type` | error | A type name outside the dialect, or not allowed here. |
            | `duplicate_required` | error | A name appears more than once in `required`. |
            | `invalid_pattern` | error | `pattern` is not a valid regular expression. |
            | `duplicate_enum_value` | error | A value appears more than once in one enum. |
            | `empty_enum` | error | An enum with no values. |
            | `invalid_semantic` | error | `x-service.semantic` is not an allowed value. |
            | `invalid_union` | error | A malformed `oneOf`/`anyOf`. |
            | `reserved_property_name` | error | A property named `__proto__`. |
            | `schema_too_deep` | error | Nesting deeper than 32 levels. |
            | `enum_too_large` | error | More than 500 values in one enum or enum union. |
            | `too_many_properties` | error | More than 500 properties in one object schema. |
            | `schema_too_large` | error | More than 5000 schema objects in one document. |
            | `too_many_diagnostics` | either | More than 200 diagnostics of one severity; the rest are summarised. |
            | `required_unknown_property` | warning | A `required` entry names no property. |
            | `optional_not_nullable` | warning | A property is neither required nor nullable. |
            | `empty_properties` | warning | An object schema with no properties. |
            | `contradictory_length` | warning | `minLength` is greater than `maxLength`. |
            | `enum_null_mismatch` | warning | `null` in `enum` disagrees with `type`. |
            | `overlapping_branches` | warning | Union branches accept the same value. |
            | `nullable_root` | warning | The root object is nullable; accepted, but a result is never null. |
    """

    message: str
    path: str
    code: DiagnosticCode

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        path = self.path

        code = self.code.value

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

        code = DiagnosticCode(d.pop("code"))

        diagnostic = cls(
            message=message,
            path=path,
            code=code,
        )

        return diagnostic
