from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="ClassifierClass")


@_attrs_define
class ClassifierClass:
    """
    Attributes:
        name (str): Unique in the classifier; not `other`, which always exists implicitly.
        description (str): What a page of this class looks like (sent to the model).
        extractor_name (None | str | Unset): The extractor a segment of this class is routed to (`route`); it must
            exist.
    """

    name: str
    description: str
    extractor_name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        extractor_name: None | str | Unset
        if isinstance(self.extractor_name, Unset):
            extractor_name = UNSET
        else:
            extractor_name = self.extractor_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "description": description,
            }
        )
        if extractor_name is not UNSET:
            field_dict["extractor_name"] = extractor_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        def _parse_extractor_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        extractor_name = _parse_extractor_name(d.pop("extractor_name", UNSET))

        classifier_class = cls(
            name=name,
            description=description,
            extractor_name=extractor_name,
        )

        return classifier_class
