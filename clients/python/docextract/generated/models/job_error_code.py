from __future__ import annotations

from enum import Enum


class JobErrorCode(str, Enum):
    DOCUMENT_CORRUPT = "document_corrupt"
    DOCUMENT_EMPTY = "document_empty"
    DOCUMENT_ENCRYPTED = "document_encrypted"
    DOCUMENT_PAGE_TOO_LARGE = "document_page_too_large"
    DOCUMENT_TOO_LARGE = "document_too_large"
    DOCUMENT_TOO_MANY_PAGES = "document_too_many_pages"
    FILE_MISSING = "file_missing"
    INTERNAL_ERROR = "internal_error"
    JOB_MISSING = "job_missing"
    JOB_TIMED_OUT = "job_timed_out"
    OUTPUT_DEGENERATE = "output_degenerate"
    OUTPUT_EMPTY = "output_empty"
    OUTPUT_INVALID_JSON = "output_invalid_json"
    OUTPUT_SCHEMA_MISMATCH = "output_schema_mismatch"
    OUTPUT_TRUNCATED = "output_truncated"
    PROVIDER_AUTH_FAILED = "provider_auth_failed"
    PROVIDER_KEY_MISSING = "provider_key_missing"
    PROVIDER_KEY_UNREADABLE = "provider_key_unreadable"
    PROVIDER_NOT_CONFIGURED = "provider_not_configured"
    PROVIDER_PROTOCOL_ERROR = "provider_protocol_error"
    PROVIDER_RATE_LIMITED = "provider_rate_limited"
    PROVIDER_REJECTED = "provider_rejected"
    PROVIDER_TIMEOUT = "provider_timeout"
    PROVIDER_UNAVAILABLE = "provider_unavailable"
    STORAGE_UNAVAILABLE = "storage_unavailable"
    SUGGESTION_INVALID = "suggestion_invalid"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"

    def __str__(self) -> str:
        return str(self.value)
