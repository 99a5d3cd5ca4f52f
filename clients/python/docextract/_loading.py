"""What the LangChain loader and the LlamaIndex reader share: parse each file with the service and
turn the parse job into texts with metadata, as chunks, pages or one document (docs/retrieval.md)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Optional, Union

from .client import Client

PathLike = Union[str, "os.PathLike[str]"]
MODES = ("chunks", "pages", "document")


def paths_of(file_path: Optional[Union[PathLike, Sequence[PathLike]]], file_paths: Optional[Sequence[PathLike]]) -> list[str]:
    """The files to load: ``file_path`` (one path or a list) and/or ``file_paths``."""
    paths: list[str] = []
    for given in (file_path, file_paths):
        if given is None:
            continue
        if isinstance(given, (str, os.PathLike)):
            paths.append(os.fspath(given))
        else:
            paths.extend(os.fspath(p) for p in given)
    if not paths:
        raise ValueError("give file_path or file_paths")
    return paths


def check_options(mode: str, max_tokens: int, overlap_tokens: int) -> None:
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)} (got {mode!r})")
    if max_tokens < 1 or overlap_tokens < 0:
        raise ValueError("max_tokens must be 1 or more and overlap_tokens 0 or more")


def texts(
    client: Client,
    paths: Iterable[str],
    *,
    parser_name: str,
    mode: str,
    max_tokens: int,
    overlap_tokens: int,
) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(text, metadata)`` per chunk, page or file; metadata ``{source, file_id, job_id, pages, heading_path, boxes}``."""
    for path in paths:
        job = client.parse(path, parser=parser_name)
        common = {"source": path, "file_id": job.file_id, "job_id": job.id}
        if mode == "chunks":
            for chunk in client.chunks(job.id, max_tokens=max_tokens, overlap_tokens=overlap_tokens)["chunks"]:
                meta = {**common, "pages": list(chunk["pages"]), "heading_path": list(chunk["heading_path"]), "boxes": list(chunk["boxes"])}
                yield chunk["text"], meta
            continue
        pages = client.request("GET", f"/v1/parse-jobs/{job.id}")["result"]["pages"]
        if mode == "pages":
            for page in pages:
                yield page["content"], {**common, "pages": [page["page_number"]], "heading_path": [], "boxes": []}
        else:
            yield client.document(job.id, "markdown"), {**common, "pages": [p["page_number"] for p in pages], "heading_path": [], "boxes": []}
