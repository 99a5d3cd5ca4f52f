"""Schemathesis hooks for test/fuzz/schemathesis.test.ts (loaded through SCHEMATHESIS_HOOKS).

`wait` (0-60) makes `GET /v1/jobs/{id}`, `/v1/parse-jobs/{id}` and `/v1/extraction-jobs/{id}`
long-poll: a valid value holds the request open that many seconds while the job is not finished.
The fuzzer would spend most of its run waiting (and trip the response-time check), so every valid
value above 1 is sent as 1: the long-poll path is still exercised, the run stays short. Values
outside the documented range (negative, above 60, not an integer) pass unchanged, so their `422`
is still checked. test/api/job-waiting.test.ts covers real long-polls (up to wait=60).
"""

import os
import re
import time
import uuid
import zlib

import requests
import schemathesis

LONG_POLL_CAP = 1

# `Idempotency-Key` on job creation: the same key with a different body within 24 h is 422
# `idempotency_key_reused` by design (test/api/job-waiting.test.ts covers it). The fuzzer draws keys
# from a small space ("0", "A", ...) and reuses them across different bodies, which its
# positive-data check then reports as a valid request rejected. A valid generated key is therefore
# made unique per request (still 1-255 printable ASCII characters); invalid keys pass unchanged so
# their 422 is still checked.
IDEMPOTENCY_HEADER = "idempotency-key"
VALID_KEY = re.compile(r"^[\x20-\x7E]{1,255}$")


def _unique_idempotency_key(case):
    headers = case.headers or {}
    for name, value in list(headers.items()):
        if name.lower() != IDEMPOTENCY_HEADER or not isinstance(value, str) or not VALID_KEY.match(value):
            continue
        # 32 random hex characters at the end; a longer key keeps its generated beginning and length.
        fresh = uuid.uuid4().hex
        headers[name] = value[: max(0, len(value) - len(fresh))] + fresh


@schemathesis.hook
def before_call(context, case, kwargs):
    _unique_idempotency_key(case)
    query = case.query
    if not query or "wait" not in query:
        return
    wait = query["wait"]
    # bool is an int in Python, and not an integer to JSON Schema: leave it as generated.
    if isinstance(wait, int) and not isinstance(wait, bool) and LONG_POLL_CAP < wait <= 60:
        query["wait"] = LONG_POLL_CAP
    elif isinstance(wait, str) and wait.isdigit() and LONG_POLL_CAP < int(wait) <= 60:
        query["wait"] = str(LONG_POLL_CAP)


# The API refuses a key named `__proto__` at any depth of a JSON body (422 `json_invalid`, see the
# ValidationError response in openapi.yaml and test/api/bad-input.test.ts), like NUL (see
# `generation.allow-x00` in schemathesis.toml). JSON Schema cannot say so for the free-form objects
# (extractor schemas, examples, provider configuration), so such bodies are not generated.
RESERVED_KEY = "__proto__"


def _has_reserved_key(value, depth=0):
    if depth > 100:
        return False
    if isinstance(value, dict):
        return any(k == RESERVED_KEY or _has_reserved_key(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_reserved_key(v, depth + 1) for v in value)
    return False


@schemathesis.hook
def filter_body(context, body):
    return not _has_reserved_key(body)


# DELETE of a running job answers 202: the job is `deleting` until its workflow has stopped, then
# gone (the contract; test/api/extraction-jobs.test.ts covers it). The stateful phase reads a
# deleted resource right after the DELETE and expects 404 (its check ST301). After a 202, wait until
# the job is gone, as a client that was told "accepted" would, before the next step.
JOB_PATH = re.compile(r"^/v1/(jobs|extraction-jobs|parse-jobs)/\{[A-Za-z_]+\}$")
DELETION_WAIT_S = 30


@schemathesis.hook
def after_call(context, case, response):
    if case.method.upper() != "DELETE" or response.status_code != 202 or not JOB_PATH.match(case.path):
        return
    request = response.request
    headers = {k: v for k, v in request.headers.items() if k.lower() == "authorization"}
    deadline = time.monotonic() + DELETION_WAIT_S
    while time.monotonic() < deadline:
        if requests.get(request.url, headers=headers, timeout=10).status_code == 404:
            return
        time.sleep(0.05)


# Producers that succeed. Linked operations (openapi.yaml `links`) only reach real resources when
# the operation that creates them answers 2xx, and random schemas are rarely a usable extractor,
# random names rarely an existing extractor and random URLs rarely resolve. So every other valid
# case of these operations in the fuzzing and stateful phases is replaced by a usable request: the
# stateful phase then gets and changes real extractors, jobs (cancel, retry, delete on queued,
# running, failed and completed ones) and webhook endpoints. Invalid cases, and the other half of
# the valid ones, are sent as generated. FUZZ_WEBHOOK_URL is the test's receiver (the stack allows
# private webhook addresses for it). Uploads are left alone: Schemathesis relabels a case whose
# binary part a hook replaced as invalid, and it already sends a valid PNG in some upload cases.
USABLE_SCHEMA = {
    "type": "object",
    "properties": {"title": {"type": ["string", "null"]}},
    "required": ["title"],
    "additionalProperties": False,
}
SEEDED_EXTRACTOR = "invoice"  # seeded in the fuzzer's database (the contract's example name)


def _digest(case):
    # Deterministic for a given case, so a failure replays from its seed.
    return zlib.crc32(repr((case.path_parameters, case.query, case.body)).encode("utf-8", "backslashreplace"))


def _positive(case):
    # Valid cases of the fuzzing and stateful phases (whose chains the links serve); the examples
    # and coverage phases test the operations' own validation with exactly what they generate.
    meta = case.meta
    if meta is None or str(meta.phase.name) not in ("fuzzing", "stateful") or str(meta.generation.mode) != "positive":
        return False
    return all(str(part.mode) == "positive" for part in meta.components.values())


@schemathesis.hook
def map_case(context, case):
    operation = context.operation
    if operation is None or not _positive(case):
        return case
    digest = _digest(case)
    if digest % 2:
        return case
    key = (operation.method.upper(), operation.path)
    if key == ("PUT", "/v1/extractors/{extractor_ref}"):
        case.path_parameters = {**(case.path_parameters or {}), "extractor_ref": "fz-%08x" % digest}
        case.body = {"display_name": "Fuzz", "instructions": "Extract the title.", "model": "generic-model", "schema": USABLE_SCHEMA}
    elif key == ("POST", "/v1/extraction-jobs"):
        case.body = {"extractor_name": SEEDED_EXTRACTOR, "text": "Invoice INV-1, total 42.00 EUR"}
    elif key == ("POST", "/v1/webhook-endpoints") and os.environ.get("FUZZ_WEBHOOK_URL"):
        case.body = {"url": os.environ["FUZZ_WEBHOOK_URL"]}
    return case
