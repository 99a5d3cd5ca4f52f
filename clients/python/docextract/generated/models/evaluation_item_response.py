from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.evaluation_item_response_expected_output import (
        EvaluationItemResponseExpectedOutput,
    )


T = TypeVar("T", bound="EvaluationItemResponse")


@_attrs_define
class EvaluationItemResponse:
    """
    Attributes:
        id (str): Immutable identifier (`evitem_` + ULID).
        evaluation_set_id (str):
        file_id (None | str):
        text (None | str):
        expected_output (EvaluationItemResponseExpectedOutput):
        note (None | str):
        from_job_id (None | str): The reviewed job the item was taken from.
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        updated_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    id: str
    evaluation_set_id: str
    file_id: None | str
    text: None | str
    expected_output: EvaluationItemResponseExpectedOutput
    note: None | str
    from_job_id: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        evaluation_set_id = self.evaluation_set_id

        file_id: None | str
        file_id = self.file_id

        text: None | str
        text = self.text

        expected_output = self.expected_output.to_dict()

        note: None | str
        note = self.note

        from_job_id: None | str
        from_job_id = self.from_job_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "evaluation_set_id": evaluation_set_id,
                "file_id": file_id,
                "text": text,
                "expected_output": expected_output,
                "note": note,
                "from_job_id": from_job_id,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evaluation_item_response_expected_output import (
            EvaluationItemResponseExpectedOutput,
        )

        d = dict(src_dict)
        id = d.pop("id")

        evaluation_set_id = d.pop("evaluation_set_id")

        def _parse_file_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        file_id = _parse_file_id(d.pop("file_id"))

        def _parse_text(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        text = _parse_text(d.pop("text"))

        expected_output = EvaluationItemResponseExpectedOutput.from_dict(d.pop("expected_output"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        note = _parse_note(d.pop("note"))

        def _parse_from_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        from_job_id = _parse_from_job_id(d.pop("from_job_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at").replace("Z", "+00:00"))

        evaluation_item_response = cls(
            id=id,
            evaluation_set_id=evaluation_set_id,
            file_id=file_id,
            text=text,
            expected_output=expected_output,
            note=note,
            from_job_id=from_job_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        return evaluation_item_response
