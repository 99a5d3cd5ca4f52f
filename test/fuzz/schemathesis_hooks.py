"""Schemathesis hooks for test/fuzz/schemathesis.test.ts (loaded through SCHEMATHESIS_HOOKS).

`wait` (0-60) makes `GET /v1/jobs/{id}`, `/v1/parse-jobs/{id}` and `/v1/extraction-jobs/{id}`
long-poll: a valid value holds the request open that many seconds while the job is not finished.
The fuzzer would spend most of its run waiting (and trip the response-time check), so every valid
value above 1 is sent as 1: the long-poll path is still exercised, the run stays short. Values
outside the documented range (negative, above 60, not an integer) pass unchanged, so their `422`
is still checked. test/api/job-waiting.test.ts covers real long-polls (up to wait=60).
"""

import schemathesis

LONG_POLL_CAP = 1


@schemathesis.hook
def before_call(context, case, kwargs):
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
