"""Python client of the document extraction and parsing service.

    from docextract import Client
    job = Client().extract("receipt.pdf", extractor="receipt")
    print(job.result.data.to_dict())

``docextract.generated`` is the low-level client generated from the service's OpenAPI document.
"""

from ._common import Waiting
from ._import import ExpectedOutputMismatch
from .async_client import AsyncClient
from .client import Client
from .errors import (
    ApiError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    DocextractError,
    JobCanceledError,
    JobFailedError,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    ServerError,
    ServiceUnavailableError,
    ValidationError,
    WaitTimeoutError,
)

__version__ = "0.6.0"

__all__ = [
    "ApiError",
    "AsyncClient",
    "AuthenticationError",
    "BadRequestError",
    "Client",
    "ConflictError",
    "DocextractError",
    "ExpectedOutputMismatch",
    "JobCanceledError",
    "JobFailedError",
    "NotFoundError",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "ServerError",
    "ServiceUnavailableError",
    "ValidationError",
    "WaitTimeoutError",
    "Waiting",
]
