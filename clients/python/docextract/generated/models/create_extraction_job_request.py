from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.page_range import PageRange


T = TypeVar("T", bound="CreateExtractionJobRequest")


@_attrs_define
class CreateExtractionJobRequest:
    """Exactly one of `extractor_id` / `extractor_name`, and exactly one of `file_id` / `text`.

    Attributes:
        extractor_id (str | Unset):
        extractor_name (str | Unset):
        file_id (str | Unset):
        text (str | Unset):
        pages (None | PageRange | Unset): Only these pages of the file are rendered, sent to the model and cited
            (provenance keeps the
            file's page numbers); absent or null for the whole file. A range that does not fit the file is
            `422 invalid_page_range`. Our addition (packets).
    """

    extractor_id: str | Unset = UNSET
    extractor_name: str | Unset = UNSET
    file_id: str | Unset = UNSET
    text: str | Unset = UNSET
    pages: None | PageRange | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.page_range import PageRange

        extractor_id = self.extractor_id

        extractor_name = self.extractor_name

        file_id = self.file_id

        text = self.text

        pages: dict[str, Any] | None | Unset
        if isinstance(self.pages, Unset):
            pages = UNSET
        elif isinstance(self.pages, PageRange):
            pages = self.pages.to_dict()
        else:
            pages = self.pages

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
        if pages is not UNSET:
            field_dict["pages"] = pages

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.page_range import PageRange

        d = dict(src_dict)
        extractor_id = d.pop("extractor_id", UNSET)

        extractor_name = d.pop("extractor_name", UNSET)

        file_id = d.pop("file_id", UNSET)

        text = d.pop("text", UNSET)

        def _parse_pages(data: object) -> None | PageRange | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pages_type_0 = PageRange.from_dict(data)

                return pages_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | PageRange | Unset", data)

        pages = _parse_pages(d.pop("pages", UNSET))

        create_extraction_job_request = cls(
            extractor_id=extractor_id,
            extractor_name=extractor_name,
            file_id=file_id,
            text=text,
            pages=pages,
        )

        return create_extraction_job_request
