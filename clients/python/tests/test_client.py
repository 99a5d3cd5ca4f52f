"""docextract against the real service (see conftest.py for how it is started)."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace
import time
from pathlib import Path

import pytest

from docextract import (
    AsyncClient,
    AuthenticationError,
    Client,
    ConflictError,
    JobFailedError,
    NotFoundError,
    ValidationError,
    WaitTimeoutError,
)
from docextract._common import offers_long_poll, waiting_of

ANSWER = {"title": "Invoice 7", "total": 12.5}
MISSING_FILE = "file_01aaaaaaaaaaaaaaaaaaaaaaaa"
MISSING_JOB = "pjob_01aaaaaaaaaaaaaaaaaaaaaaaa"


def test_upload_a_pdf_from_a_path_and_an_image_from_bytes(client: Client, fixtures: Path) -> None:
    pdf = client.upload(fixtures / "sample.pdf")
    assert pdf.id.startswith("file_")
    assert (pdf.filename, str(pdf.media_type), pdf.size_bytes) == (
        "sample.pdf",
        "application/pdf",
        (fixtures / "sample.pdf").stat().st_size,
    )
    png = client.upload((fixtures / "sample.png").read_bytes(), filename="scan.png")
    assert (png.filename, str(png.media_type)) == ("scan.png", "image/png")
    assert client.get_file(png.id).sha256 == png.sha256


def test_a_large_file_goes_straight_to_the_bucket_when_the_server_offers_it(s3_url: str, fixtures: Path) -> None:
    data = (fixtures / "sample.pdf").read_bytes()
    # Any file above direct_upload_above_bytes (50 MiB by default) takes POST /v1/uploads, a PUT, complete.
    with Client(s3_url, direct_upload_above_bytes=1) as client:
        pdf = client.upload(fixtures / "sample.pdf")
        assert (pdf.filename, str(pdf.media_type), pdf.size_bytes, pdf.page_count) == ("sample.pdf", "application/pdf", len(data), 2)
        content = client.raw.get_httpx_client().get(f"/v1/files/{pdf.id}/content")
        assert (content.status_code, content.content) == (200, data)

    async def direct() -> str:
        async with AsyncClient(s3_url, direct_upload_above_bytes=1) as client:
            return (await client.upload(data, filename="async.pdf")).filename

    assert asyncio.run(direct()) == "async.pdf"


def test_without_a_bucket_a_large_file_is_uploaded_as_multipart(base_url: str, fixtures: Path) -> None:
    with Client(base_url, direct_upload_above_bytes=1) as client:
        pdf = client.upload(fixtures / "sample.pdf")
        assert client.get_file(pdf.id).sha256 == pdf.sha256


def test_an_emails_attachments_are_files_listed_by_their_parent(client: Client, fixtures: Path) -> None:
    from email.message import EmailMessage

    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "ann@example.test", "bob@example.test", "Invoice"
    message.set_content("The invoice and a scan are attached.")
    message.add_attachment((fixtures / "sample.pdf").read_bytes(), maintype="application", subtype="pdf", filename="invoice.pdf")
    message.add_attachment((fixtures / "sample.png").read_bytes(), maintype="image", subtype="png", filename="scan.png")
    parent = client.upload(message.as_bytes(), filename="mail.eml")
    assert str(parent.media_type) == "message/rfc822"
    attachments = list(client.files(parent_file_id=parent.id))
    assert [a.id for a in attachments] == parent.attachment_file_ids
    assert [(a.attachment_filename, a.parent_file_id) for a in attachments] == [("invoice.pdf", parent.id), ("scan.png", parent.id)]
    client.delete_file(parent)


def test_iterates_over_every_page_of_a_list(client: Client, fixtures: Path) -> None:
    uploaded = [client.upload(fixtures / "sample.png").id for _ in range(3)]
    # Pages of one item: the iterator follows X-Next-Cursor across pages, newest first.
    listed = [f.id for f in client.files(limit=1)]
    assert listed[:3] == uploaded[::-1]
    assert len(listed) == len(set(listed))


def test_parse_a_pdf_with_progress(client: Client, provider, fixtures: Path) -> None:
    provider.answer("# Page text")
    seen: list[tuple[int, int]] = []
    job = client.parse(fixtures / "sample.pdf", on_progress=lambda done, total: seen.append((done, total)))
    assert str(job.status) == "completed"
    assert job.result.page_count == 2
    assert [p.page_number for p in job.result.pages] == [1, 2]
    assert job.result.content == "# Page text\n\n<!-- PageBreak -->\n\n# Page text"
    assert seen and seen[-1] == (2, 2)
    assert all(total == 2 for _, total in seen)
    assert any(j.id == job.id for j in client.parse_jobs(status="completed"))


def test_a_parse_for_retrieval_chunks_tables_and_document(client: Client, provider, fixtures: Path) -> None:
    provider.answer("# Prices\n\n| Item | Price |\n|---|---|\n| Tea, green | 3 |")
    job = client.parse(fixtures / "sample.pdf")
    assert [b.type_ for b in job.result.pages[0].blocks] == ["heading", "table"]
    chunked = client.chunks(job, max_tokens=64)
    assert chunked["tokenizer"] == "cl100k_base"
    assert [c["heading_path"] for c in chunked["chunks"]] == [["Prices"], ["Prices"]]
    assert all(c["token_count"] <= 64 for c in chunked["chunks"])
    tables = client.tables(job)
    assert [t["rows"] for t in tables] == [[["Item", "Price"], ["Tea, green", "3"]]] * 2
    assert client.table_csv(job, 1) == 'Item,Price\r\n"Tea, green",3\r\n'
    assert "<table>" in client.document(job, "html")
    with pytest.raises(ValueError):
        client.tables("ejob_01jqz8n5p6q7r8s9t0v1w2x3y4")


def test_extract_a_pdf_and_read_provenance_when_returned(client: Client, provider, fixtures: Path, invoice_extractor: str) -> None:
    provider.answer(json.dumps(ANSWER))
    job = client.extract(fixtures / "sample.pdf", extractor=invoice_extractor)
    assert str(job.status) == "completed"
    assert job.result.data.to_dict() == ANSWER
    raw = client.request("GET", f"/v1/extraction-jobs/{job.id}")
    assert raw["result"]["data"] == ANSWER
    provenance = raw["result"].get("provenance")
    if provenance is not None:
        # Where the service reports provenance: JSON Pointers of the data, each with its pages.
        assert isinstance(provenance, dict) and provenance
        assert all(pointer.startswith("/") for pointer in provenance)
        assert getattr(job.result, "provenance", provenance) is not None
    assert any(j.id == job.id for j in client.extraction_jobs(limit=2))


def test_extract_from_text(client: Client, provider, invoice_extractor: str) -> None:
    provider.answer(json.dumps(ANSWER))
    job = client.extract(text="Invoice 7, total 12.50", extractor=invoice_extractor)
    assert job.result.data.to_dict() == ANSWER
    assert job.file_id is None


def test_a_failed_job_raises_with_its_code(client: Client, provider, invoice_extractor: str) -> None:
    provider.respond(
        {"kind": "error", "status": 400, "body": {"error": {"message": "model does not exist", "type": "invalid_request_error"}}}
    )
    with pytest.raises(JobFailedError) as failed:
        client.extract(text="Invoice 7", extractor=invoice_extractor)
    assert failed.value.code == "provider_rejected"
    assert str(failed.value.job.status) == "failed"


def test_cancel_a_running_job(client: Client, provider, fixtures: Path) -> None:
    provider.respond({"kind": "stall"})
    job = client.parse(fixtures / "sample.pdf", wait=False)
    assert str(job.status) == "queued"
    provider.wait_for_requests(1)
    with pytest.raises(WaitTimeoutError) as timed_out:
        client.wait(job, timeout=1)
    assert str(timed_out.value.job.status) == "running"
    assert str(client.cancel(job).status) in ("canceling", "canceled")
    assert str(client.wait(job.id, timeout=60).status) == "canceled"
    client.delete_job(job)
    with pytest.raises(NotFoundError):
        client.get_job(job.id)


def test_404_raises_not_found(client: Client) -> None:
    with pytest.raises(NotFoundError) as missing:
        client.get_file(MISSING_FILE)
    assert (missing.value.code, missing.value.status) == ("not_found", 404)
    assert MISSING_FILE in missing.value.detail
    with pytest.raises(NotFoundError) as missing_job:
        client.wait(MISSING_JOB, timeout=5)
    assert missing_job.value.code == "not_found"


def test_409_raises_conflict(client: Client, provider, fixtures: Path) -> None:
    provider.answer("# Page")
    job = client.parse(fixtures / "sample.png")
    with pytest.raises(ConflictError) as conflict:
        client.delete_file(job.file_id)
    assert (conflict.value.code, conflict.value.status) == ("file_in_use", 409)
    client.delete_job(job)
    client.delete_file(job.file_id)


def test_422_raises_validation_error(client: Client) -> None:
    with pytest.raises(ValidationError) as invalid:
        client.get_file("bad$id")
    assert (invalid.value.code, invalid.value.status) == ("validation_error", 422)
    assert invalid.value.detail[0]["loc"][0] == "path"
    with pytest.raises(ValidationError) as invalid_query:
        list(client.files(limit=0))
    assert invalid_query.value.detail[0]["loc"][0] == "query"


def test_a_protected_service_refuses_a_missing_token(protected: tuple[str, str], fixtures: Path) -> None:
    url, token = protected
    with Client(url) as anonymous, pytest.raises(AuthenticationError) as refused:
        anonymous.upload(fixtures / "sample.png")
    assert (refused.value.code, refused.value.status) == ("unauthorized", 401)
    with Client(url, "not-the-token") as wrong, pytest.raises(AuthenticationError):
        wrong.get_file(MISSING_FILE)
    with Client(url, token) as authorized:
        assert authorized.upload(fixtures / "sample.png").id.startswith("file_")


def test_url_and_token_default_to_the_environment(protected: tuple[str, str], fixtures: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url, token = protected
    monkeypatch.setenv("DOCEXTRACT_URL", url)
    monkeypatch.setenv("DOCEXTRACT_TOKEN", token)
    with Client() as c:
        assert (c.base_url, c.token) == (url.rstrip("/"), token)
        assert c.upload(fixtures / "sample.png").media_type == "image/png"


def test_the_async_twin(base_url: str, provider, fixtures: Path, invoice_extractor: str) -> None:
    async def scenario() -> None:
        async with AsyncClient(base_url) as c:
            provider.answer(json.dumps(ANSWER))
            extracted = await c.extract(fixtures / "sample.pdf", extractor=invoice_extractor)
            assert extracted.result.data.to_dict() == ANSWER
            provider.answer("# Async")
            seen: list[tuple[int, int]] = []
            parsed = await c.parse(extracted.file_id, on_progress=lambda d, t: seen.append((d, t)))
            assert parsed.result.pages[0].content == "# Async" and seen[-1] == (2, 2)
            assert [c["heading_path"] for c in (await c.chunks(parsed, max_tokens=32))["chunks"]] == [["Async"], ["Async"]]
            assert (await c.document(parsed)) == parsed.result.content
            listed = [f.id async for f in c.files(limit=1)]
            assert extracted.file_id in listed
            with pytest.raises(NotFoundError) as missing:
                await c.get_file(MISSING_FILE)
            assert missing.value.code == "not_found"
            provider.respond({"kind": "stall"})
            running = await c.parse(extracted.file_id, wait=False)
            provider.wait_for_requests(1)
            await c.cancel(running)
            assert str((await c.wait(running, timeout=60)).status) == "canceled"

    asyncio.run(scenario())


def test_long_poll_is_detected_from_the_document() -> None:
    assert offers_long_poll("      parameters:\n        - name: wait\n          in: query\n")
    assert offers_long_poll("    Wait:\n      name: wait\n      in: query\n")
    assert not offers_long_poll("      parameters:\n        - name: waiting\n        - name: limit\n")


def test_a_retrying_job_says_what_it_waits_for() -> None:
    retry = SimpleNamespace(
        attempt=5,
        last_error_code="provider_unavailable",
        last_error_message="Could not reach the provider: connect ECONNREFUSED 127.0.0.1:8080",
        next_attempt_at=datetime.now(timezone.utc) + timedelta(seconds=11.5),
    )
    waiting = waiting_of(SimpleNamespace(status="running", retry=retry))
    assert waiting is not None and (waiting.attempt, waiting.code) == (5, "provider_unavailable")
    assert str(waiting) == (
        "waiting for the model: provider_unavailable — Could not reach the provider: connect ECONNREFUSED 127.0.0.1:8080"
        " — attempt 5, next in 12 s"
    )
    assert waiting_of(SimpleNamespace(status="running", retry=None)) is None
    assert waiting_of(SimpleNamespace(status="failed", retry=retry)) is None


def test_review_a_flagged_value_and_approve(client: Client, provider, base_url: str) -> None:
    client.request(
        "PUT",
        "/v1/extractors/py-client-review",
        json={
            "display_name": "Invoice reviewed",
            "instructions": "Extract the title and total.",
            "model": "test-vision-model",
            "schema": {
                "type": "object",
                "properties": {"title": {"type": ["string", "null"]}, "total": {"type": ["number", "null"]}},
                "required": ["title", "total"],
                "additionalProperties": False,
            },
            "review_threshold": 0.8,
        },
    )
    # The total's token at probability 0.25: below the threshold, so the job is put in review.
    tokens = [
        {"token": '{"title": "', "logprob": 0.0},
        {"token": "Invoice 7", "logprob": -0.01},
        {"token": '", "total": ', "logprob": 0.0},
        {"token": "21.5", "logprob": -1.3862943611198906},
        {"token": "}", "logprob": 0.0},
    ]
    provider.respond({"kind": "content", "content": "".join(t["token"] for t in tokens), "logprobs": tokens})
    job = client.extract(text="Invoice 7, total 12.50", extractor="py-client-review")
    raw = client.request("GET", f"/v1/extraction-jobs/{job.id}")
    assert raw["result"]["flags"] == [{"path": "/total", "reasons": ["low_confidence"], "confidence": 0.25}]
    assert raw["review"]["status"] == "pending"
    assert any(j.id == job.id for j in client.jobs_in_review("pending", limit=100))
    with pytest.raises(ConflictError) as stale:
        client.approve_review(job, 5)
    assert stale.value.code == "stale_revision"
    corrected = client.review(job, 1, [{"path": "/total", "action": "correct", "value": 12.5}])
    assert corrected.review.revision == 2
    approved = client.approve_review(job, 2)
    assert str(approved.review.status) == "approved"
    assert approved.review.reviewed_data.to_dict() == {"title": "Invoice 7", "total": 12.5}
    assert [str(e.action) for e in client.review_events(job)] == ["correct", "approve"]

def test_an_evaluation_run_over_a_set_and_its_comparison(client: Client, provider, invoice_extractor: str) -> None:
    name = f"py-eval-{int(time.time() * 1000)}"
    assert client.create_evaluation_set(name, "Python evaluation")["item_count"] == 0
    client.add_evaluation_item(name, {"title": "Invoice 7", "total": 12.5}, text="Invoice 7, total 12.50")
    provider.answer(json.dumps({"title": "Invoice 7", "total": 99}))
    seen: list[str] = []
    baseline = client.run_evaluation(name, invoice_extractor, on_progress=lambda run: seen.append(run["status"]))
    assert baseline["status"] == "completed" and seen[-1] == "completed"
    assert baseline["report"]["fields"]["/total"]["fn"] == 1
    assert baseline["report"]["overall"]["accuracy"] == 0.5
    provider.answer(json.dumps({"title": "Invoice 7", "total": 12.5}))
    better = client.run_evaluation(name, invoice_extractor, options={"numeric_tolerance": 0.01})
    assert better["report"]["overall"]["accuracy"] == 1
    comparison = client.compare_evaluation_runs(better["id"], baseline["id"])
    assert comparison["regressions"] == []
    assert [(f["path"], f["baseline"], f["new"]) for f in comparison["fixes"]] == [("/total", 99, 12.5)]
    with pytest.raises(ValueError):
        client.add_evaluation_item(name, {"title": None}, text="x", from_job_id="ejob_x")

def test_a_batch_of_texts_runs_and_its_results_are_lines_in_input_order(client: Client, provider, invoice_extractor: str) -> None:
    provider.answer(json.dumps(ANSWER))
    inputs = [{"custom_id": f"t{i}", "text": f"Invoice {i}, total 12.50"} for i in range(3)]
    batch = client.batch("extraction", invoice_extractor, inputs, concurrency=2, metadata={"run": "python"})
    assert batch["id"].startswith("batch_")
    assert batch["metadata"] == {"run": "python"}
    seen: list[str] = []
    ended = client.wait_batch(batch, timeout=180, poll=0.5, on_update=lambda b: seen.append(b["status"]))
    assert ended["status"] == "completed"
    assert ended["request_counts"] == {"total": 3, "queued": 0, "running": 0, "completed": 3, "failed": 0, "canceled": 0}
    assert seen[-1] == "completed"
    lines = list(client.batch_results(batch))
    assert [line["custom_id"] for line in lines] == ["t0", "t1", "t2"]
    assert all(line["result"]["data"] == ANSWER for line in lines)
    assert list(client.batch_results(batch, status="failed")) == []
