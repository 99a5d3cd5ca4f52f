from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.page_box import PageBox


T = TypeVar("T", bound="BatchChunkLine")


@_attrs_define
class BatchChunkLine:
    """One line of `GET /v1/batches/{batch_id}/results?as=chunks`: a chunk of a completed item.

    Attributes:
        custom_id (str):
        job_id (str):
        index (int): The chunk's index among its job's chunks.
        text (str):
        heading_path (list[str]):
        pages (list[int]):
        boxes (list[PageBox]):
        token_count (int):
    """

    custom_id: str
    job_id: str
    index: int
    text: str
    heading_path: list[str]
    pages: list[int]
    boxes: list[PageBox]
    token_count: int

    def to_dict(self) -> dict[str, Any]:
        custom_id = self.custom_id

        job_id = self.job_id

        index = self.index

        text = self.text

        heading_path = self.heading_path

        pages = self.pages

        boxes = []
        for boxes_item_data in self.boxes:
            boxes_item = boxes_item_data.to_dict()
            boxes.append(boxes_item)

        token_count = self.token_count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "custom_id": custom_id,
                "job_id": job_id,
                "index": index,
                "text": text,
                "heading_path": heading_path,
                "pages": pages,
                "boxes": boxes,
                "token_count": token_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.page_box import PageBox

        d = dict(src_dict)
        custom_id = d.pop("custom_id")

        job_id = d.pop("job_id")

        index = d.pop("index")

        text = d.pop("text")

        heading_path = cast(list[str], d.pop("heading_path"))

        pages = cast(list[int], d.pop("pages"))

        boxes = []
        _boxes = d.pop("boxes")
        for boxes_item_data in _boxes:
            boxes_item = PageBox.from_dict(boxes_item_data)

            boxes.append(boxes_item)

        token_count = d.pop("token_count")

        batch_chunk_line = cls(
            custom_id=custom_id,
            job_id=job_id,
            index=index,
            text=text,
            heading_path=heading_path,
            pages=pages,
            boxes=boxes,
            token_count=token_count,
        )

        return batch_chunk_line
