from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.chunk_list_tokenizer import ChunkListTokenizer

if TYPE_CHECKING:
    from ..models.chunk import Chunk


T = TypeVar("T", bound="ChunkList")


@_attrs_define
class ChunkList:
    """
    Attributes:
        tokenizer (ChunkListTokenizer):
        chunks (list[Chunk]):
    """

    tokenizer: ChunkListTokenizer
    chunks: list[Chunk]

    def to_dict(self) -> dict[str, Any]:
        tokenizer = self.tokenizer.value

        chunks = []
        for chunks_item_data in self.chunks:
            chunks_item = chunks_item_data.to_dict()
            chunks.append(chunks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tokenizer": tokenizer,
                "chunks": chunks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chunk import Chunk

        d = dict(src_dict)
        tokenizer = ChunkListTokenizer(d.pop("tokenizer"))

        chunks = []
        _chunks = d.pop("chunks")
        for chunks_item_data in _chunks:
            chunks_item = Chunk.from_dict(chunks_item_data)

            chunks.append(chunks_item)

        chunk_list = cls(
            tokenizer=tokenizer,
            chunks=chunks,
        )

        return chunk_list
