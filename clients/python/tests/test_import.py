"""``client.evaluation_sets.import_folder`` (issue 52): a folder of scans with JSON answers becomes a set."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from docextract import Client, ExpectedOutputMismatch
from docextract._import import labelled_pairs, schema_problems


def test_labelled_pairs_and_schema_problems() -> None:
    assert labelled_pairs(["b.pdf", "b.json", "a.png", "a.json", "c.tif", "x.json"]) == [("a.png", "a.json"), ("b.pdf", "b.json")]
    schema = {"type": "object", "properties": {"total": {"type": ["number", "null"]}}, "required": ["total"], "additionalProperties": False}
    assert schema_problems(schema, {"total": 1}) == []
    assert schema_problems(schema, {"total": "1", "x": 2}) == ["/total: must be number or null", "/: must not have additional property 'x'"]


def test_import_a_folder_of_scans_and_resume(client: Client, provider, fixtures: Path, invoice_extractor: str, tmp_path: Path) -> None:
    answers = {"scan-a.png": {"title": "A", "total": 1}, "scan-b.pdf": {"title": "B", "total": 2.5}}
    shutil.copy(fixtures / "sample.png", tmp_path / "scan-a.png")
    shutil.copy(fixtures / "sample.pdf", tmp_path / "scan-b.pdf")
    for name, answer in answers.items():
        (tmp_path / f"{Path(name).stem}.json").write_text(json.dumps(answer))
    name = f"py-import-{int(time.time() * 1000)}"
    first = client.evaluation_sets.import_folder(tmp_path, name, extractor=invoice_extractor)
    assert [i["note"] for i in first["added"]] == ["imported from scan-a.png", "imported from scan-b.pdf"]
    items = client.evaluation_sets.items(name)
    assert {i["note"][len("imported from "):]: i["expected_output"] for i in items} == answers
    assert all(i["file_id"] and i["text"] is None for i in items)
    provider.answer(json.dumps({"title": "A", "total": 1}))
    again = client.evaluation_sets.import_folder(tmp_path, name, extractor=invoice_extractor, run=True)
    assert again["added"] == [] and again["skipped"] == ["scan-a.png", "scan-b.pdf"]
    assert again["run"]["status"] == "completed"
    (tmp_path / "scan-a.json").write_text(json.dumps({"title": "A", "total": "one"}))
    with pytest.raises(ExpectedOutputMismatch) as raised:
        client.evaluation_sets.import_folder(tmp_path, f"{name}-x", extractor=invoice_extractor)
    assert raised.value.problems == ["scan-a.json: /total: must be number or null"]
