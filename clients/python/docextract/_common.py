"""What the sync and async clients share: inputs, error mapping, backoff, long-poll detection."""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from types import SimpleNamespace
from io import BytesIO
from pathlib import Path
from typing import Any, Callable, Optional, Union

from .errors import error_from_response
from .generated.models.extraction_job_response import ExtractionJobResponse
from .generated.models.file_response import FileResponse
from .generated.models.parse_job_response import ParseJobResponse
from .generated.models.direct_upload_request import DirectUploadRequest
from .generated.types import UNSET, File

TERMINAL = frozenset({"completed", "failed", "canceled"})
DEFAULT_URL = "http://127.0.0.1:8000"
#: Seconds between polls: starts here, doubles, capped (the service's README client does the same).
FIRST_DELAY, MAX_DELAY = 0.25, 5.0
#: Longest single long-poll request (``?wait=N``) when the service offers it.
LONG_POLL_MAX = 20.0
#: 503 ``persistence_busy`` / ``scheduler_unavailable`` are retried this many times after ``Retry-After``.
BUSY_RETRIES = 3

FileInput = Union[str, os.PathLike, bytes, FileResponse]
Job = Union[ExtractionJobResponse, ParseJobResponse]
JobRef = Union[Job, str]
ProgressCallback = Callable[[int, int], None]
#: Longest long-poll while an ``on_waiting`` callback listens: the long-poll answers when a job ends,
#: not when one of its model calls starts being retried, so it is read more often meanwhile.
WAITING_POLL_MAX = 5.0


@dataclass(frozen=True)
class Waiting:
    """What a running job waits for: a model call failing transiently and being retried (its ``retry``).

    ``str(waiting)`` is the line every client shows: ``waiting for the model: provider_unavailable —
    connect ECONNREFUSED 127.0.0.1:8080 — attempt 5, next in 12 s``.
    """

    attempt: int
    code: str
    message: str
    next_attempt_at: datetime

    def __str__(self) -> str:
        seconds = math.ceil((self.next_attempt_at - datetime.now(timezone.utc)).total_seconds())
        when = "next now" if seconds <= 0 else f"next in {seconds} s"
        message = " ".join(self.message.split())
        if len(message) > 160:
            message = message[:159] + "…"
        return f"waiting for the model: {self.code}{f' — {message}' if message else ''} — attempt {self.attempt}, {when}"


WaitingCallback = Callable[[Waiting], None]


def waiting_of(job: Job) -> Optional[Waiting]:
    """The job's retry state while it is queued or running, else None."""
    retry = getattr(job, "retry", None)
    if status_of(job) not in ("queued", "running") or retry is None or not hasattr(retry, "attempt"):
        return None
    at = retry.next_attempt_at
    if isinstance(at, str):
        at = datetime.fromisoformat(at.replace("Z", "+00:00"))
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    return Waiting(attempt=int(retry.attempt), code=str(retry.last_error_code), message=str(retry.last_error_message), next_attempt_at=at)

