"""The synchronous client: a small layer over the generated low-level client (``docextract.generated``)."""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Iterator
from typing import Any, Callable, Optional, Union

import httpx

from . import _common as c
from .errors import JobCanceledError, JobFailedError, WaitTimeoutError
from .generated import AuthenticatedClient
from .generated import Client as GeneratedClient
from .generated.api.extraction_jobs import create_extraction_job, list_extraction_jobs
from .generated.api.files import delete_file, get_file, list_files, upload_file
from .generated.api.parse_jobs import create_parse_job, list_parse_jobs
from .generated.models.create_extraction_job_request import CreateExtractionJobRequest
from .generated.models.create_parse_job_request import CreateParseJobRequest
from .generated.models.extraction_job_response import ExtractionJobResponse
from .generated.models.file_response import FileResponse
from .generated.models.file_upload import FileUpload
from .generated.models.job_status import JobStatus
from .generated.models.parse_job_response import ParseJobResponse
from .generated.types import UNSET


class Client:
    """``Client(base_url, token)``; both default to ``DOCEXTRACT_URL`` / ``DOCEXTRACT_TOKEN``.

    Every error answer raises a :class:`docextract.errors.ApiError` subclass carrying ``code``,
    ``status`` and ``detail``. ``raw`` is the generated low-level client, for every other operation.
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        token: Optional[str] = None,
        *,
        timeout: float = 60.0,
        httpx_args: Optional[dict[str, Any]] = None,
    ) -> None:
        self.base_url, self.token = c.settings(base_url, token)
        common: dict[str, Any] = {"base_url": self.base_url, "timeout": httpx.Timeout(timeout), "httpx_args": httpx_args or {}}
        self.raw: Union[AuthenticatedClient, GeneratedClient] = (
            AuthenticatedClient(token=self.token, **common) if self.token else GeneratedClient(**common)
        )
        self._long_poll: Optional[bool] = None

    # ---- plumbing ----

    def close(self) -> None:
        self.raw.get_httpx_client().close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _call(self, operation: Callable[..., Any], **kwargs: Any) -> Any:
        """Run a generated operation; retry 503 after Retry-After; raise the typed error for any error status."""
        for attempt in range(c.BUSY_RETRIES + 1):
            response = operation(client=self.raw, **kwargs)
            if response.status_code == 503 and attempt < c.BUSY_RETRIES:
                time.sleep(c.retry_after(response.headers))
                continue
            c.raise_for(response.status_code, response.content, response.headers)
            return response
        raise AssertionError("unreachable")

    def request(self, method: str, path: str, **kwargs: Any) -> Any:
        """Any request (``path`` such as ``/v1/extractors``); returns the parsed JSON, raises typed errors."""
        response = self._send(method, path, **kwargs)
        return c.body_of(response.content) if response.content else None

    def _send(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        http = self.raw.get_httpx_client()
        for attempt in range(c.BUSY_RETRIES + 1):
            response = http.request(method, path, **kwargs)
            if response.status_code == 503 and attempt < c.BUSY_RETRIES:
                time.sleep(c.retry_after(response.headers))
                continue
            c.raise_for(response.status_code, response.content, response.headers)
            return response
        raise AssertionError("unreachable")

    # ---- batches ----

    def batch(
        self,
        kind: str,
        definition: str,
        inputs: list[dict[str, Any]],
        *,
        concurrency: Optional[int] = None,
        metadata: Optional[dict[str, str]] = None,
        idempotency_key: Optional[str] = None,
    ) -> dict[str, Any]:
        """Create a batch (``kind`` ``extraction`` or ``parse``, the definition's name, ``[{custom_id, file_id | text}]``)."""
        headers = {"Idempotency-Key": idempotency_key or str(uuid.uuid4())}
        return self.request("POST", "/v1/batches", json=c.batch_body(kind, definition, inputs, concurrency, metadata), headers=headers)

    def get_batch(self, batch: Union[str, dict[str, Any]]) -> dict[str, Any]:
        return self.request("GET", f"/v1/batches/{c.batch_id_of(batch)}")

    def wait_batch(
        self,
        batch: Union[str, dict[str, Any]],
        timeout: float = 24 * 3600.0,
        poll: float = 2.0,
        on_update: Optional[Callable[[dict[str, Any]], None]] = None,
    ) -> dict[str, Any]:
        """Poll until the batch is ``completed`` or ``canceled`` and return it (raises TimeoutError)."""
        deadline = time.monotonic() + timeout
        while True:
            current = self.get_batch(batch)
            if on_update:
                on_update(current)
            if current["status"] in c.BATCH_ENDED:
                return current
            if time.monotonic() > deadline:
                raise TimeoutError(f"batch {current['id']} is still {current['status']} after {timeout} s")
            time.sleep(poll)

    def batch_results(self, batch: Union[str, dict[str, Any]], *, status: Optional[str] = None) -> Iterator[dict[str, Any]]:
        """The ended items in input order, one dict per line, streamed (``status``: only those that ended so)."""
        http = self.raw.get_httpx_client()
        with http.stream("GET", c.batch_results_path(batch, status)) as response:
            if response.status_code >= 400:
                response.read()
                c.raise_for(response.status_code, response.content, response.headers)
            for line in response.iter_lines():
                if line.strip():
                    yield json.loads(line)

    # ---- files ----

    def upload(
        self, file: Union[str, os.PathLike, bytes], *, filename: Optional[str] = None, media_type: Optional[str] = None
    ) -> FileResponse:
        """Upload a PDF, PNG or JPEG from a path or bytes (media type from the bytes' signature unless given)."""
        part = c.upload_part(file, filename, media_type)
        return self._call(upload_file.sync_detailed, body=FileUpload(upload=part)).parsed

    def get_file(self, file: Union[FileResponse, str]) -> FileResponse:
        return self._call(get_file.sync_detailed, file_id=file if isinstance(file, str) else file.id).parsed

    def delete_file(self, file: Union[FileResponse, str]) -> None:
        self._call(delete_file.sync_detailed, file_id=file if isinstance(file, str) else file.id)

    def files(self, *, limit: int = 20) -> Iterator[FileResponse]:
        """Every file, newest first, fetching pages of ``limit`` as the iteration goes."""
        return self._pages(list_files.sync_detailed, limit=limit)

    def _pages(self, operation: Callable[..., Any], **kwargs: Any) -> Iterator[Any]:
        cursor: Any = UNSET
        while True:
            response = self._call(operation, cursor=cursor, **kwargs)
            yield from response.parsed
            cursor = response.headers.get("x-next-cursor")
            if not cursor:
                return

    def _file_id(self, file: c.FileInput) -> str:
        return c.file_id_of(file) or self.upload(file).id  # type: ignore[arg-type]

    # ---- jobs ----

    def extract(
        self,
        file: Optional[c.FileInput] = None,
        *,
        text: Optional[str] = None,
        extractor: str = "receipt",
        wait: bool = True,
        timeout: float = 300.0,
        on_progress: Optional[c.ProgressCallback] = None,
    ) -> ExtractionJobResponse:
        """Extract JSON from a file (path, bytes, FileResponse or file id) or from ``text``.

        ``extractor`` is a name or an ``ext_`` id. With ``wait`` (default) the completed job is returned
        (``job.result.data``); a failed job raises JobFailedError, a canceled one JobCanceledError.
        """
        if (file is None) == (text is None):
            raise ValueError("give exactly one of file or text")
        body = CreateExtractionJobRequest(
            **({"extractor_id": extractor} if extractor.startswith("ext_") else {"extractor_name": extractor}),
            **({"text": text} if text is not None else {"file_id": self._file_id(file)}),  # type: ignore[arg-type]
        )
        job = self._call(create_extraction_job.sync_detailed, body=body).parsed
        return self._finish(job, wait, timeout, on_progress)

    def parse(
        self,
        file: c.FileInput,
        *,
        parser: str = "document-to-markdown",
        wait: bool = True,
        timeout: float = 600.0,
        on_progress: Optional[c.ProgressCallback] = None,
    ) -> ParseJobResponse:
        """Parse a file into page-preserving Markdown (``job.result.content``, ``job.result.pages``)."""
        ref = {"parser_id": parser} if parser.startswith("prs_") else {"parser_name": parser}
        job = self._call(create_parse_job.sync_detailed, body=CreateParseJobRequest(file_id=self._file_id(file), **ref)).parsed
        return self._finish(job, wait, timeout, on_progress)

    def _finish(self, job: Any, wait: bool, timeout: float, on_progress: Optional[c.ProgressCallback]) -> Any:
        if not wait:
            return job
        job = self.wait(job, timeout=timeout, on_progress=on_progress)
        if c.status_of(job) == "failed":
            raise JobFailedError(job)
        if c.status_of(job) == "canceled":
            raise JobCanceledError(job)
        return job

    def get_job(self, job: c.JobRef) -> Any:
        """Read an extraction job (``ejob_``) or a parse job (``pjob_``)."""
        job_id = job if isinstance(job, str) else job.id
        return c.job_from_json(job_id, self._send("GET", c.job_path(job)).json())

    def wait(self, job: c.JobRef, timeout: float = 300.0, on_progress: Optional[c.ProgressCallback] = None) -> Any:
        """Wait until the job is completed, failed or canceled and return it (raises WaitTimeoutError).

        Uses the service's long-poll (``?wait=N`` on job reads) when its document offers it, otherwise
        polls with backoff. ``on_progress(pages_done, pages_total)`` is called whenever progress changes.
        """
        deadline = time.monotonic() + timeout
        current = self.get_job(job) if isinstance(job, str) else job
        backoff = c.Backoff()
        seen: Optional[tuple[int, int]] = None
        while True:
            progress = c.progress_of(current)
            if on_progress and progress is not None and progress != seen:
                seen = progress
                on_progress(*progress)
            if c.status_of(current) in c.TERMINAL:
                return current
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WaitTimeoutError(current, timeout)
            previous = (c.status_of(current), progress)
            if self._offers_long_poll():
                current = self._long_poll_read(current.id, min(remaining, c.LONG_POLL_MAX))
            else:
                time.sleep(backoff.next(remaining))
                current = self.get_job(current.id)
            if (c.status_of(current), c.progress_of(current)) != previous:
                backoff.reset()

    def _offers_long_poll(self) -> bool:
        if self._long_poll is None:
            try:
                document = self.raw.get_httpx_client().get("/openapi.yaml", headers={"accept": "text/yaml"})
                self._long_poll = document.status_code == 200 and c.offers_long_poll(document.text)
            except httpx.HTTPError:
                self._long_poll = False
        return self._long_poll

    def _long_poll_read(self, job_id: str, seconds: float) -> Any:
        started = time.monotonic()
        http = self.raw.get_httpx_client()
        response = http.get(c.job_path(job_id), params={"wait": max(1, int(seconds))}, timeout=seconds + 30)
        if response.status_code == 422:
            # The service refused the parameter after all: poll from now on.
            self._long_poll = False
            return self.get_job(job_id)
        c.raise_for(response.status_code, response.content, response.headers)
        job = c.job_from_json(job_id, response.json())
        # A service that answers at once without a change must not be polled in a busy loop.
        if time.monotonic() - started < 0.1:
            time.sleep(0.1)
        return job

    def cancel(self, job: c.JobRef) -> Any:
        """Ask a queued or running job to stop; returns the job (``canceling``, later ``canceled``)."""
        job_id = job if isinstance(job, str) else job.id
        return c.job_from_json(job_id, self._send("POST", c.job_path(job) + "/cancel").json())

    def delete_job(self, job: c.JobRef) -> None:
        """Delete a job (an active one is cancelled first and disappears once stopped)."""
        self._send("DELETE", c.job_path(job))

    def extraction_jobs(
        self, *, status: Optional[str] = None, extractor_id: Optional[str] = None, limit: int = 20
    ) -> Iterator[ExtractionJobResponse]:
        """Every extraction job, newest first, page by page."""
        return self._pages(
            list_extraction_jobs.sync_detailed,
            limit=limit,
            status=JobStatus(status) if status else UNSET,
            extractor_id=extractor_id or UNSET,
        )

    def parse_jobs(self, *, status: Optional[str] = None, parser_id: Optional[str] = None, limit: int = 20) -> Iterator[ParseJobResponse]:
        """Every parse job, newest first, page by page."""
        return self._pages(
            list_parse_jobs.sync_detailed, limit=limit, status=JobStatus(status) if status else UNSET, parser_id=parser_id or UNSET
        )
