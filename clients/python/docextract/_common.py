"""What the sync and async clients share: inputs, error mapping, backoff, long-poll detection."""

from __future__ import annotations

import json
import os
import re
from io import BytesIO
from pathlib import Path
from typing import Any, Callable, Optional, Union

from .errors import error_from_response
from .generated.models.extraction_job_response import ExtractionJobResponse
from .generated.models.file_response import FileResponse
from .generated.models.parse_job_response import ParseJobResponse
from .generated.types import File

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

_SIGNATURES = ((b"%PDF-", "application/pdf"), (b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"))
_EXTENSIONS = {".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


def settings(base_url: Optional[str], token: Optional[str]) -> tuple[str, Optional[str]]:
    """Explicit arguments, else DOCEXTRACT_URL / DOCEXTRACT_TOKEN, else the local default and no token."""
    url = base_url or os.environ.get("DOCEXTRACT_URL") or DEFAULT_URL
    return url.rstrip("/"), token if token is not None else (os.environ.get("DOCEXTRACT_TOKEN") or None)


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


# ---- batches (shared request building; the clients keep only the I/O) ----

BATCH_ENDED = frozenset({"completed", "canceled"})


def batch_body(
    kind: str,
    definition: str,
    inputs: list[dict[str, Any]],
    concurrency: Optional[int],
    metadata: Optional[dict[str, str]],
) -> dict[str, Any]:
    """The body of ``POST /v1/batches``: ``inputs`` are ``{"custom_id", "file_id" | "text"}``."""
    body: dict[str, Any] = {"kind": kind, "extractor_name" if kind == "extraction" else "parser_name": definition, "inputs": inputs}
    if concurrency is not None:
        body["concurrency"] = concurrency
    if metadata is not None:
        body["metadata"] = metadata
    return body


def batch_id_of(batch: Union[str, dict[str, Any]]) -> str:
    return batch if isinstance(batch, str) else str(batch["id"])


def batch_results_path(batch: Union[str, dict[str, Any]], status: Optional[str]) -> str:
    return f"/v1/batches/{batch_id_of(batch)}/results" + (f"?status={status}" if status else "")
