from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.webhook_event_type import WebhookEventType

T = TypeVar("T", bound="WebhookDeliveryResponse")


@_attrs_define
class WebhookDeliveryResponse:
    """
    Attributes:
        id (str): Identifier of this attempt (`whdl_` + ULID).
        endpoint_id (str):
        webhook_id (str): The `webhook-id` header sent: the same on every attempt of one event.
        event_type (WebhookEventType): A job kind and the terminal status it reached; or, for extraction jobs, a review
            event:
            `extraction_job.review_required` (a completed job entered review, `review.status = pending`)
            and `extraction_job.review_completed` (its review was approved or rejected). Review events are
            sent only to endpoints that list them; their body is the job as for the others. Batch events: `batch.completed`,
            `batch.canceled`, `batch.failed` (body `BatchEventPayload`), also
            sent only to endpoints that list them. Classification jobs (packets): `classification_job.completed`,
            `.failed`, `.canceled`, also sent only to endpoints that list them.
        job_id (str):
        attempt (int): Attempt number of this event at this endpoint, from 1.
        status_code (int | None): The receiver's HTTP status; null when no answer came (network error, time-out, refused
            address).
        error (None | str): Why the attempt failed; null on success. Never the receiver's body.
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        completed_at (datetime.datetime | None):
    """

    id: str
    endpoint_id: str
    webhook_id: str
    event_type: WebhookEventType
    job_id: str
    attempt: int
    status_code: int | None
    error: None | str
    created_at: datetime.datetime
    completed_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        endpoint_id = self.endpoint_id

        webhook_id = self.webhook_id

        event_type = self.event_type.value

        job_id = self.job_id

        attempt = self.attempt

        status_code: int | None
        status_code = self.status_code

        error: None | str
        error = self.error

        created_at = self.created_at.isoformat()

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "endpoint_id": endpoint_id,
                "webhook_id": webhook_id,
                "event_type": event_type,
                "job_id": job_id,
                "attempt": attempt,
                "status_code": status_code,
                "error": error,
                "created_at": created_at,
                "completed_at": completed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        endpoint_id = d.pop("endpoint_id")

        webhook_id = d.pop("webhook_id")

        event_type = WebhookEventType(d.pop("event_type"))

        job_id = d.pop("job_id")

        attempt = d.pop("attempt")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast("int | None", data)

        status_code = _parse_status_code(d.pop("status_code"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        error = _parse_error(d.pop("error"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data.replace("Z", "+00:00"))

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("datetime.datetime | None", data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        webhook_delivery_response = cls(
            id=id,
            endpoint_id=endpoint_id,
            webhook_id=webhook_id,
            event_type=event_type,
            job_id=job_id,
            attempt=attempt,
            status_code=status_code,
            error=error,
            created_at=created_at,
            completed_at=completed_at,
        )

        return webhook_delivery_response
