from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.thresholds_proposal_fields import ThresholdsProposalFields


T = TypeVar("T", bound="ThresholdsProposal")


@_attrs_define
class ThresholdsProposal:
    """
    Attributes:
        target_precision (float):
        fields (ThresholdsProposalFields): Field path (with `*` for array indices) → its threshold.
        straight_through_rate (float): Share of all the run's items that would pass without review.
        items_total (int):
        applied_version (int | None): The extractor version `apply` wrote (unchanged when the thresholds were already in
            place); null without `apply`.
    """

    target_precision: float
    fields: ThresholdsProposalFields
    straight_through_rate: float
    items_total: int
    applied_version: int | None

    def to_dict(self) -> dict[str, Any]:
        target_precision = self.target_precision

        fields = self.fields.to_dict()

        straight_through_rate = self.straight_through_rate

        items_total = self.items_total

        applied_version: int | None
        applied_version = self.applied_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target_precision": target_precision,
                "fields": fields,
                "straight_through_rate": straight_through_rate,
                "items_total": items_total,
                "applied_version": applied_version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.thresholds_proposal_fields import ThresholdsProposalFields

        d = dict(src_dict)
        target_precision = d.pop("target_precision")

        fields = ThresholdsProposalFields.from_dict(d.pop("fields"))

        straight_through_rate = d.pop("straight_through_rate")

        items_total = d.pop("items_total")

        def _parse_applied_version(data: object) -> int | None:
            if data is None:
                return data
            return cast("int | None", data)

        applied_version = _parse_applied_version(d.pop("applied_version"))

        thresholds_proposal = cls(
            target_precision=target_precision,
            fields=fields,
            straight_through_rate=straight_through_rate,
            items_total=items_total,
            applied_version=applied_version,
        )

        return thresholds_proposal
