from __future__ import annotations

from enum import Enum


class DateOrderRuleKind(str, Enum):
    DATE_ORDER = "date_order"

    def __str__(self) -> str:
        return str(self.value)
