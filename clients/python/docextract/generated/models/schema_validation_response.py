from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.diagnostic import Diagnostic
    from ..models.schema_validation_response_canonical_schema_type_0 import (
        SchemaValidationResponseCanonicalSchemaType0,
    )


T = TypeVar("T", bound="SchemaValidationResponse")


@_attrs_define
class SchemaValidationResponse:
    """
    Attributes:
        valid (bool): True when `errors` is empty (warnings do not block).
        canonical_schema (None | SchemaValidationResponseCanonicalSchemaType0): The accepted schema in canonical form;
            null when invalid.
        warnings (list[Diagnostic]): Non-blocking diagnostics.
        errors (list[Diagnostic]): Blocking diagnostics that make the schema invalid.
    """

    valid: bool
    canonical_schema: None | SchemaValidationResponseCanonicalSchemaType0
    warnings: list[Diagnostic]
    errors: list[Diagnostic]

    def to_dict(self) -> dict[str, Any]:
        from ..models.schema_validation_response_canonical_schema_type_0 import (
            SchemaValidationResponseCanonicalSchemaType0,
        )

        valid = self.valid

        canonical_schema: dict[str, Any] | None
        if isinstance(self.canonical_schema, SchemaValidationResponseCanonicalSchemaType0):
            canonical_schema = self.canonical_schema.to_dict()
        else:
            canonical_schema = self.canonical_schema

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "valid": valid,
                "canonical_schema": canonical_schema,
                "warnings": warnings,
                "errors": errors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.diagnostic import Diagnostic
        from ..models.schema_validation_response_canonical_schema_type_0 import (
            SchemaValidationResponseCanonicalSchemaType0,
        )

        d = dict(src_dict)
        valid = d.pop("valid")

        def _parse_canonical_schema(
            data: object,
        ) -> None | SchemaValidationResponseCanonicalSchemaType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                canonical_schema_type_0 = SchemaValidationResponseCanonicalSchemaType0.from_dict(data)

                return canonical_schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | SchemaValidationResponseCanonicalSchemaType0", data)

        canonical_schema = _parse_canonical_schema(d.pop("canonical_schema"))

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = Diagnostic.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = Diagnostic.from_dict(errors_item_data)

            errors.append(errors_item)

        schema_validation_response = cls(
            valid=valid,
            canonical_schema=canonical_schema,
            warnings=warnings,
            errors=errors,
        )

        return schema_validation_response
