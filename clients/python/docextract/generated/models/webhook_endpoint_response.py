from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.webhook_event_type import WebhookEventType

T = TypeVar("T", bound="WebhookEndpointResponse")


@_attrs_define
class WebhookEndpointResponse:
    """
    Attributes:
        id (str): Immutable identifier (`whep_` + ULID).
        url (str):
        events (list[WebhookEventType]):
        description (None | str):
        enabled (bool): False when turned off by `PATCH`, or after the receiver answered `410 Gone`.
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        updated_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    id: str
    url: str
    events: list[WebhookEventType]
    description: None | str
    enabled: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        description: None | str
        description = self.description

        enabled = self.enabled

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "description": description,
                "enabled": enabled,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookEventType(events_item_data)

            events.append(events_item)

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        description = _parse_description(d.pop("description"))

        enabled = d.pop("enabled")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at").replace("Z", "+00:00"))

        webhook_endpoint_response = cls(
            id=id,
            url=url,
            events=events,
            description=description,
            enabled=enabled,
            created_at=created_at,
            updated_at=updated_at,
        )

        return webhook_endpoint_response
