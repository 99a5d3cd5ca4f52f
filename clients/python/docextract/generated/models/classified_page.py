from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ClassifiedPage")


@_attrs_define
class ClassifiedPage:
    """
    Attributes:
        page (int): The file's page number.
        class_ (str):
        starts_document (bool):
        confidence (float | None): Lowest probability among the tokens of the class value; null without token
            probabilities.
    """

    page: int
    class_: str
    starts_document: bool
    confidence: float | None

    def to_dict(self) -> dict[str, Any]:
        page = self.page

        class_ = self.class_

        starts_document = self.starts_document

        confidence: float | None
        confidence = self.confidence

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "page": page,
                "class": class_,
                "starts_document": starts_document,
                "confidence": confidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        page = d.pop("page")

        class_ = d.pop("class")

        starts_document = d.pop("starts_document")

        def _parse_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        confidence = _parse_confidence(d.pop("confidence"))

        classified_page = cls(
            page=page,
            class_=class_,
            starts_document=starts_document,
            confidence=confidence,
        )

        return classified_page
