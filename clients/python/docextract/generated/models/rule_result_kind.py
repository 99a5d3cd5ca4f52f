from __future__ import annotations

from enum import Enum


class RuleResultKind(str, Enum):
    DATE_ORDER = "date_order"
    EQUALS = "equals"
    RANGE = "range"
    REGEX = "regex"
    REQUIRED = "required"
    SUM = "sum"

    def __str__(self) -> str:
        return str(self.value)
