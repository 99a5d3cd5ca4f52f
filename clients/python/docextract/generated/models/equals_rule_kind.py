from __future__ import annotations

from enum import Enum


class EqualsRuleKind(str, Enum):
    EQUALS = "equals"

    def __str__(self) -> str:
        return str(self.value)
