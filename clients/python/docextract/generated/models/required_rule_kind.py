from __future__ import annotations

from enum import Enum


class RequiredRuleKind(str, Enum):
    REQUIRED = "required"

    def __str__(self) -> str:
        return str(self.value)
