from __future__ import annotations

from enum import Enum


class CreateSchemaSuggestionRequestType0ProviderNameType1(str, Enum):
    COMPATIBLE_API = "compatible_api"

    def __str__(self) -> str:
        return str(self.value)