_SIGNATURES = ((b"%PDF-", "application/pdf"), (b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"))
_EXTENSIONS = {".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


def settings(base_url: Optional[str], token: Optional[str]) -> tuple[str, Optional[str]]:
    """Explicit arguments, else DOCEXTRACT_URL / DOCEXTRACT_TOKEN, else the local default and no token."""
    url = base_url or os.environ.get("DOCEXTRACT_URL") or DEFAULT_URL
    return url.rstrip("/"), token if token is not None else (os.environ.get("DOCEXTRACT_TOKEN") or None)


#: Files larger than this go straight to the bucket (``POST /v1/uploads``) when the server offers it.
DIRECT_UPLOAD_ABOVE_BYTES = 50 * 1024 * 1024


def direct_upload_request(part: File) -> DirectUploadRequest:
    """The body of POST /v1/uploads for a prepared part (its name, size and type)."""
    return DirectUploadRequest(
        filename=part.file_name or "upload", size_bytes=len(part.payload.getbuffer()), content_type=part.mime_type or UNSET
    )


def direct_uploads_unavailable(error: Exception) -> bool:
    """Whether POST /v1/uploads said the server keeps bytes in Postgres (then upload with POST /v1/files)."""
    return getattr(error, "code", None) == "direct_uploads_unavailable"


def upload_part(source: Union[str, os.PathLike, bytes], filename: Optional[str], media_type: Optional[str]) -> File:
    """The multipart part for POST /v1/files: a path's bytes and name, or raw bytes."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        name = filename or "upload"
    else:
        path = Path(source)
        data = path.read_bytes()
        name = filename or path.name
    if media_type is None:
        media_type = next((t for magic, t in _SIGNATURES if data.startswith(magic)), None)
        media_type = media_type or _EXTENSIONS.get(Path(name).suffix.lower(), "application/octet-stream")
    return File(payload=BytesIO(data), file_name=name, mime_type=media_type)


def file_id_of(source: Any) -> Optional[str]:
    """The id when ``source`` already names an uploaded file (a FileResponse or a ``file_`` id that is not a path)."""
    if isinstance(source, FileResponse):
        return source.id
    if isinstance(source, str) and re.fullmatch(r"file_[0-9a-z]+", source) and not Path(source).exists():
        return source
    return None


def job_path(job: JobRef) -> str:
    job_id = job if isinstance(job, str) else job.id
    if job_id.startswith("pjob_"):
        return f"/v1/parse-jobs/{job_id}"
    if job_id.startswith("ejob_"):
        return f"/v1/extraction-jobs/{job_id}"
    raise ValueError(f"not a job id: {job_id!r} (extraction jobs start with ejob_, parse jobs with pjob_)")


def job_from_json(job_id: str, body: dict[str, Any]) -> Job:
    return (ParseJobResponse if job_id.startswith("pjob_") else ExtractionJobResponse).from_dict(body)


def status_of(job: Job) -> str:
    return str(job.status)


def progress_of(job: Job) -> Optional[tuple[int, int]]:
    """(pages done, pages total) when the job reports progress."""
    progress = getattr(job, "progress", None)
    done = getattr(progress, "pages_completed", None)
    total = getattr(progress, "pages_total", None)
    if isinstance(done, int) and isinstance(total, int):
        return done, total
    return None


def body_of(content: bytes) -> Any:
    try:
        return json.loads(content)
    except ValueError:
        return content.decode("utf-8", "replace")


def raise_for(status: int, content: bytes, headers: Any) -> None:
    if status >= 400:
        raise error_from_response(status, body_of(content), dict(headers))


def retry_after(headers: Any) -> float:
    try:
        return min(max(float(headers.get("retry-after", "1")), 0.0), 30.0)
    except ValueError:
        return 1.0


def offers_long_poll(document: str) -> bool:
    """Whether the service's OpenAPI document declares a ``wait`` query parameter (long-poll on job reads)."""
    return re.search(r"^\s*(?:-\s+)?name:\s*['\"]?wait['\"]?\s*$", document, re.MULTILINE) is not None


class Backoff:
    """Poll delays: FIRST_DELAY doubling to MAX_DELAY, never past the deadline."""

    def __init__(self) -> None:
        self.delay = FIRST_DELAY

    def next(self, remaining: float) -> float:
        delay = min(self.delay, max(remaining, 0.0))
        self.delay = min(self.delay * 2, MAX_DELAY)
        return delay

    def reset(self) -> None:
        self.delay = FIRST_DELAY


# ---- evaluations (shared by both clients: request bodies and when a run has ended) ----

RUN_ENDED = ("completed", "failed", "canceled")


def evaluation_item_body(
    expected_output: Optional[dict[str, Any]], text: Optional[str], file_id: Optional[str], from_job_id: Optional[str], note: Optional[str]
) -> dict[str, Any]:
    """``{text | file_id, expected_output, note?}`` or ``{from_job_id, note?}``."""
    if from_job_id is not None:
        if text is not None or file_id is not None or expected_output is not None:
            raise ValueError("from_job_id takes the job's input and reviewed data: give nothing else but a note")
        body: dict[str, Any] = {"from_job_id": from_job_id}
    else:
        if (text is None) == (file_id is None) or expected_output is None:
            raise ValueError("give exactly one of file or text, and expected_output")
        body = {"expected_output": expected_output, **({"text": text} if text is not None else {"file_id": file_id})}
    if note is not None:
        body["note"] = note
    return body


def evaluation_run_body(evaluation_set: str, extractor: str, options: Optional[dict[str, Any]]) -> dict[str, Any]:
    return {"evaluation_set": evaluation_set, "extractor_name": extractor, **({"options": options} if options else {})}


def as_object(value: dict[str, Any]) -> Any:
    """A JSON object with attribute access (``run.id``, ``run.status``), e.g. for WaitTimeoutError."""
    return SimpleNamespace(**value)

# ---- batches (shared request building; the clients keep only the I/O) ----

BATCH_ENDED = frozenset({"completed", "canceled", "failed"})


def batch_body(
    kind: str,
    definition: str,
    inputs: Optional[list[dict[str, Any]]],
    concurrency: Optional[int],
    metadata: Optional[dict[str, str]],
    source_prefix: Optional[str] = None,
    destination_prefix: Optional[str] = None,
) -> dict[str, Any]:
    """The body of ``POST /v1/batches``: ``inputs`` are ``{"custom_id", "file_id" | "text"}``; or, with
    ``SERVICE_STORAGE=s3``, ``source_prefix`` (every object under it is an item); ``destination_prefix``
    receives ``results.ndjson`` (and ``results.csv``) when the batch ends (docs/batches.md)."""
    body: dict[str, Any] = {"kind": kind, "extractor_name" if kind == "extraction" else "parser_name": definition}
    if inputs is not None:
        body["inputs"] = inputs
    if source_prefix is not None:
        body["source"] = {"s3_prefix": source_prefix}
    if destination_prefix is not None:
        body["destination"] = {"s3_prefix": destination_prefix}
    if concurrency is not None:
        body["concurrency"] = concurrency
    if metadata is not None:
        body["metadata"] = metadata
    return body


def batch_id_of(batch: Union[str, dict[str, Any]]) -> str:
    return batch if isinstance(batch, str) else str(batch["id"])


def batch_results_path(batch: Union[str, dict[str, Any]], status: Optional[str]) -> str:
    return f"/v1/batches/{batch_id_of(batch)}/results" + (f"?status={status}" if status else "")


# ---- retrieval (parse jobs) ----

def parse_job_path(job: JobRef, tail: str) -> str:
    """``/v1/parse-jobs/{id}`` + ``tail`` for a parse job (id or object)."""
    path = job_path(job)
    if not path.startswith("/v1/parse-jobs/"):
        raise ValueError(f"chunks, tables and documents come from parse jobs (pjob_...), not {path.rsplit('/', 1)[-1]!r}")
    return path + tail


def chunk_params(max_tokens: Optional[int], overlap_tokens: Optional[int]) -> dict[str, int]:
    params: dict[str, int] = {}
    if max_tokens is not None:
        params["max_tokens"] = max_tokens
    if overlap_tokens is not None:
        params["overlap_tokens"] = overlap_tokens
    return params
