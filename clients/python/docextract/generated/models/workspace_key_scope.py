from __future__ import annotations

from enum import Enum


class WorkspaceKeyScope(str, Enum):
    ADMIN = "admin"
    CLIENT = "client"
    REVIEWER = "reviewer"

    def __str__(self) -> str:
        return str(self.value)
