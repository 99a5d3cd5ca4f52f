"""The end-to-end suite runs against a real service started by test/clients/python-client.test.ts:

- DOCEXTRACT_TEST_URL: an open service whose compatible_api provider is the scripted model server;
- DOCEXTRACT_TEST_PROTECTED_URL / DOCEXTRACT_TEST_TOKEN: the same service requiring that bearer token;
- DOCEXTRACT_TEST_PROVIDER: control of the scripted model server (POST /respond with a step, GET /requests);
- DOCEXTRACT_TEST_S3_URL: the same service storing bytes in a bucket (direct uploads);
- DOCEXTRACT_TEST_FIXTURES: a folder with sample.pdf (two pages) and sample.png.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from docextract import Client

INVOICE_SCHEMA = {
    "type": "object",
    "properties": {"title": {"type": ["string", "null"]}, "total": {"type": ["number", "null"]}},
    "required": ["title", "total"],
    "additionalProperties": False,
}


def need(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(f"{name} is not set: run this suite through test/clients/python-client.test.ts")
    return value


class Provider:
    """The scripted chat-completions server: what it answers to every request, and what it received."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")

    def _post(self, path: str, body: Any) -> None:
        data = json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method="POST", headers={"content-type": "application/json"})
        urllib.request.urlopen(request, timeout=10).read()

    def respond(self, step: dict[str, Any]) -> None:
        self._post("/respond", step)

    def answer(self, content: str) -> None:
        self.respond({"kind": "content", "content": content})

    def requests(self) -> int:
        with urllib.request.urlopen(self.url + "/requests", timeout=10) as r:
            return int(json.load(r)["count"])

    def wait_for_requests(self, n: int, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while self.requests() < n:
            if time.monotonic() > deadline:
                raise AssertionError(f"the model server got fewer than {n} requests in {timeout} s")
            time.sleep(0.1)


@pytest.fixture(scope="session")
def base_url() -> str:
    return need("DOCEXTRACT_TEST_URL")


@pytest.fixture(scope="session")
def protected() -> tuple[str, str]:
    return need("DOCEXTRACT_TEST_PROTECTED_URL"), need("DOCEXTRACT_TEST_TOKEN")


@pytest.fixture(scope="session")
def s3_url() -> str:
    """The same service with SERVICE_STORAGE=s3 (a real SeaweedFS bucket): direct uploads work there."""
    return need("DOCEXTRACT_TEST_S3_URL")


@pytest.fixture(scope="session")
def fixtures() -> Path:
    return Path(need("DOCEXTRACT_TEST_FIXTURES"))


@pytest.fixture
def provider() -> Provider:
    p = Provider(need("DOCEXTRACT_TEST_PROVIDER"))
    p._post("/reset", {})
    return p


@pytest.fixture(autouse=True)
def no_env_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests pass URL and token explicitly unless they test the environment defaults."""
    monkeypatch.delenv("DOCEXTRACT_URL", raising=False)
    monkeypatch.delenv("DOCEXTRACT_TOKEN", raising=False)


@pytest.fixture
def client(base_url: str):
    with Client(base_url) as c:
        yield c


@pytest.fixture(scope="session")
def invoice_extractor(base_url: str) -> str:
    """A user extractor on a generic (non-NuExtract) model, so the scripted answer is plain JSON.

    Named for this suite: it runs against the database that the Jest worker's other test files
    share, one of which (test/api/extraction-jobs.test.ts) creates its own `invoice` and expects 201.
    """
    with Client(base_url) as c:
        c.request(
            "PUT",
            "/v1/extractors/py-client-invoice",
            json={
                "display_name": "Invoice",
                "instructions": "Extract the title and total.",
                "model": "test-vision-model",
                "schema": INVOICE_SCHEMA,
            },
        )
    return "py-client-invoice"
