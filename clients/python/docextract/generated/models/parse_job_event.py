from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..models.parse_job_event_event import ParseJobEventEvent

T = TypeVar("T", bound="ParseJobEvent")


@_attrs_define
class ParseJobEvent:
    """One event of `GET /v1/parse-jobs/{job_id}/events` (Server-Sent Events), as a client parses it: `event` is
    `job`, `id` the event's sequence number in the stream, and `data` one line of JSON, the job as
    `GET /v1/parse-jobs/{job_id}` returns it (`ParseJobResponse`). Comment lines (`: keep-alive`) carry no event. Our
    addition.

        Attributes:
            event (ParseJobEventEvent):
            id (str):
            data (str):
    """

    event: ParseJobEventEvent
    id: str
    data: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event.value

        id = self.id

        data = self.data

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "id": id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        event = ParseJobEventEvent(d.pop("event"))

        id = d.pop("id")

        data = d.pop("data")

        parse_job_event = cls(
            event=event,
            id=id,
            data=data,
        )

        parse_job_event.additional_properties = d
        return parse_job_event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
