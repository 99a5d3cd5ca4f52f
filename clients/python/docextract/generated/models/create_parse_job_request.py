from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateParseJobRequest")


@_attrs_define
class CreateParseJobRequest:
    """`file_id` is required; at most one of `parser_id` / `parser_name` (default parser: `document-to-markdown`).

    Attributes:
        file_id (str):
        parser_id (str | Unset):
        parser_name (str | Unset):
    """

    file_id: str
    parser_id: str | Unset = UNSET
    parser_name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        file_id = self.file_id

        parser_id = self.parser_id

        parser_name = self.parser_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "file_id": file_id,
            }
        )
        if parser_id is not UNSET:
            field_dict["parser_id"] = parser_id
        if parser_name is not UNSET:
            field_dict["parser_name"] = parser_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file_id = d.pop("file_id")

        parser_id = d.pop("parser_id", UNSET)

        parser_name = d.pop("parser_name", UNSET)

        create_parse_job_request = cls(
            file_id=file_id,
            parser_id=parser_id,
            parser_name=parser_name,
        )

        return create_parse_job_request
