from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.review_field_decision import ReviewFieldDecision


T = TypeVar("T", bound="ReviewPatchRequest")


@_attrs_define
class ReviewPatchRequest:
    """
    Attributes:
        revision (int): The review's current revision.
        fields (list[ReviewFieldDecision]):
    """

    revision: int
    fields: list[ReviewFieldDecision]

    def to_dict(self) -> dict[str, Any]:
        revision = self.revision

        fields = []
        for fields_item_data in self.fields:
            fields_item = fields_item_data.to_dict()
            fields.append(fields_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "revision": revision,
                "fields": fields,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.review_field_decision import ReviewFieldDecision

        d = dict(src_dict)
        revision = d.pop("revision")

        fields = []
        _fields = d.pop("fields")
        for fields_item_data in _fields:
            fields_item = ReviewFieldDecision.from_dict(fields_item_data)

            fields.append(fields_item)

        review_patch_request = cls(
            revision=revision,
            fields=fields,
        )

        return review_patch_request
