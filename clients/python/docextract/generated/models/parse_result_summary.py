from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.output_format import OutputFormat

T = TypeVar("T", bound="ParseResultSummary")


@_attrs_define
class ParseResultSummary:
    """The result of a completed parse job as lists show it (our addition).

    Attributes:
        format_ (OutputFormat): Parser output format; `markdown` is the only format in v0.3.
        page_count (int):
    """

    format_: OutputFormat
    page_count: int

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_.value

        page_count = self.page_count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "page_count": page_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        format_ = OutputFormat(d.pop("format"))

        page_count = d.pop("page_count")

        parse_result_summary = cls(
            format_=format_,
            page_count=page_count,
        )

        return parse_result_summary
