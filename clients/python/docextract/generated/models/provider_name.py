from __future__ import annotations

from enum import Enum


class ProviderName(str, Enum):
    COMPATIBLE_API = "compatible_api"
    HOSTED_API = "hosted_api"
    HOSTED_PROJECT_API = "hosted_project_api"

    def __str__(self) -> str:
        return str(self.value)
