"""The asynchronous twin of :class:`docextract.Client`, on httpx.AsyncClient (the generated ``asyncio_detailed`` calls)."""

from __future__ import annotations

import asyncio
import json
import os
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any, Callable, Optional, Union

import httpx

from . import _common as c
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


class AsyncClient:
    """``AsyncClient(base_url, token)``: the same methods as :class:`docextract.Client`, awaited;
    ``files()``, ``extraction_jobs()`` and ``parse_jobs()`` are async iterators."""

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

    async def aclose(self) -> None:
        await self.raw.get_async_httpx_client().aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _call(self, operation: Callable[..., Any], **kwargs: Any) -> Any:
        for attempt in range(c.BUSY_RETRIES + 1):
            response = await operation(client=self.raw, **kwargs)
            if response.status_code == 503 and attempt < c.BUSY_RETRIES:
                await asyncio.sleep(c.retry_after(response.headers))
                continue
            c.raise_for(response.status_code, response.content, response.headers)
            return response
        raise AssertionError("unreachable")

    async def request(self, method: str, path: str, **kwargs: Any) -> Any:
        response = await self._send(method, path, **kwargs)
        return c.body_of(response.content) if response.content else None

    async def _send(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        http = self.raw.get_async_httpx_client()
        for attempt in range(c.BUSY_RETRIES + 1):
            response = await http.request(method, path, **kwargs)
            if response.status_code == 503 and attempt < c.BUSY_RETRIES:
                await asyncio.sleep(c.retry_after(response.headers))
                continue
            c.raise_for(response.status_code, response.content, response.headers)
            return response
        raise AssertionError("unreachable")

    # ---- retrieval (parse jobs) ----

    async def chunks(self, job: c.JobRef, *, max_tokens: Optional[int] = None, overlap_tokens: Optional[int] = None) -> dict[str, Any]:
        """A completed parse job's text as chunks: ``{tokenizer, chunks: [{index, text, heading_path, pages, boxes, token_count}]}``."""
        return await self.request("GET", c.parse_job_path(job, "/chunks"), params=c.chunk_params(max_tokens, overlap_tokens))

    async def tables(self, job: c.JobRef) -> list[dict[str, Any]]:
        """A completed parse job's tables: ``[{index, pages, boxes, rows, header_rows}]`` (tables split over pages joined)."""
        return await self.request("GET", c.parse_job_path(job, "/tables"))

    async def table_csv(self, job: c.JobRef, index: int) -> str:
        """One table as RFC 4180 CSV text."""
        return (await self._send("GET", c.parse_job_path(job, f"/tables/{int(index)}.csv"))).text

    async def document(self, job: c.JobRef, format: str = "markdown") -> str:
        """The whole document as ``markdown``, ``html``, ``text`` or ``json`` (text of the file)."""
        return (await self._send("GET", c.parse_job_path(job, "/document"), params={"format": format})).text


    # ---- batches ----

    async def batch(
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
        return await self.request("POST", "/v1/batches", json=c.batch_body(kind, definition, inputs, concurrency, metadata, source_prefix, destination_prefix), headers=headers)

    async def get_batch(self, batch: Union[str, dict[str, Any]]) -> dict[str, Any]:
        return await self.request("GET", f"/v1/batches/{c.batch_id_of(batch)}")

    async def wait_batch(
        self,
        batch: Union[str, dict[str, Any]],
        timeout: float = 24 * 3600.0,
        poll: float = 2.0,
        on_update: Optional[Callable[[dict[str, Any]], None]] = None,
    ) -> dict[str, Any]:
        """Poll until the batch has ended (``completed``, ``canceled`` or ``failed``) and return it (raises TimeoutError)."""
        deadline = time.monotonic() + timeout
        while True:
            current = await self.get_batch(batch)
            if on_update:
                on_update(current)
            if current["status"] in c.BATCH_ENDED:
                return current
            if time.monotonic() > deadline:
                raise TimeoutError(f"batch {current['id']} is still {current['status']} after {timeout} s")
            await asyncio.sleep(poll)

    async def batch_results(self, batch: Union[str, dict[str, Any]], *, status: Optional[str] = None) -> AsyncIterator[dict[str, Any]]:
        """The ended items in input order, one dict per line, streamed (``status``: only those that ended so)."""
        http = self.raw.get_async_httpx_client()
        async with http.stream("GET", c.batch_results_path(batch, status)) as response:
            if response.status_code >= 400:
                await response.aread()
                c.raise_for(response.status_code, response.content, response.headers)
            async for line in response.aiter_lines():
                if line.strip():
                    yield json.loads(line)

    async def upload(
        self, file: Union[str, os.PathLike, bytes], *, filename: Optional[str] = None, media_type: Optional[str] = None
    ) -> FileResponse:
        part = c.upload_part(file, filename, media_type)
        if len(part.payload.getbuffer()) > self.direct_upload_above_bytes:
            direct = await self._direct_upload(part)
            if direct is not None:
                return direct
        return (await self._call(upload_file.asyncio_detailed, body=FileUpload(upload=part))).parsed

    async def _direct_upload(self, part: Any) -> Optional[FileResponse]:
        """POST /v1/uploads, PUT the bytes to the bucket, complete; None when the server keeps bytes in Postgres."""
        try:
            ticket = (await self._call(create_direct_upload.asyncio_detailed, body=c.direct_upload_request(part))).parsed
        except ApiError as error:
            if c.direct_uploads_unavailable(error):
                return None
            raise
        # Not through self.raw: the URL is signed for the bucket, which must not get our bearer token.
        async with httpx.AsyncClient(timeout=self._timeout) as bucket:
            put = await bucket.put(ticket.url, content=part.payload.getvalue(), headers=ticket.headers.to_dict())
        c.raise_for(put.status_code, put.content, put.headers)
        return (await self._call(complete_direct_upload.asyncio_detailed, upload_id=ticket.id)).parsed

    async def get_file(self, file: Union[FileResponse, str]) -> FileResponse:
        return (await self._call(get_file.asyncio_detailed, file_id=file if isinstance(file, str) else file.id)).parsed

    async def delete_file(self, file: Union[FileResponse, str]) -> None:
        await self._call(delete_file.asyncio_detailed, file_id=file if isinstance(file, str) else file.id)

    async def page_text(self, file: Union[FileResponse, str], page: int) -> PageText:
        """A page's text layer: ``text`` in reading order and ``words`` with boxes (0..1 of the page); a scan has none."""
        return (await self._call(get_file_page_text.asyncio_detailed, file_id=file if isinstance(file, str) else file.id, page=page)).parsed

    def files(self, *, limit: int = 20, parent_file_id: Optional[str] = None) -> AsyncIterator[FileResponse]:
        return self._pages(list_files.asyncio_detailed, limit=limit, parent_file_id=UNSET if parent_file_id is None else parent_file_id)

    async def _pages(self, operation: Callable[..., Any], **kwargs: Any) -> AsyncIterator[Any]:
        cursor: Any = UNSET
        while True:
            response = await self._call(operation, cursor=cursor, **kwargs)
            for item in response.parsed:
                yield item
            cursor = response.headers.get("x-next-cursor")
            if not cursor:
                return

    async def _file_id(self, file: c.FileInput) -> str:
        return c.file_id_of(file) or (await self.upload(file)).id  # type: ignore[arg-type]

    async def extract(
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
        if (file is None) == (text is None):
            raise ValueError("give exactly one of file or text")
        body = CreateExtractionJobRequest(
            **({"extractor_id": extractor} if extractor.startswith("ext_") else {"extractor_name": extractor}),
            **({"text": text} if text is not None else {"file_id": await self._file_id(file)}),  # type: ignore[arg-type]
        )
        job = (await self._call(create_extraction_job.asyncio_detailed, body=body)).parsed
        return await self._finish(job, wait, timeout, on_progress, on_waiting)

    async def parse(
        self,
        file: c.FileInput,
        *,
        parser: str = "document-to-markdown",
        wait: bool = True,
        timeout: float = 600.0,
        on_progress: Optional[c.ProgressCallback] = None,
        on_waiting: Optional[c.WaitingCallback] = None,
    ) -> ParseJobResponse:
        ref = {"parser_id": parser} if parser.startswith("prs_") else {"parser_name": parser}
        body = CreateParseJobRequest(file_id=await self._file_id(file), **ref)
        job = (await self._call(create_parse_job.asyncio_detailed, body=body)).parsed
        return await self._finish(job, wait, timeout, on_progress, on_waiting)

    async def _finish(
        self, job: Any, wait: bool, timeout: float, on_progress: Optional[c.ProgressCallback], on_waiting: Optional[c.WaitingCallback] = None
    ) -> Any:
        if not wait:
            return job
        job = await self.wait(job, timeout=timeout, on_progress=on_progress, on_waiting=on_waiting)
        if c.status_of(job) == "failed":
            raise JobFailedError(job)
        if c.status_of(job) == "canceled":
            raise JobCanceledError(job)
        return job

    async def get_job(self, job: c.JobRef) -> Any:
        job_id = job if isinstance(job, str) else job.id
        return c.job_from_json(job_id, (await self._send("GET", c.job_path(job))).json())

    async def wait(
        self,
        job: c.JobRef,
        timeout: float = 300.0,
        on_progress: Optional[c.ProgressCallback] = None,
        on_waiting: Optional[c.WaitingCallback] = None,
    ) -> Any:
        deadline = time.monotonic() + timeout
        current = await self.get_job(job) if isinstance(job, str) else job
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
            if await self._offers_long_poll():
                current = await self._long_poll_read(current.id, min(remaining, longest_poll))
            else:
                await asyncio.sleep(backoff.next(remaining))
                current = await self.get_job(current.id)
            if (c.status_of(current), c.progress_of(current)) != previous:
                backoff.reset()

    async def _offers_long_poll(self) -> bool:
        if self._long_poll is None:
            try:
                document = await self.raw.get_async_httpx_client().get("/openapi.yaml", headers={"accept": "text/yaml"})
                self._long_poll = document.status_code == 200 and c.offers_long_poll(document.text)
            except httpx.HTTPError:
                self._long_poll = False
        return self._long_poll

    async def _long_poll_read(self, job_id: str, seconds: float) -> Any:
        started = time.monotonic()
        http = self.raw.get_async_httpx_client()
        response = await http.get(c.job_path(job_id), params={"wait": max(1, int(seconds))}, timeout=seconds + 30)
        if response.status_code == 422:
            self._long_poll = False
            return await self.get_job(job_id)
        c.raise_for(response.status_code, response.content, response.headers)
        job = c.job_from_json(job_id, response.json())
        if time.monotonic() - started < 0.1:
            await asyncio.sleep(0.1)
        return job

    async def cancel(self, job: c.JobRef) -> Any:
        job_id = job if isinstance(job, str) else job.id
        return c.job_from_json(job_id, (await self._send("POST", c.job_path(job) + "/cancel")).json())

    async def delete_job(self, job: c.JobRef) -> None:
        await self._send("DELETE", c.job_path(job))

    def extraction_jobs(
        self, *, status: Optional[str] = None, extractor_id: Optional[str] = None, limit: int = 20
    ) -> AsyncIterator[ExtractionJobResponse]:
        return self._pages(
            list_extraction_jobs.asyncio_detailed,
            limit=limit,
            status=JobStatus(status) if status else UNSET,
            extractor_id=extractor_id or UNSET,
        )

    def parse_jobs(
        self, *, status: Optional[str] = None, parser_id: Optional[str] = None, limit: int = 20
    ) -> AsyncIterator[ParseJobResponse]:
        return self._pages(
            list_parse_jobs.asyncio_detailed, limit=limit, status=JobStatus(status) if status else UNSET, parser_id=parser_id or UNSET
        )

    # ---- review of extraction jobs (docs/confidence-and-review.md) ----

    def jobs_in_review(self, status: str = "pending", *, limit: int = 20) -> AsyncIterator[ExtractionJobResponse]:
        """Extraction jobs whose review has this status (default ``pending``), newest first, page by page."""
        return self._pages(list_extraction_jobs.asyncio_detailed, limit=limit, review_status=ReviewStatus(status))

    async def review(self, job: c.JobRef, revision: int, fields: list[dict[str, Any]]) -> ExtractionJobResponse:
        """Decide on values: ``fields`` are ``{"path", "action": "accept"|"correct"|"mark_absent", "value"?}``."""
        body = {"revision": revision, "fields": fields}
        return ExtractionJobResponse.from_dict((await self._send("PATCH", c.job_path(job) + "/review", json=body)).json())

    async def approve_review(self, job: c.JobRef, revision: int, *, add_as_example: bool = False) -> ExtractionJobResponse:
        """Approve the review; ``add_as_example`` appends the input and reviewed data to the extractor's examples."""
        body: dict[str, Any] = {"revision": revision}
        if add_as_example:
            body["add_as_example"] = True
        return ExtractionJobResponse.from_dict((await self._send("POST", c.job_path(job) + "/review/approve", json=body)).json())

    async def reject_review(self, job: c.JobRef, revision: int, reason: str) -> ExtractionJobResponse:
        """Reject the review, with the reviewer's reason."""
        body = {"revision": revision, "reason": reason}
        return ExtractionJobResponse.from_dict((await self._send("POST", c.job_path(job) + "/review/reject", json=body)).json())

    async def review_events(self, job: c.JobRef) -> list[ReviewEvent]:
        """Every review decision on the job, in order."""
        return [ReviewEvent.from_dict(e) for e in (await self._send("GET", c.job_path(job) + "/review/events")).json()]

    # ---- evaluations (plain JSON dicts, as the API answers them) ----

    async def create_evaluation_set(self, name: str, display_name: Optional[str] = None, description: Optional[str] = None) -> dict[str, Any]:
        body: dict[str, Any] = {"name": name, "display_name": display_name or name}
        if description is not None:
            body["description"] = description
        return await self.request("POST", "/v1/evaluation-sets", json=body)

    async def add_evaluation_item(
        self,
        evaluation_set: str,
        expected_output: Optional[dict[str, Any]] = None,
        *,
        text: Optional[str] = None,
        file: Optional[c.FileInput] = None,
        from_job_id: Optional[str] = None,
        note: Optional[str] = None,
    ) -> dict[str, Any]:
        file_id = await self._file_id(file) if file is not None else None
        body = c.evaluation_item_body(expected_output, text, file_id, from_job_id, note)
        return await self.request("POST", f"/v1/evaluation-sets/{evaluation_set}/items", json=body)

    async def run_evaluation(
        self,
        evaluation_set: str,
        extractor: str,
        *,
        options: Optional[dict[str, Any]] = None,
        wait: bool = True,
        timeout: float = 3600.0,
        on_progress: Optional[Callable[[dict[str, Any]], None]] = None,
    ) -> dict[str, Any]:
        run = await self.request("POST", "/v1/evaluation-runs", json=c.evaluation_run_body(evaluation_set, extractor, options))
        return await self.wait_for_evaluation_run(run["id"], timeout=timeout, on_progress=on_progress) if wait else run

    async def get_evaluation_run(self, run_id: str) -> dict[str, Any]:
        return await self.request("GET", f"/v1/evaluation-runs/{run_id}")

    async def wait_for_evaluation_run(
        self, run_id: str, timeout: float = 3600.0, on_progress: Optional[Callable[[dict[str, Any]], None]] = None
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        backoff = c.Backoff()
        while True:
            run = await self.get_evaluation_run(run_id)
            if on_progress:
                on_progress(run)
            if run["status"] in c.RUN_ENDED:
                return run
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WaitTimeoutError(c.as_object(run), timeout)
            await asyncio.sleep(backoff.next(remaining))

    async def cancel_evaluation_run(self, run_id: str) -> dict[str, Any]:
        return await self.request("POST", f"/v1/evaluation-runs/{run_id}/cancel")

    async def compare_evaluation_runs(self, run_id: str, baseline_run_id: str) -> dict[str, Any]:
        return await self.request("GET", f"/v1/evaluation-runs/{run_id}/compare/{baseline_run_id}")
