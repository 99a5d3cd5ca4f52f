from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.evaluation_item_response_expected_output_type_0 import (
        EvaluationItemResponseExpectedOutputType0,
    )
    from ..models.expected_segments_item import ExpectedSegmentsItem


T = TypeVar("T", bound="EvaluationItemResponse")


@_attrs_define
class EvaluationItemResponse:
    """
    Attributes:
        id (str): Immutable identifier (`evitem_` + ULID).
        evaluation_set_id (str):
        file_id (None | str):
        text (None | str):
        expected_output (EvaluationItemResponseExpectedOutputType0 | None): The right extraction (null when the item
            holds `expected_segments`).
        expected_segments (list[ExpectedSegmentsItem] | None): The right split of a packet (null when the item holds
            `expected_output`).
        note (None | str):
        from_job_id (None | str): The reviewed job the item was taken from.
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        updated_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    id: str
    evaluation_set_id: str
    file_id: None | str
    text: None | str
    expected_output: EvaluationItemResponseExpectedOutputType0 | None
    expected_segments: list[ExpectedSegmentsItem] | None
    note: None | str
    from_job_id: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.evaluation_item_response_expected_output_type_0 import (
            EvaluationItemResponseExpectedOutputType0,
        )

        id = self.id

        evaluation_set_id = self.evaluation_set_id

        file_id: None | str
        file_id = self.file_id

        text: None | str
        text = self.text

        expected_output: dict[str, Any] | None
        if isinstance(self.expected_output, EvaluationItemResponseExpectedOutputType0):
            expected_output = self.expected_output.to_dict()
        else:
            expected_output = self.expected_output

        expected_segments: list[dict[str, Any]] | None
        if isinstance(self.expected_segments, list):
            expected_segments = []
            for componentsschemas_expected_segments_item_data in self.expected_segments:
                componentsschemas_expected_segments_item = componentsschemas_expected_segments_item_data.to_dict()
                expected_segments.append(componentsschemas_expected_segments_item)

        else:
            expected_segments = self.expected_segments

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
                "expected_segments": expected_segments,
                "note": note,
                "from_job_id": from_job_id,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evaluation_item_response_expected_output_type_0 import (
            EvaluationItemResponseExpectedOutputType0,
        )
        from ..models.expected_segments_item import ExpectedSegmentsItem

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

        def _parse_expected_output(
            data: object,
        ) -> EvaluationItemResponseExpectedOutputType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                expected_output_type_0 = EvaluationItemResponseExpectedOutputType0.from_dict(data)

                return expected_output_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("EvaluationItemResponseExpectedOutputType0 | None", data)

        expected_output = _parse_expected_output(d.pop("expected_output"))

        def _parse_expected_segments(data: object) -> list[ExpectedSegmentsItem] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                expected_segments_type_0 = []
                _expected_segments_type_0 = data
                for componentsschemas_expected_segments_item_data in _expected_segments_type_0:
                    componentsschemas_expected_segments_item = ExpectedSegmentsItem.from_dict(
                        componentsschemas_expected_segments_item_data
                    )

                    expected_segments_type_0.append(componentsschemas_expected_segments_item)

                return expected_segments_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("list[ExpectedSegmentsItem] | None", data)

        expected_segments = _parse_expected_segments(d.pop("expected_segments"))

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
            expected_segments=expected_segments,
            note=note,
            from_job_id=from_job_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        return evaluation_item_response
