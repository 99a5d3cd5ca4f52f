from __future__ import annotations

from enum import Enum


class HTTPValidationErrorCode(str, Enum):
    JSON_TOO_DEEP = "json_too_deep"
    VALIDATION_ERROR = "validation_error"

    def __str__(self) -> str:
        return str(self.value)
