from __future__ import annotations

from enum import Enum


class SumRuleKind(str, Enum):
    SUM = "sum"

    def __str__(self) -> str:
        return str(self.value)
