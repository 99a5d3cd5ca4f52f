from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.provider_name import ProviderName

if TYPE_CHECKING:
    from ..models.classifier_class import ClassifierClass


T = TypeVar("T", bound="ClassifierResponse")


@_attrs_define
class ClassifierResponse:
    """
    Attributes:
        id (str): Immutable identifier (`cls_` + ULID).
        name (str):
        display_name (str):
        instructions (str):
        classes (list[ClassifierClass]):
        provider_name (ProviderName): The stable provider name, and the discriminator that selects the provider
            implementation.
        model (str):
        review_threshold (float | None):
        version (int): 1 when created; grows by one with every change of the definition.
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        updated_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    id: str
    name: str
    display_name: str
    instructions: str
    classes: list[ClassifierClass]
    provider_name: ProviderName
    model: str
    review_threshold: float | None
    version: int
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        display_name = self.display_name

        instructions = self.instructions

        classes = []
        for classes_item_data in self.classes:
            classes_item = classes_item_data.to_dict()
            classes.append(classes_item)

        provider_name = self.provider_name.value

        model = self.model

        review_threshold: float | None
        review_threshold = self.review_threshold

        version = self.version

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "display_name": display_name,
                "instructions": instructions,
                "classes": classes,
                "provider_name": provider_name,
                "model": model,
                "review_threshold": review_threshold,
                "version": version,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.classifier_class import ClassifierClass

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        display_name = d.pop("display_name")

        instructions = d.pop("instructions")

        classes = []
        _classes = d.pop("classes")
        for classes_item_data in _classes:
            classes_item = ClassifierClass.from_dict(classes_item_data)

            classes.append(classes_item)

        provider_name = ProviderName(d.pop("provider_name"))

        model = d.pop("model")

        def _parse_review_threshold(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        review_threshold = _parse_review_threshold(d.pop("review_threshold"))

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at").replace("Z", "+00:00"))

        classifier_response = cls(
            id=id,
            name=name,
            display_name=display_name,
            instructions=instructions,
            classes=classes,
            provider_name=provider_name,
            model=model,
            review_threshold=review_threshold,
            version=version,
            created_at=created_at,
            updated_at=updated_at,
        )

        return classifier_response
