from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="EvaluationItemFromJobInput")


@_attrs_define
class EvaluationItemFromJobInput:
    """An extraction job with an approved review; its input and reviewed data become the item.

    Attributes:
        from_job_id (str):
        note (None | str | Unset):
    """

    from_job_id: str
    note: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_job_id = self.from_job_id

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from_job_id": from_job_id,
            }
        )
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        from_job_id = d.pop("from_job_id")

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        note = _parse_note(d.pop("note", UNSET))

        evaluation_item_from_job_input = cls(
            from_job_id=from_job_id,
            note=note,
        )

        return evaluation_item_from_job_input
