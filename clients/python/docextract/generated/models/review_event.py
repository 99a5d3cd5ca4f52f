from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.review_event_action import ReviewEventAction

T = TypeVar("T", bound="ReviewEvent")


@_attrs_define
class ReviewEvent:
    """
    Attributes:
        at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        action (ReviewEventAction):
        path (None | str): The value decided on; null for approve and reject.
        value_before (Any): The reviewed value before the decision (null for approve and reject).
        value_after (Any): The reviewed value after it; for reject `{reason}`, for approve with add_as_example
            `{add_as_example: true}`.
        actor (None | str): The API token's label (`<scope>:<first 12 hex digits of its SHA-256>`) when tokens are
            configured, else null.
    """

    at: datetime.datetime
    action: ReviewEventAction
    path: None | str
    value_before: Any
    value_after: Any
    actor: None | str

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        action = self.action.value

        path: None | str
        path = self.path

        value_before = self.value_before

        value_after = self.value_after

        actor: None | str
        actor = self.actor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "action": action,
                "path": path,
                "value_before": value_before,
                "value_after": value_after,
                "actor": actor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at").replace("Z", "+00:00"))

        action = ReviewEventAction(d.pop("action"))

        def _parse_path(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        path = _parse_path(d.pop("path"))

        value_before = d.pop("value_before")

        value_after = d.pop("value_after")

        def _parse_actor(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        actor = _parse_actor(d.pop("actor"))

        review_event = cls(
            at=at,
            action=action,
            path=path,
            value_before=value_before,
            value_after=value_after,
            actor=actor,
        )

        return review_event
