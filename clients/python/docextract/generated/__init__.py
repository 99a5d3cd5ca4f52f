"""A client library for accessing Document Extraction and Parsing Service"""

from __future__ import annotations

from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)
