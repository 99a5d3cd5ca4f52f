from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.extraction_result_data import ExtractionResultData
    from ..models.extraction_result_provenance import ExtractionResultProvenance
    from ..models.value_conflict import ValueConflict


T = TypeVar("T", bound="ExtractionResult")


@_attrs_define
class ExtractionResult:
    """
    Attributes:
        data (ExtractionResultData): The extracted data; it satisfies the extractor's schema.
        provenance (ExtractionResultProvenance | Unset): Where each value came from (file inputs only; our addition).
            Keys are JSON Pointers
            (RFC 6901) of every non-null leaf value of `data`, e.g. `/items/3/amount`.
        conflicts (list[ValueConflict] | Unset): Present when the document was extracted in more than one window (our
            addition): every
            scalar that windows disagreed on. `data` holds the first non-null value in page order;
            the others are listed here, never dropped silently. Empty when the windows agreed.
    """

    data: ExtractionResultData
    provenance: ExtractionResultProvenance | Unset = UNSET
    conflicts: list[ValueConflict] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        provenance: dict[str, Any] | Unset = UNSET
        if not isinstance(self.provenance, Unset):
            provenance = self.provenance.to_dict()

        conflicts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.conflicts, Unset):
            conflicts = []
            for conflicts_item_data in self.conflicts:
                conflicts_item = conflicts_item_data.to_dict()
                conflicts.append(conflicts_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )
        if provenance is not UNSET:
            field_dict["provenance"] = provenance
        if conflicts is not UNSET:
            field_dict["conflicts"] = conflicts

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extraction_result_data import ExtractionResultData
        from ..models.extraction_result_provenance import ExtractionResultProvenance
        from ..models.value_conflict import ValueConflict

        d = dict(src_dict)
        data = ExtractionResultData.from_dict(d.pop("data"))

        _provenance = d.pop("provenance", UNSET)
        provenance: ExtractionResultProvenance | Unset
        if isinstance(_provenance, Unset):
            provenance = UNSET
        else:
            provenance = ExtractionResultProvenance.from_dict(_provenance)

        _conflicts = d.pop("conflicts", UNSET)
        conflicts: list[ValueConflict] | Unset = UNSET
        if _conflicts is not UNSET:
            conflicts = []
            for conflicts_item_data in _conflicts:
                conflicts_item = ValueConflict.from_dict(conflicts_item_data)

                conflicts.append(conflicts_item)

        extraction_result = cls(
            data=data,
            provenance=provenance,
            conflicts=conflicts,
        )

        return extraction_result
