from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.page_range import PageRange


T = TypeVar("T", bound="ExpectedSegmentsItem")


@_attrs_define
class ExpectedSegmentsItem:
    """
    Attributes:
        class_ (str):
        pages (PageRange): Pages `start` to `end` of a file, 1-based and inclusive.
    """

    class_: str
    pages: PageRange

    def to_dict(self) -> dict[str, Any]:
        class_ = self.class_

        pages = self.pages.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "class": class_,
                "pages": pages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.page_range import PageRange

        d = dict(src_dict)
        class_ = d.pop("class")

        pages = PageRange.from_dict(d.pop("pages"))

        expected_segments_item = cls(
            class_=class_,
            pages=pages,
        )

        return expected_segments_item
