"""A LangChain document loader over the service: ``pip install docextract[langchain]``.

    from docextract.langchain import DocextractLoader
    docs = DocextractLoader("report.pdf", mode="chunks", max_tokens=512).load()
    docs[0].metadata  # {source, file_id, job_id, pages, heading_path, boxes}

Each file is uploaded and parsed (``parser_name``, default ``document-to-markdown``); ``mode`` gives one
Document per chunk (``GET /v1/parse-jobs/{id}/chunks``), per page, or per file.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Optional, Union

try:
    from langchain_core.document_loaders import BaseLoader
    from langchain_core.documents import Document
except ImportError as err:  # pragma: no cover - depends on the environment
    raise ImportError("docextract.langchain needs langchain-core: pip install 'docextract[langchain]'") from err

from . import _loading
from .client import Client

__all__ = ["DocextractLoader"]


class DocextractLoader(BaseLoader):
    """Loads files through the service as LangChain Documents (lazily, one file at a time)."""

    def __init__(
        self,
        file_path: Optional[Union[_loading.PathLike, Sequence[_loading.PathLike]]] = None,
        *,
        file_paths: Optional[Sequence[_loading.PathLike]] = None,
        base_url: Optional[str] = None,
        token: Optional[str] = None,
        parser_name: str = "document-to-markdown",
        mode: str = "chunks",
        max_tokens: int = 512,
        overlap_tokens: int = 0,
    ) -> None:
        _loading.check_options(mode, max_tokens, overlap_tokens)
        self.file_paths = _loading.paths_of(file_path, file_paths)
        self.base_url, self.token = base_url, token
        self.parser_name, self.mode = parser_name, mode
        self.max_tokens, self.overlap_tokens = max_tokens, overlap_tokens

    def lazy_load(self) -> Iterator[Document]:
        with Client(self.base_url, self.token) as client:
            for text, metadata in _loading.texts(
                client, self.file_paths, parser_name=self.parser_name, mode=self.mode, max_tokens=self.max_tokens, overlap_tokens=self.overlap_tokens
            ):
                yield Document(page_content=text, metadata=metadata)
