from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.extractor_update_input import ExtractorUpdateInput


T = TypeVar("T", bound="CandidateCreateInput")


@_attrs_define
class CandidateCreateInput:
    """
    Attributes:
        changes (ExtractorUpdateInput): A partial update; omitted fields are preserved.
    """

    changes: ExtractorUpdateInput

    def to_dict(self) -> dict[str, Any]:
        changes = self.changes.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "changes": changes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extractor_update_input import ExtractorUpdateInput

        d = dict(src_dict)
        changes = ExtractorUpdateInput.from_dict(d.pop("changes"))

        candidate_create_input = cls(
            changes=changes,
        )

        return candidate_create_input
