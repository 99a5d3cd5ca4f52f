from __future__ import annotations

from enum import Enum


class GetApiReferenceAssetAsset(str, Enum):
    DOCS_INIT_JS = "docs-init.js"
    FAVICON_32X32_PNG = "favicon-32x32.png"
    SWAGGER_UI_BUNDLE_JS = "swagger-ui-bundle.js"
    SWAGGER_UI_CSS = "swagger-ui.css"

    def __str__(self) -> str:
        return str(self.value)
