from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateExtractionJobRequest")


@_attrs_define
class CreateExtractionJobRequest:
    """Exactly one of `extractor_id` / `extractor_name`, and exactly one of `file_id` / `text`.

    Attributes:
        extractor_id (str | Unset):
        extractor_name (str | Unset):
        file_id (str | Unset):
        text (str | Unset):
    """

    extractor_id: str | Unset = UNSET
    extractor_name: str | Unset = UNSET
    file_id: str | Unset = UNSET
    text: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        extractor_id = self.extractor_id

        extractor_name = self.extractor_name

        file_id = self.file_id

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if extractor_id is not UNSET:
            field_dict["extractor_id"] = extractor_id
        if extractor_name is not UNSET:
            field_dict["extractor_name"] = extractor_name
        if file_id is not UNSET:
            field_dict["file_id"] = file_id
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        extractor_id = d.pop("extractor_id", UNSET)

        extractor_name = d.pop("extractor_name", UNSET)

        file_id = d.pop("file_id", UNSET)

        text = d.pop("text", UNSET)

        create_extraction_job_request = cls(
            extractor_id=extractor_id,
            extractor_name=extractor_name,
            file_id=file_id,
            text=text,
        )

        return create_extraction_job_request
