from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ParseProgress")


@_attrs_define
class ParseProgress:
    """Pages finished so far. Our addition to the contract.

    Attributes:
        pages_total (int):
        pages_completed (int):
    """

    pages_total: int
    pages_completed: int

    def to_dict(self) -> dict[str, Any]:
        pages_total = self.pages_total

        pages_completed = self.pages_completed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pages_total": pages_total,
                "pages_completed": pages_completed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pages_total = d.pop("pages_total")

        pages_completed = d.pop("pages_completed")

        parse_progress = cls(
            pages_total=pages_total,
            pages_completed=pages_completed,
        )

        return parse_progress
