"""A LlamaIndex reader over the service: ``pip install docextract[llama-index]``.

    from docextract.llama_index import DocextractReader
    docs = DocextractReader(mode="chunks").load_data("report.pdf")
    docs[0].metadata  # {source, file_id, job_id, pages, heading_path, boxes}

The same files, modes and metadata as ``docextract.langchain.DocextractLoader``. ``file_id``,
``job_id`` and ``boxes`` are kept out of the text an embedding model or an LLM sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional, Union

try:
    from llama_index.core.readers.base import BaseReader
    from llama_index.core.schema import Document
except ImportError as err:  # pragma: no cover - depends on the environment
    raise ImportError("docextract.llama_index needs llama-index-core: pip install 'docextract[llama-index]'") from err

from . import _loading
from .client import Client

__all__ = ["DocextractReader"]

_HIDDEN = ["file_id", "job_id", "boxes"]


class DocextractReader(BaseReader):
    """Reads files through the service as LlamaIndex Documents (also as a ``SimpleDirectoryReader`` file extractor)."""

    def __init__(
        self,
        base_url: Optional[str] = None,
        token: Optional[str] = None,
        *,
        parser_name: str = "document-to-markdown",
        mode: str = "chunks",
        max_tokens: int = 512,
        overlap_tokens: int = 0,
    ) -> None:
        super().__init__()
        _loading.check_options(mode, max_tokens, overlap_tokens)
        self.base_url, self.token = base_url, token
        self.parser_name, self.mode = parser_name, mode
        self.max_tokens, self.overlap_tokens = max_tokens, overlap_tokens

    def load_data(
        self,
        file_path: Optional[Union[_loading.PathLike, Sequence[_loading.PathLike]]] = None,
        *,
        file_paths: Optional[Sequence[_loading.PathLike]] = None,
        file: Optional[_loading.PathLike] = None,
        extra_info: Optional[dict[str, Any]] = None,
    ) -> list[Document]:
        paths = _loading.paths_of(file_path if file is None else file, file_paths)
        with Client(self.base_url, self.token) as client:
            return [
                Document(
                    text=text,
                    metadata={**(extra_info or {}), **metadata},
                    excluded_embed_metadata_keys=list(_HIDDEN),
                    excluded_llm_metadata_keys=list(_HIDDEN),
                )
                for text, metadata in _loading.texts(
                    client, paths, parser_name=self.parser_name, mode=self.mode, max_tokens=self.max_tokens, overlap_tokens=self.overlap_tokens
                )
            ]
