from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="CandidatePromoteInput")


@_attrs_define
class CandidatePromoteInput:
    """
    Attributes:
        force (bool | Unset): Promote a `regressed` candidate anyway (recorded as `promotion_forced`).
    """

    force: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        force = self.force

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if force is not UNSET:
            field_dict["force"] = force

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        force = d.pop("force", UNSET)

        candidate_promote_input = cls(
            force=force,
        )

        return candidate_promote_input
