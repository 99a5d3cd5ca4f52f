from __future__ import annotations

from enum import Enum


class DiagnosticCode(str, Enum):
    CONTRADICTORY_LENGTH = "contradictory_length"
    DUPLICATE_ENUM_VALUE = "duplicate_enum_value"
    DUPLICATE_REQUIRED = "duplicate_required"
    EMPTY_ENUM = "empty_enum"
    EMPTY_PROPERTIES = "empty_properties"
    ENUM_NULL_MISMATCH = "enum_null_mismatch"
    ENUM_TOO_LARGE = "enum_too_large"
    INVALID_PATTERN = "invalid_pattern"
    INVALID_SEMANTIC = "invalid_semantic"
    INVALID_TYPE = "invalid_type"
    INVALID_UNION = "invalid_union"
    INVALID_VALUE = "invalid_value"
    MISSING_KEYWORD = "missing_keyword"
    NULLABLE_ROOT = "nullable_root"
    OPTIONAL_NOT_NULLABLE = "optional_not_nullable"
    OVERLAPPING_BRANCHES = "overlapping_branches"
    REQUIRED_UNKNOWN_PROPERTY = "required_unknown_property"
    RESERVED_PROPERTY_NAME = "reserved_property_name"
    ROOT_NOT_OBJECT = "root_not_object"
    SCHEMA_TOO_DEEP = "schema_too_deep"
    SCHEMA_TOO_LARGE = "schema_too_large"
    TOO_MANY_DIAGNOSTICS = "too_many_diagnostics"
    TOO_MANY_PROPERTIES = "too_many_properties"
    UNSUPPORTED_KEYWORD = "unsupported_keyword"
    UNSUPPORTED_TYPE = "unsupported_type"

    def __str__(self) -> str:
        return str(self.value)
