from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..models.mcp_event_event import McpEventEvent
from ..types import UNSET, Unset

T = TypeVar("T", bound="McpEvent")


@_attrs_define
class McpEvent:
    """One event of an MCP event stream (`POST /mcp` answered as a stream, or a session's `GET /mcp`),
    as a client parses it: `event` is `message` and `data` one line of JSON, a JSON-RPC message
    of the server (a progress notification, a request's result or error).

        Attributes:
            event (McpEventEvent):
            data (str):
            id (str | Unset):
    """

    event: McpEventEvent
    data: str
    id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event.value

        data = self.data

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "data": data,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        event = McpEventEvent(d.pop("event"))

        data = d.pop("data")

        id = d.pop("id", UNSET)

        mcp_event = cls(
            event=event,
            data=data,
            id=id,
        )

        mcp_event.additional_properties = d
        return mcp_event

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
