from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.review_field_decision_type_0 import ReviewFieldDecisionType0
    from ..models.review_field_decision_type_1 import ReviewFieldDecisionType1


T = TypeVar("T", bound="ReviewPatchRequest")


@_attrs_define
class ReviewPatchRequest:
    """
    Attributes:
        revision (int): The review's current revision.
        fields (list[ReviewFieldDecisionType0 | ReviewFieldDecisionType1]):
    """

    revision: int
    fields: list[ReviewFieldDecisionType0 | ReviewFieldDecisionType1]

    def to_dict(self) -> dict[str, Any]:
        from ..models.review_field_decision_type_0 import ReviewFieldDecisionType0

        revision = self.revision

        fields = []
        for fields_item_data in self.fields:
            fields_item: dict[str, Any]
            if isinstance(fields_item_data, ReviewFieldDecisionType0):
                fields_item = fields_item_data.to_dict()
            else:
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
        from ..models.review_field_decision_type_0 import ReviewFieldDecisionType0
        from ..models.review_field_decision_type_1 import ReviewFieldDecisionType1

        d = dict(src_dict)
        revision = d.pop("revision")

        fields = []
        _fields = d.pop("fields")
        for fields_item_data in _fields:

            def _parse_fields_item(
                data: object,
            ) -> ReviewFieldDecisionType0 | ReviewFieldDecisionType1:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_review_field_decision_type_0 = ReviewFieldDecisionType0.from_dict(data)

                    return componentsschemas_review_field_decision_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_review_field_decision_type_1 = ReviewFieldDecisionType1.from_dict(data)

                return componentsschemas_review_field_decision_type_1

            fields_item = _parse_fields_item(fields_item_data)

            fields.append(fields_item)

        review_patch_request = cls(
            revision=revision,
            fields=fields,
        )

        return review_patch_request
