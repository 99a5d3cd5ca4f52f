from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.webhook_event_type import WebhookEventType
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookEndpointCreateInput")


@_attrs_define
class WebhookEndpointCreateInput:
    """
    Attributes:
        url (str): Absolute `http` or `https` URL. Its host must resolve to a public address (`400
            webhook_url_unresolvable` / `webhook_url_forbidden` otherwise), unless the service allows
            private addresses (`SERVICE_WEBHOOK_ALLOW_PRIVATE`).
        events (list[WebhookEventType] | Unset): Events to deliver; default the six job-end events (review and `batch.*`
            events only when listed).
        description (None | str | Unset):
    """

    url: str
    events: list[WebhookEventType] | Unset = UNSET
    description: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        _events = d.pop("events", UNSET)
        events: list[WebhookEventType] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = WebhookEventType(events_item_data)

                events.append(events_item)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        description = _parse_description(d.pop("description", UNSET))

        webhook_endpoint_create_input = cls(
            url=url,
            events=events,
            description=description,
        )

        return webhook_endpoint_create_input
