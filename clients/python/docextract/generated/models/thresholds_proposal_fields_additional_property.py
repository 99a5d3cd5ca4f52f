from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ThresholdsProposalFieldsAdditionalProperty")


@_attrs_define
class ThresholdsProposalFieldsAdditionalProperty:
    """
    Attributes:
        threshold (float | None):
        precision (float | None):
        auto_accept_share (float):
        n (int):
    """

    threshold: float | None
    precision: float | None
    auto_accept_share: float
    n: int

    def to_dict(self) -> dict[str, Any]:
        threshold: float | None
        threshold = self.threshold

        precision: float | None
        precision = self.precision

        auto_accept_share = self.auto_accept_share

        n = self.n

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "threshold": threshold,
                "precision": precision,
                "auto_accept_share": auto_accept_share,
                "n": n,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_threshold(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        threshold = _parse_threshold(d.pop("threshold"))

        def _parse_precision(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        precision = _parse_precision(d.pop("precision"))

        auto_accept_share = d.pop("auto_accept_share")

        n = d.pop("n")

        thresholds_proposal_fields_additional_property = cls(
            threshold=threshold,
            precision=precision,
            auto_accept_share=auto_accept_share,
            n=n,
        )

        return thresholds_proposal_fields_additional_property
