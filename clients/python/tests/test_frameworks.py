"""The LangChain loader and the LlamaIndex reader (issue 52) against the running service, with the
real ``langchain-core`` and ``llama-index-core`` from PyPI (the ``[langchain]`` and ``[llama-index]`` extras)."""

from __future__ import annotations

from pathlib import Path

import pytest

from docextract.langchain import DocextractLoader
from docextract.llama_index import DocextractReader

KEYS = {"source", "file_id", "job_id", "pages", "heading_path", "boxes"}


def test_langchain_loader_gives_chunks_with_pages_and_file_ids(base_url: str, provider, fixtures: Path) -> None:
    from langchain_core.documents import Document

    provider.answer("# Invoice\n\nInvoice 7, total 12.50")
    loader = DocextractLoader(str(fixtures / "sample.pdf"), base_url=base_url, max_tokens=64)
    docs = loader.load()
    assert docs and all(isinstance(d, Document) for d in docs)
    assert all(set(d.metadata) == KEYS for d in docs)
    assert {p for d in docs for p in d.metadata["pages"]} == {1, 2}
    assert all(d.metadata["file_id"].startswith("file_") and d.metadata["job_id"].startswith("pjob_") for d in docs)
    assert all(d.metadata["source"] == str(fixtures / "sample.pdf") for d in docs)
    assert docs[0].metadata["heading_path"] == ["Invoice"]
    assert "Invoice 7" in docs[0].page_content


def test_langchain_loader_pages_and_document_modes_lazily_over_several_files(base_url: str, provider, fixtures: Path) -> None:
    provider.answer("Page text")
    pages = list(DocextractLoader(file_paths=[fixtures / "sample.pdf", fixtures / "sample.png"], base_url=base_url, mode="pages").lazy_load())
    assert [(Path(d.metadata["source"]).name, d.metadata["pages"]) for d in pages] == [("sample.pdf", [1]), ("sample.pdf", [2]), ("sample.png", [1])]
    assert len({d.metadata["file_id"] for d in pages}) == 2
    whole = DocextractLoader(fixtures / "sample.pdf", base_url=base_url, mode="document").load()
    assert len(whole) == 1 and whole[0].metadata["pages"] == [1, 2]
    with pytest.raises(ValueError):
        DocextractLoader(fixtures / "sample.pdf", mode="sentences")


def test_llama_index_reader_gives_documents_with_pages_and_file_ids(base_url: str, provider, fixtures: Path) -> None:
    from llama_index.core.schema import Document

    provider.answer("# Invoice\n\nInvoice 7, total 12.50")
    docs = DocextractReader(base_url=base_url, max_tokens=64).load_data(fixtures / "sample.pdf", extra_info={"collection": "invoices"})
    assert docs and all(isinstance(d, Document) for d in docs)
    assert all(KEYS <= set(d.metadata) and d.metadata["collection"] == "invoices" for d in docs)
    assert {p for d in docs for p in d.metadata["pages"]} == {1, 2}
    assert all(d.metadata["file_id"].startswith("file_") for d in docs)
    # Ids and boxes are not text for the embedding model.
    assert "file_id" not in docs[0].get_content(metadata_mode="embed")
    pages = DocextractReader(base_url=base_url, mode="pages").load_data(file=fixtures / "sample.png")
    assert [d.metadata["pages"] for d in pages] == [[1]]
