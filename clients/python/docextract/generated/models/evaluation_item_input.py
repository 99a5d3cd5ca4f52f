from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.expected_segments_item import ExpectedSegmentsItem
    from ..models.json_object import JsonObject


T = TypeVar("T", bound="EvaluationItemInput")


@_attrs_define
class EvaluationItemInput:
    """Exactly one of `file_id` and `text`, with the right answer (exactly one of `expected_output` and
    `expected_segments`).

        Attributes:
            file_id (str | Unset):
            text (str | Unset):
            expected_output (JsonObject | Unset): A free-form JSON object whose strings and keys are free of NUL.
            expected_segments (list[ExpectedSegmentsItem] | Unset): The right split of a packet, for classifier evaluation
                runs (issue 44): segments covering the
                pages from 1, once each, in order (a `422` otherwise, checked once the set, the item and the
                file are found, so a missing one is `404` first). Any class name is accepted; one the
                classifier does not have scores as wrong.
                 Example: [{'class': 'application', 'pages': {'start': 1, 'end': 3}}, {'class': 'pay_slip', 'pages': {'start':
                4, 'end': 4}}].
            note (None | str | Unset):
    """

    file_id: str | Unset = UNSET
    text: str | Unset = UNSET
    expected_output: JsonObject | Unset = UNSET
    expected_segments: list[ExpectedSegmentsItem] | Unset = UNSET
    note: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        file_id = self.file_id

        text = self.text

        expected_output: dict[str, Any] | Unset = UNSET
        if not isinstance(self.expected_output, Unset):
            expected_output = self.expected_output.to_dict()

        expected_segments: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.expected_segments, Unset):
            expected_segments = []
            for componentsschemas_expected_segments_item_data in self.expected_segments:
                componentsschemas_expected_segments_item = componentsschemas_expected_segments_item_data.to_dict()
                expected_segments.append(componentsschemas_expected_segments_item)

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if file_id is not UNSET:
            field_dict["file_id"] = file_id
        if text is not UNSET:
            field_dict["text"] = text
        if expected_output is not UNSET:
            field_dict["expected_output"] = expected_output
        if expected_segments is not UNSET:
            field_dict["expected_segments"] = expected_segments
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.expected_segments_item import ExpectedSegmentsItem
        from ..models.json_object import JsonObject

        d = dict(src_dict)
        file_id = d.pop("file_id", UNSET)

        text = d.pop("text", UNSET)

        _expected_output = d.pop("expected_output", UNSET)
        expected_output: JsonObject | Unset
        if isinstance(_expected_output, Unset):
            expected_output = UNSET
        else:
            expected_output = JsonObject.from_dict(_expected_output)

        _expected_segments = d.pop("expected_segments", UNSET)
        expected_segments: list[ExpectedSegmentsItem] | Unset = UNSET
        if _expected_segments is not UNSET:
            expected_segments = []
            for componentsschemas_expected_segments_item_data in _expected_segments:
                componentsschemas_expected_segments_item = ExpectedSegmentsItem.from_dict(
                    componentsschemas_expected_segments_item_data
                )

                expected_segments.append(componentsschemas_expected_segments_item)

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        note = _parse_note(d.pop("note", UNSET))

        evaluation_item_input = cls(
            file_id=file_id,
            text=text,
            expected_output=expected_output,
            expected_segments=expected_segments,
            note=note,
        )

        return evaluation_item_input
