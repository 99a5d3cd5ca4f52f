from __future__ import annotations

from enum import Enum


class DirectUploadTicketMethod(str, Enum):
    PUT = "PUT"

    def __str__(self) -> str:
        return str(self.value)
