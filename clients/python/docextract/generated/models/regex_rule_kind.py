from __future__ import annotations

from enum import Enum


class RegexRuleKind(str, Enum):
    REGEX = "regex"

    def __str__(self) -> str:
        return str(self.value)
