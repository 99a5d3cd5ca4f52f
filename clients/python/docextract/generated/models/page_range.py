from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="PageRange")


@_attrs_define
class PageRange:
    """Pages `start` to `end` of a file, 1-based and inclusive.

    Attributes:
        start (int): First page (from 1).
        end (int): Last page, inclusive (at least `start`, at most the file's page count).
    """

    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "end": end,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        start = d.pop("start")

        end = d.pop("end")

        page_range = cls(
            start=start,
            end=end,
        )

        return page_range
