"""``client.evaluation_sets.import_folder``: a folder of labelled documents into an evaluation set, as
``docextract eval import`` does. Each ``NAME.<ext>`` with ``NAME.json`` beside it becomes an item (the
file uploaded, the JSON its ``expected_output``); an item is recognised by its note ``imported from
<file name>``, so importing the folder again skips what is there and adds only the rest."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from .errors import NotFoundError

if TYPE_CHECKING:
    from .client import Client


class ExpectedOutputMismatch(ValueError):
    """Some answers are not JSON objects or do not fit the extractor's schema; ``problems`` lists ``file: /path: message``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} problem(s) in the answers; nothing was imported:\n" + "\n".join(f"  {p}" for p in problems))
        self.problems = problems


def import_note(filename: str) -> str:
    return f"imported from {filename}"


def labelled_pairs(names: list[str]) -> list[tuple[str, str]]:
    """``(document, answer)`` for every ``NAME.<ext>`` (not .json) with ``NAME.json`` beside it, by name."""
    have = set(names)
    pairs = []
    for name in sorted(names):
        stem, ext = os.path.splitext(name)
        if name.startswith(".") or not ext or ext.lower() == ".json":
            continue
        if f"{stem}.json" in have:
            pairs.append((name, f"{stem}.json"))
    return pairs


_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool) or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}


def schema_problems(schema: dict[str, Any], value: Any, path: str = "", root: Optional[dict[str, Any]] = None) -> list[str]:
    """Where ``value`` breaks the extraction schema: ``/path: message`` lines. The dialect's structural
    keywords (type, properties, required, additionalProperties, items, enum, const, anyOf, $ref) are
    checked; the service validates the rest when a run compares."""
    root = root or schema
    where = path or "/"
    if "$ref" in schema:
        ref = schema["$ref"]
        target: Any = root
        for part in ref.lstrip("#/").split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        return schema_problems(target, value, path, root)
    if "anyOf" in schema:
        if not any(not schema_problems(s, value, path, root) for s in schema["anyOf"]):
            return [f"{where}: matches none of anyOf"]
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        if not any(_TYPES.get(t, lambda _v: True)(value) for t in names):
            return [f"{where}: must be {' or '.join(names)}"]
    problems: list[str] = []
    if "enum" in schema and value not in schema["enum"]:
        problems.append(f"{where}: must be one of {json.dumps(schema['enum'])}")
    if "const" in schema and value != schema["const"]:
        problems.append(f"{where}: must be {json.dumps(schema['const'])}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                problems.append(f"{where}: must have required property '{key}'")
        for key, item in value.items():
            if key in props:
                problems.extend(schema_problems(props[key], item, f"{path}/{key}", root))
            elif schema.get("additionalProperties") is False:
                problems.append(f"{where}: must not have additional property '{key}'")
            elif isinstance(schema.get("additionalProperties"), dict):
                problems.extend(schema_problems(schema["additionalProperties"], item, f"{path}/{key}", root))
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, item in enumerate(value):
            problems.extend(schema_problems(schema["items"], item, f"{path}/{i}", root))
    return problems


class EvaluationSets:
    """``client.evaluation_sets``: sets of labelled documents."""

    def __init__(self, client: Client) -> None:
        self._client = client

    def create(self, name: str, display_name: Optional[str] = None, description: Optional[str] = None) -> dict[str, Any]:
        return self._client.create_evaluation_set(name, display_name, description)

    def get(self, name: str) -> dict[str, Any]:
        return self._client.request("GET", f"/v1/evaluation-sets/{name}")

    def items(self, name: str) -> list[dict[str, Any]]:
        """Every item of the set (all pages)."""
        items: list[dict[str, Any]] = []
        cursor: Optional[str] = None
        while True:
            params: dict[str, Any] = {"limit": 100, **({"cursor": cursor} if cursor else {})}
            response = self._client._send("GET", f"/v1/evaluation-sets/{name}/items", params=params)
            items.extend(response.json())
            cursor = response.headers.get("x-next-cursor")
            if not cursor:
                return items

    def import_folder(
        self,
        folder: "str | os.PathLike[str]",
        set: str,
        *,
        extractor: Optional[str] = None,
        run: bool = False,
        on_item: Optional[Any] = None,
    ) -> dict[str, Any]:
        """Import ``folder`` into ``set`` (created when missing); returns ``{set, added, skipped, run}``.

        With ``extractor`` every answer is checked against its schema first (``ExpectedOutputMismatch``
        lists each file and path, and nothing is imported); ``run`` then runs it over the set and waits.
        """
        if run and not extractor:
            raise ValueError("run needs extractor (the extractor the run scores)")
        root = Path(folder)
        pairs = labelled_pairs([p.name for p in root.iterdir() if p.is_file()])
        if not pairs:
            raise ValueError(f"{folder}: no NAME.<ext> with a NAME.json beside it")
        schema = self._client.request("GET", f"/v1/extractors/{extractor}")["schema"] if extractor else None
        answers: dict[str, Any] = {}
        problems: list[str] = []
        for document, answer_file in pairs:
            try:
                answer = json.loads((root / answer_file).read_text(encoding="utf-8"))
            except ValueError as err:
                problems.append(f"{answer_file}: not JSON ({err})")
                continue
            if not isinstance(answer, dict):
                problems.append(f"{answer_file}: expected a JSON object (the expected output)")
                continue
            problems.extend(f"{answer_file}: {p}" for p in (schema_problems(schema, answer) if schema else []))
            answers[document] = answer
        if problems:
            raise ExpectedOutputMismatch(problems)
        try:
            self.get(set)
        except NotFoundError:
            self.create(set, set)
        imported = {item.get("note") for item in self.items(set)}
        added: list[dict[str, Any]] = []
        skipped: list[str] = []
        for document, _ in pairs:
            note = import_note(document)
            if note in imported:
                skipped.append(document)
                continue
            file_id = self._client.upload(root / document).id
            added.append(self._client.request("POST", f"/v1/evaluation-sets/{set}/items", json={"file_id": file_id, "expected_output": answers[document], "note": note}))
            if on_item:
                on_item(document)
        result = self._client.run_evaluation(set, extractor) if run and extractor else None
        return {"set": set, "added": added, "skipped": skipped, "run": result}
