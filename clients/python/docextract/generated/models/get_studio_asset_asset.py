from __future__ import annotations

from enum import Enum


class GetStudioAssetAsset(str, Enum):
    STUDIO_CSS = "studio.css"
    STUDIO_JS = "studio.js"

    def __str__(self) -> str:
        return str(self.value)
