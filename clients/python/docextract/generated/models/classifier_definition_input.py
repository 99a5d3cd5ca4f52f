from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.provider_name import ProviderName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.classifier_class import ClassifierClass


T = TypeVar("T", bound="ClassifierDefinitionInput")


@_attrs_define
class ClassifierDefinitionInput:
    """The complete classifier definition (body of the create-or-replace operation).

    Attributes:
        display_name (str):
        classes (list[ClassifierClass]):
        name (None | str | Unset): The name comes from the path, so a request need not send it (readOnly); one that does
            must send the path's name (else `400 name_mismatch`).
        instructions (str | Unset): Extra guidance for the model (optional).
        provider_name (None | ProviderName | Unset): Defaults to `compatible_api`.
        model (None | str | Unset): Defaults to `SERVICE_LOCAL_MODEL` for `compatible_api`; required for hosted
            providers.
        review_threshold (float | None | Unset): A segment whose confidence is below it is flagged `low_confidence` and
            puts the job in review.
    """

    display_name: str
    classes: list[ClassifierClass]
    name: None | str | Unset = UNSET
    instructions: str | Unset = UNSET
    provider_name: None | ProviderName | Unset = UNSET
    model: None | str | Unset = UNSET
    review_threshold: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        classes = []
        for classes_item_data in self.classes:
            classes_item = classes_item_data.to_dict()
            classes.append(classes_item)

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        instructions = self.instructions

        provider_name: None | str | Unset
        if isinstance(self.provider_name, Unset):
            provider_name = UNSET
        elif isinstance(self.provider_name, ProviderName):
            provider_name = self.provider_name.value
        else:
            provider_name = self.provider_name

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        review_threshold: float | None | Unset
        if isinstance(self.review_threshold, Unset):
            review_threshold = UNSET
        else:
            review_threshold = self.review_threshold

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "display_name": display_name,
                "classes": classes,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if instructions is not UNSET:
            field_dict["instructions"] = instructions
        if provider_name is not UNSET:
            field_dict["provider_name"] = provider_name
        if model is not UNSET:
            field_dict["model"] = model
        if review_threshold is not UNSET:
            field_dict["review_threshold"] = review_threshold

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.classifier_class import ClassifierClass

        d = dict(src_dict)
        display_name = d.pop("display_name")

        classes = []
        _classes = d.pop("classes")
        for classes_item_data in _classes:
            classes_item = ClassifierClass.from_dict(classes_item_data)

            classes.append(classes_item)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        name = _parse_name(d.pop("name", UNSET))

        instructions = d.pop("instructions", UNSET)

        def _parse_provider_name(data: object) -> None | ProviderName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                provider_name_type_0 = ProviderName(data)

                return provider_name_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ProviderName | Unset", data)

        provider_name = _parse_provider_name(d.pop("provider_name", UNSET))

        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        model = _parse_model(d.pop("model", UNSET))

        def _parse_review_threshold(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("float | None | Unset", data)

        review_threshold = _parse_review_threshold(d.pop("review_threshold", UNSET))

        classifier_definition_input = cls(
            display_name=display_name,
            classes=classes,
            name=name,
            instructions=instructions,
            provider_name=provider_name,
            model=model,
            review_threshold=review_threshold,
        )

        return classifier_definition_input
