from __future__ import annotations

from enum import Enum


class ErrorCode(str, Enum):
    BAD_REQUEST = "bad_request"
    BATCH_NOT_ENDED = "batch_not_ended"
    DOCUMENT_CORRUPT = "document_corrupt"
    DOCUMENT_EMPTY = "document_empty"
    DOCUMENT_ENCRYPTED = "document_encrypted"
    DOCUMENT_PAGE_TOO_LARGE = "document_page_too_large"
    DOCUMENT_TOO_MANY_PAGES = "document_too_many_pages"
    EMPTY_FILE = "empty_file"
    EXTRACTOR_IN_USE = "extractor_in_use"
    FILE_IN_USE = "file_in_use"
    FILE_TOO_LARGE = "file_too_large"
    FORBIDDEN = "forbidden"
    IDEMPOTENCY_KEY_IN_USE = "idempotency_key_in_use"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    INTERNAL_ERROR = "internal_error"
    INVALID_API_KEY = "invalid_api_key"
    INVALID_EXAMPLE = "invalid_example"
    INVALID_MULTIPART = "invalid_multipart"
    INVALID_PROVIDER_CONFIGURATION = "invalid_provider_configuration"
    INVALID_SCHEMA = "invalid_schema"
    JOB_NOT_FAILED = "job_not_failed"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    MODEL_REQUIRED = "model_required"
    NAME_MISMATCH = "name_mismatch"
    NAME_TAKEN = "name_taken"
    NOT_FOUND = "not_found"
    PARSER_IN_USE = "parser_in_use"
    PAYLOAD_TOO_LARGE = "payload_too_large"
    PERSISTENCE_BUSY = "persistence_busy"
    PREBUILT_READ_ONLY = "prebuilt_read_only"
    PROVIDER_ERROR = "provider_error"
    PROVIDER_KEY_MISSING = "provider_key_missing"
    PROVIDER_KEY_UNREADABLE = "provider_key_unreadable"
    SCHEDULER_UNAVAILABLE = "scheduler_unavailable"
    TOO_MANY_INPUTS = "too_many_inputs"
    UNAUTHORIZED = "unauthorized"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    WEBHOOK_URL_FORBIDDEN = "webhook_url_forbidden"
    WEBHOOK_URL_INVALID = "webhook_url_invalid"
    WEBHOOK_URL_UNRESOLVABLE = "webhook_url_unresolvable"

    def __str__(self) -> str:
        return str(self.value)
