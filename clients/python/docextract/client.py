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
from ._import import EvaluationSets
from .errors import ApiError, JobCanceledError, JobFailedError, WaitTimeoutError
from .generated import AuthenticatedClient
from .generated import Client as GeneratedClient
from .generated.api.extraction_jobs import create_extraction_job, list_extraction_jobs
from .generated.api.files import complete_direct_upload, create_direct_upload, delete_file, get_file, get_file_page_text, list_files, upload_file
from .generated.api.parse_jobs import create_parse_job, list_parse_jobs
from .generated.models.create_extraction_job_request import CreateExtractionJobRequest
from .generated.models.create_parse_job_request import CreateParseJobRequest
from .generated.models.extraction_job_response import ExtractionJobResponse
from .generated.models.file_response import FileResponse
from .generated.models.page_text import PageText
from .generated.models.file_upload import FileUpload
from .generated.models.job_status import JobStatus
from .generated.models.parse_job_response import ParseJobResponse
from .generated.models.review_event import ReviewEvent
from .generated.models.review_status import ReviewStatus
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
        direct_upload_above_bytes: int = c.DIRECT_UPLOAD_ABOVE_BYTES,
    ) -> None:
        self.base_url, self.token = c.settings(base_url, token)
        #: ``upload`` sends larger files straight to the bucket (POST /v1/uploads) when the server
        #: offers it (``SERVICE_STORAGE=s3``), else as multipart like any other.
        self.direct_upload_above_bytes = direct_upload_above_bytes
        self._timeout = httpx.Timeout(timeout)
        common: dict[str, Any] = {"base_url": self.base_url, "timeout": httpx.Timeout(timeout), "httpx_args": httpx_args or {}}
        self.raw: Union[AuthenticatedClient, GeneratedClient] = (
            AuthenticatedClient(token=self.token, **common) if self.token else GeneratedClient(**common)
        )
        self._long_poll: Optional[bool] = None
        #: Evaluation sets, and ``import_folder`` of a folder of labelled documents.
        self.evaluation_sets = EvaluationSets(self)

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

    # ---- retrieval (parse jobs) ----

    def chunks(self, job: c.JobRef, *, max_tokens: Optional[int] = None, overlap_tokens: Optional[int] = None) -> dict[str, Any]:
        """A completed parse job's text as chunks: ``{tokenizer, chunks: [{index, text, heading_path, pages, boxes, token_count}]}``."""
        return self.request("GET", c.parse_job_path(job, "/chunks"), params=c.chunk_params(max_tokens, overlap_tokens))

    def tables(self, job: c.JobRef) -> list[dict[str, Any]]:
        """A completed parse job's tables: ``[{index, pages, boxes, rows, header_rows}]`` (tables split over pages joined)."""
        return self.request("GET", c.parse_job_path(job, "/tables"))

    def table_csv(self, job: c.JobRef, index: int) -> str:
        """One table as RFC 4180 CSV text."""
        return self._send("GET", c.parse_job_path(job, f"/tables/{int(index)}.csv")).text

    def document(self, job: c.JobRef, format: str = "markdown") -> str:
        """The whole document as ``markdown``, ``html``, ``text`` or ``json`` (text of the file)."""
        return self._send("GET", c.parse_job_path(job, "/document"), params={"format": format}).text


    # ---- batches ----

    def batch(
        self,
        kind: str,
        definition: str,
        inputs: Optional[list[dict[str, Any]]] = None,
        *,
        concurrency: Optional[int] = None,
        metadata: Optional[dict[str, str]] = None,
        idempotency_key: Optional[str] = None,
        source_prefix: Optional[str] = None,
        destination_prefix: Optional[str] = None,
    ) -> dict[str, Any]:
        """Create a batch (``kind`` ``extraction`` or ``parse``, the definition's name, ``[{custom_id, file_id | text}]``;
        or ``source_prefix``: the objects under a prefix of the service's bucket; ``destination_prefix``: where the
        results are written when it ends)."""
        headers = {"Idempotency-Key": idempotency_key or str(uuid.uuid4())}
        return self.request("POST", "/v1/batches", json=c.batch_body(kind, definition, inputs, concurrency, metadata, source_prefix, destination_prefix), headers=headers)

    def get_batch(self, batch: Union[str, dict[str, Any]]) -> dict[str, Any]:
        return self.request("GET", f"/v1/batches/{c.batch_id_of(batch)}")

    def wait_batch(
        self,
        batch: Union[str, dict[str, Any]],
        timeout: float = 24 * 3600.0,
        poll: float = 2.0,
        on_update: Optional[Callable[[dict[str, Any]], None]] = None,
    ) -> dict[str, Any]:
        """Poll until the batch has ended (``completed``, ``canceled`` or ``failed``) and return it (raises TimeoutError)."""
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
        """Upload a file of any accepted format from a path or bytes (the service names its format from the bytes)."""
        part = c.upload_part(file, filename, media_type)
        if len(part.payload.getbuffer()) > self.direct_upload_above_bytes:
            direct = self._direct_upload(part)
            if direct is not None:
                return direct
        return self._call(upload_file.sync_detailed, body=FileUpload(upload=part)).parsed

    def _direct_upload(self, part: Any) -> Optional[FileResponse]:
        """POST /v1/uploads, PUT the bytes to the bucket, complete; None when the server keeps bytes in Postgres."""
        try:
            ticket = self._call(create_direct_upload.sync_detailed, body=c.direct_upload_request(part)).parsed
        except ApiError as error:
            if c.direct_uploads_unavailable(error):
                return None
            raise
        # Not through self.raw: the URL is signed for the bucket, which must not get our bearer token.
        put = httpx.put(ticket.url, content=part.payload.getvalue(), headers=ticket.headers.to_dict(), timeout=self._timeout)
        c.raise_for(put.status_code, put.content, put.headers)
        return self._call(complete_direct_upload.sync_detailed, upload_id=ticket.id).parsed

    def get_file(self, file: Union[FileResponse, str]) -> FileResponse:
        return self._call(get_file.sync_detailed, file_id=file if isinstance(file, str) else file.id).parsed

    def delete_file(self, file: Union[FileResponse, str]) -> None:
        self._call(delete_file.sync_detailed, file_id=file if isinstance(file, str) else file.id)

    def page_text(self, file: Union[FileResponse, str], page: int) -> PageText:
        """A page's text layer: ``text`` in reading order and ``words`` with boxes (0..1 of the page); a scan has none."""
        return self._call(get_file_page_text.sync_detailed, file_id=file if isinstance(file, str) else file.id, page=page).parsed

    def files(self, *, limit: int = 20, parent_file_id: Optional[str] = None) -> Iterator[FileResponse]:
        """Every file, newest first, fetching pages of ``limit`` as the iteration goes; with
        ``parent_file_id``, the files made of that e-mail's attachments, in attachment order."""
        return self._pages(list_files.sync_detailed, limit=limit, parent_file_id=UNSET if parent_file_id is None else parent_file_id)

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
        on_waiting: Optional[c.WaitingCallback] = None,
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
        return self._finish(job, wait, timeout, on_progress, on_waiting)

    def parse(
        self,
        file: c.FileInput,
        *,
        parser: str = "document-to-markdown",
        wait: bool = True,
        timeout: float = 600.0,
        on_progress: Optional[c.ProgressCallback] = None,
        on_waiting: Optional[c.WaitingCallback] = None,
    ) -> ParseJobResponse:
        """Parse a file into page-preserving Markdown (``job.result.content``, ``job.result.pages``)."""
        ref = {"parser_id": parser} if parser.startswith("prs_") else {"parser_name": parser}
        job = self._call(create_parse_job.sync_detailed, body=CreateParseJobRequest(file_id=self._file_id(file), **ref)).parsed
        return self._finish(job, wait, timeout, on_progress, on_waiting)

    def _finish(
        self, job: Any, wait: bool, timeout: float, on_progress: Optional[c.ProgressCallback], on_waiting: Optional[c.WaitingCallback] = None
    ) -> Any:
        if not wait:
            return job
        job = self.wait(job, timeout=timeout, on_progress=on_progress, on_waiting=on_waiting)
        if c.status_of(job) == "failed":
            raise JobFailedError(job)
        if c.status_of(job) == "canceled":
            raise JobCanceledError(job)
        return job

    def get_job(self, job: c.JobRef) -> Any:
        """Read an extraction job (``ejob_``) or a parse job (``pjob_``)."""
        job_id = job if isinstance(job, str) else job.id
        return c.job_from_json(job_id, self._send("GET", c.job_path(job)).json())

    def wait(
        self,
        job: c.JobRef,
        timeout: float = 300.0,
        on_progress: Optional[c.ProgressCallback] = None,
        on_waiting: Optional[c.WaitingCallback] = None,
    ) -> Any:
        """Wait until the job is completed, failed or canceled and return it (raises WaitTimeoutError).

        Uses the service's long-poll (``?wait=N`` on job reads) when its document offers it, otherwise
        polls with backoff. ``on_progress(pages_done, pages_total)`` is called whenever progress changes;
        ``on_waiting(waiting)`` whenever the job starts another attempt of a model call that is failing
        (``str(waiting)``: "waiting for the model: provider_unavailable — … — attempt 5, next in 12 s").
        """
        deadline = time.monotonic() + timeout
        current = self.get_job(job) if isinstance(job, str) else job
        backoff = c.Backoff()
        seen: Optional[tuple[int, int]] = None
        seen_waiting: Optional[tuple[int, str]] = None
        longest_poll = c.LONG_POLL_MAX if on_waiting is None else c.WAITING_POLL_MAX
        while True:
            progress = c.progress_of(current)
            if on_progress and progress is not None and progress != seen:
                seen = progress
                on_progress(*progress)
            waiting = c.waiting_of(current)
            if on_waiting and waiting is not None and (waiting.attempt, waiting.code) != seen_waiting:
                on_waiting(waiting)
            seen_waiting = None if waiting is None else (waiting.attempt, waiting.code)
            if c.status_of(current) in c.TERMINAL:
                return current
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WaitTimeoutError(current, timeout)
            previous = (c.status_of(current), progress)
            if self._offers_long_poll():
                current = self._long_poll_read(current.id, min(remaining, longest_poll))
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

    # ---- review of extraction jobs (docs/confidence-and-review.md) ----

    def jobs_in_review(self, status: str = "pending", *, limit: int = 20) -> Iterator[ExtractionJobResponse]:
        """Extraction jobs whose review has this status (default ``pending``), newest first, page by page."""
        return self._pages(list_extraction_jobs.sync_detailed, limit=limit, review_status=ReviewStatus(status))

    def review(self, job: c.JobRef, revision: int, fields: list[dict[str, Any]]) -> ExtractionJobResponse:
        """Decide on values: ``fields`` are ``{"path", "action": "accept"|"correct"|"mark_absent", "value"?}``."""
        body = {"revision": revision, "fields": fields}
        return ExtractionJobResponse.from_dict(self._send("PATCH", c.job_path(job) + "/review", json=body).json())

    def approve_review(self, job: c.JobRef, revision: int, *, add_as_example: bool = False) -> ExtractionJobResponse:
        """Approve the review; ``add_as_example`` appends the input and reviewed data to the extractor's examples."""
        body: dict[str, Any] = {"revision": revision}
        if add_as_example:
            body["add_as_example"] = True
        return ExtractionJobResponse.from_dict(self._send("POST", c.job_path(job) + "/review/approve", json=body).json())

    def reject_review(self, job: c.JobRef, revision: int, reason: str) -> ExtractionJobResponse:
        """Reject the review, with the reviewer's reason."""
        body = {"revision": revision, "reason": reason}
        return ExtractionJobResponse.from_dict(self._send("POST", c.job_path(job) + "/review/reject", json=body).json())

    def review_events(self, job: c.JobRef) -> list[ReviewEvent]:
        """Every review decision on the job, in order."""
        return [ReviewEvent.from_dict(e) for e in self._send("GET", c.job_path(job) + "/review/events").json()]

    # ---- evaluations (plain JSON dicts, as the API answers them) ----

    def create_evaluation_set(self, name: str, display_name: Optional[str] = None, description: Optional[str] = None) -> dict[str, Any]:
        body: dict[str, Any] = {"name": name, "display_name": display_name or name}
        if description is not None:
            body["description"] = description
        return self.request("POST", "/v1/evaluation-sets", json=body)

    def add_evaluation_item(
        self,
        evaluation_set: str,
        expected_output: Optional[dict[str, Any]] = None,
        *,
        text: Optional[str] = None,
        file: Optional[c.FileInput] = None,
        from_job_id: Optional[str] = None,
        note: Optional[str] = None,
    ) -> dict[str, Any]:
        """A file (path, bytes or file id) or a text with its right answer, or ``from_job_id`` of an approved review."""
        file_id = self._file_id(file) if file is not None else None
        body = c.evaluation_item_body(expected_output, text, file_id, from_job_id, note)
        return self.request("POST", f"/v1/evaluation-sets/{evaluation_set}/items", json=body)

    def run_evaluation(
        self,
        evaluation_set: str,
        extractor: str,
        *,
        options: Optional[dict[str, Any]] = None,
        wait: bool = True,
        timeout: float = 3600.0,
        on_progress: Optional[Callable[[dict[str, Any]], None]] = None,
    ) -> dict[str, Any]:
        """Run ``extractor`` over the set; with ``wait``, return the ended run (its ``report`` once completed)."""
        run = self.request("POST", "/v1/evaluation-runs", json=c.evaluation_run_body(evaluation_set, extractor, options))
        return self.wait_for_evaluation_run(run["id"], timeout=timeout, on_progress=on_progress) if wait else run

    def get_evaluation_run(self, run_id: str) -> dict[str, Any]:
        return self.request("GET", f"/v1/evaluation-runs/{run_id}")

    def wait_for_evaluation_run(
        self, run_id: str, timeout: float = 3600.0, on_progress: Optional[Callable[[dict[str, Any]], None]] = None
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        backoff = c.Backoff()
        while True:
            run = self.get_evaluation_run(run_id)
            if on_progress:
                on_progress(run)
            if run["status"] in c.RUN_ENDED:
                return run
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WaitTimeoutError(c.as_object(run), timeout)
            time.sleep(backoff.next(remaining))

    def cancel_evaluation_run(self, run_id: str) -> dict[str, Any]:
        return self.request("POST", f"/v1/evaluation-runs/{run_id}/cancel")

    def compare_evaluation_runs(self, run_id: str, baseline_run_id: str) -> dict[str, Any]:
        """Per-field deltas, ``regressions`` and ``fixes`` of ``run_id`` against ``baseline_run_id``."""
        return self.request("GET", f"/v1/evaluation-runs/{run_id}/compare/{baseline_run_id}")
