from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.job_error_code import JobErrorCode

T = TypeVar("T", bound="JobRetry")


@_attrs_define
class JobRetry:
    """A model call that is failing transiently (connection refused or reset, time-out, 5xx, 429,
    a stream cut off) and is being retried with capped exponential backoff, or after the
    provider's `Retry-After`, until `SERVICE_PROVIDER_RETRY_WINDOW_S` has passed since its
    first failure. With `SERVICE_STORAGE=s3`, also a step waiting for the bucket that holds the
    file's bytes (`last_error_code: storage_unavailable`, tried every 5 s). Our addition.

        Attributes:
            attempt (int): Failed attempts of this call so far.
            last_error_code (JobErrorCode): Stable code of a failed job's `error`.

                | Code | Meaning |
                |---|---|
                | `provider_rejected` | The provider refused the request itself (HTTP 400/404/422 and other 4xx), e.g. an
                unknown model or an unsupported reasoning effort. |
                | `provider_auth_failed` | The provider refused the credentials (HTTP 401/403). |
                | `provider_rate_limited` | The provider kept answering 429 for the whole retry window
                (`SERVICE_PROVIDER_RETRY_WINDOW_S`). |
                | `provider_unavailable` | The provider kept failing (5xx, connection failure, cut stream) for the whole retry
                window. |
                | `provider_timeout` | Every attempt ran out of time for the whole retry window: no complete answer within
                `SERVICE_PROVIDER_TIMEOUT_MS`, or a stream that sent nothing for `SERVICE_PROVIDER_IDLE_TIMEOUT_MS`. |
                | `provider_protocol_error` | The provider's answer did not follow the chat-completions protocol. |
                | `provider_key_missing` | The provider needs an API key and none is configured. |
                | `provider_key_unreadable` | The stored key cannot be decrypted with the current secret key. |
                | `provider_not_configured` | Required connection settings of the provider are missing. |
                | `output_truncated` | The model's answer was cut off by the output token budget (for a long document: even for
                a single page, named in the message). |
                | `output_invalid_json` | The model's answer is not valid JSON. |
                | `output_schema_mismatch` | The model's answer does not satisfy the extractor's schema (for a long document:
                the merged answer, naming the field). |
                | `output_degenerate` | The model's answer repeated the same line or item over and over, also when asked again
                with a frequency penalty; the message names the page. |
                | `output_empty` | The model returned an empty answer. |
                | `document_encrypted` | The PDF is encrypted. |
                | `document_corrupt` | The document cannot be read, e.g. an image cut short; found before any model call. |
                | `document_empty` | The document has no pages. |
                | `document_too_many_pages` | The document has more pages than `SERVICE_MAX_PAGES` (extraction:
                `SERVICE_EXTRACTION_MAX_PAGES`). |
                | `document_page_too_large` | A page is too large to render. |
                | `document_too_large` | The document decompresses past the limit (e.g. a zip bomb). |
                | `unsupported_media_type` | The stored bytes are not PDF, PNG or JPEG. |
                | `file_missing` | The file's bytes are gone. |
                | `job_missing` | The job's row disappeared while it ran. |
                | `job_timed_out` | The work did not finish within its time limit. |
                | `suggestion_invalid` | Schema suggestions: the suggested schema was not in the extraction schema dialect, also
                when asked again with the diagnostics (`error.diagnostics`). |
                | `storage_unavailable` | With `SERVICE_STORAGE=s3`: the bucket holding the file's bytes cannot be reached. As a
                `retry`'s code the job is waiting for it (tried every 5 s); as a failure, it stayed unreachable past the step's
                retry time (30 minutes or more). |
                | `internal_error` | An unexpected failure. The message is generic; the service log has the details under the
                job id. |
            last_error_message (str):
            next_attempt_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    attempt: int
    last_error_code: JobErrorCode
    last_error_message: str
    next_attempt_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        attempt = self.attempt

        last_error_code = self.last_error_code.value

        last_error_message = self.last_error_message

        next_attempt_at = self.next_attempt_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attempt": attempt,
                "last_error_code": last_error_code,
                "last_error_message": last_error_message,
                "next_attempt_at": next_attempt_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        attempt = d.pop("attempt")

        last_error_code = JobErrorCode(d.pop("last_error_code"))

        last_error_message = d.pop("last_error_message")

        next_attempt_at = datetime.datetime.fromisoformat(d.pop("next_attempt_at").replace("Z", "+00:00"))

        job_retry = cls(
            attempt=attempt,
            last_error_code=last_error_code,
            last_error_message=last_error_message,
            next_attempt_at=next_attempt_at,
        )

        return job_retry
