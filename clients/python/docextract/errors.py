"""Typed exceptions. Every error the service answers carries ``code``, ``status`` and ``detail``."""

from __future__ import annotations

from typing import Any, Optional


class DocextractError(Exception):
    """Base class of every error this package raises."""

    def __init__(self, message: str, *, code: str, status: Optional[int] = None, detail: Any = None) -> None:
        super().__init__(message)
        #: Stable snake_case code (``not_found``, ``file_in_use``, ``validation_error``, a job's failure code...).
        self.code = code
        #: HTTP status of the response, or None for errors that are not an HTTP answer (a failed job, a timeout).
        self.status = status
        #: The service's ``detail``: usually a string; a list for request-shape errors; an object for ``invalid_schema``.
        self.detail = detail


class ApiError(DocextractError):
    """The service answered with an error status (4xx or 5xx)."""

    def __init__(self, status: int, code: str, detail: Any, *, headers: Optional[dict[str, str]] = None) -> None:
        super().__init__(f"HTTP {status} {code}: {detail}", code=code, status=status, detail=detail)
        self.headers = dict(headers or {})


class BadRequestError(ApiError):
    """400: the input is unusable (unsupported file, invalid schema...)."""


class AuthenticationError(ApiError):
    """401 ``unauthorized``: the service requires a bearer token (``DOCEXTRACT_TOKEN``) and got none or a wrong one."""


class PermissionDeniedError(ApiError):
    """403: the token is valid but may not do this."""


class NotFoundError(ApiError):
    """404 ``not_found``."""


class ConflictError(ApiError):
    """409: ``file_in_use``, ``extractor_in_use``, ``prebuilt_read_only``, ``name_taken``..."""


class PayloadTooLargeError(ApiError):
    """413: ``file_too_large`` or ``payload_too_large``."""


class ValidationError(ApiError):
    """422: the request's shape is invalid. The wire body has no code; this error's ``code`` is
    ``validation_error`` and ``detail`` is the list of ``{loc, msg, type}`` problems."""


class ServiceUnavailableError(ApiError):
    """503 ``persistence_busy`` / ``scheduler_unavailable``, still failing after the client's retries."""


class ServerError(ApiError):
    """Any other 5xx (``internal_error``, ``provider_error``...)."""


class JobFailedError(DocextractError):
    """A job ended ``failed``: ``code`` is the job's failure code (``provider_unavailable``...)."""

    def __init__(self, job: Any) -> None:
        error = job.error
        super().__init__(f"{job.id} failed: {error.code}: {error.message}", code=str(error.code), detail=error.message)
        self.job = job


class JobCanceledError(DocextractError):
    """A job waited for with ``extract(..., wait=True)`` / ``parse(..., wait=True)`` was canceled."""

    def __init__(self, job: Any) -> None:
        super().__init__(f"{job.id} was canceled", code="canceled", detail=None)
        self.job = job


class WaitTimeoutError(DocextractError, TimeoutError):
    """``wait()`` reached its timeout before the job finished; ``job`` is its last state."""

    def __init__(self, job: Any, timeout: float) -> None:
        super().__init__(f"{job.id} is still {job.status} after {timeout:g} s", code="wait_timeout", detail=None)
        self.job = job


_BY_STATUS = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    413: PayloadTooLargeError,
    422: ValidationError,
    503: ServiceUnavailableError,
}


def error_from_response(status: int, body: Any, headers: Optional[dict[str, str]] = None) -> ApiError:
    """The typed exception for an error response (``body`` is its parsed JSON, or text)."""
    if isinstance(body, dict) and "detail" in body:
        detail = body["detail"]
        code = body.get("code")
    else:
        detail, code = body, None
    if not code:
        code = "validation_error" if status == 422 else f"http_{status}"
    cls = _BY_STATUS.get(status) or (ServerError if status >= 500 else ApiError)
    return cls(status, str(code), detail, headers=headers)
