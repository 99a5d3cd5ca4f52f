from __future__ import annotations

from enum import Enum


class FormFieldType(str, Enum):
    CHECKBOX = "checkbox"
    CHOICE = "choice"
    RADIO = "radio"
    SIGNATURE = "signature"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
