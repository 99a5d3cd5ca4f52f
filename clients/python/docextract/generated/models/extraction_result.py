from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.extraction_result_data import ExtractionResultData


T = TypeVar("T", bound="ExtractionResult")


@_attrs_define
class ExtractionResult:
    """
    Attributes:
        data (ExtractionResultData): The extracted data; it satisfies the extractor's schema.
    """

    data: ExtractionResultData

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extraction_result_data import ExtractionResultData

        d = dict(src_dict)
        data = ExtractionResultData.from_dict(d.pop("data"))

        extraction_result = cls(
            data=data,
        )

        return extraction_result
