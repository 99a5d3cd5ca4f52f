from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.classification_review_event_action import ClassificationReviewEventAction

T = TypeVar("T", bound="ClassificationReviewEvent")


@_attrs_define
class ClassificationReviewEvent:
    """
    Attributes:
        at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        action (ClassificationReviewEventAction):
        segments_before (Any):
        segments_after (Any):
        actor (None | str):
    """

    at: datetime.datetime
    action: ClassificationReviewEventAction
    segments_before: Any
    segments_after: Any
    actor: None | str

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        action = self.action.value

        segments_before = self.segments_before

        segments_after = self.segments_after

        actor: None | str
        actor = self.actor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "action": action,
                "segments_before": segments_before,
                "segments_after": segments_after,
                "actor": actor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at").replace("Z", "+00:00"))

        action = ClassificationReviewEventAction(d.pop("action"))

        segments_before = d.pop("segments_before")

        segments_after = d.pop("segments_after")

        def _parse_actor(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        actor = _parse_actor(d.pop("actor"))

        classification_review_event = cls(
            at=at,
            action=action,
            segments_before=segments_before,
            segments_after=segments_after,
            actor=actor,
        )

        return classification_review_event
