from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="WordBox")


@_attrs_define
class WordBox:
    """Where on the page, as fractions of its width and height (0..1, origin top-left), the same coordinates as provenance
    boxes.

        Attributes:
            x0 (float):
            y0 (float):
            x1 (float):
            y1 (float):
    """

    x0: float
    y0: float
    x1: float
    y1: float

    def to_dict(self) -> dict[str, Any]:
        x0 = self.x0

        y0 = self.y0

        x1 = self.x1

        y1 = self.y1

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "x0": x0,
                "y0": y0,
                "x1": x1,
                "y1": y1,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        x0 = d.pop("x0")

        y0 = d.pop("y0")

        x1 = d.pop("x1")

        y1 = d.pop("y1")

        word_box = cls(
            x0=x0,
            y0=y0,
            x1=x1,
            y1=y1,
        )

        return word_box
