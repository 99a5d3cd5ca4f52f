from __future__ import annotations

from enum import Enum


class FileWarningCode(str, Enum):
    FORMULA_NOT_COMPUTED = "formula_not_computed"

    def __str__(self) -> str:
        return str(self.value)
