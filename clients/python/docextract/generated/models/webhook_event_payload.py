from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.webhook_event_type import WebhookEventType

if TYPE_CHECKING:
    from ..models.batch_response import BatchResponse
    from ..models.extraction_job_response import ExtractionJobResponse
    from ..models.parse_job_response import ParseJobResponse


T = TypeVar("T", bound="WebhookEventPayload")


@_attrs_define
class WebhookEventPayload:
    """The body of a delivery: small on purpose (relays and receivers choke on large payloads), the
    result is one `GET` away.

        Attributes:
            type_ (WebhookEventType): A job kind and the terminal status it reached; or, for extraction jobs, a review
                event:
                `extraction_job.review_required` (a completed job entered review, `review.status = pending`)
                and `extraction_job.review_completed` (its review was approved or rejected). Review events are
                sent only to endpoints that list them; their body is the job as for the others. Batch events: `batch.completed`,
                `batch.canceled`, `batch.failed` (body `BatchEventPayload`), also
                sent only to endpoints that list them. Classification jobs (packets): `classification_job.completed`,
                `.failed`, `.canceled`, also sent only to endpoints that list them.
            timestamp (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
            data (BatchResponse | ExtractionJobResponse | ParseJobResponse): The job as `GET` returns it, without `result`;
                for `batch.*` events the batch as `GET` returns it.
    """

    type_: WebhookEventType
    timestamp: datetime.datetime
    data: BatchResponse | ExtractionJobResponse | ParseJobResponse

    def to_dict(self) -> dict[str, Any]:
        from ..models.extraction_job_response import ExtractionJobResponse
        from ..models.parse_job_response import ParseJobResponse

        type_ = self.type_.value

        timestamp = self.timestamp.isoformat()

        data: dict[str, Any]
        if isinstance(self.data, ExtractionJobResponse) or isinstance(self.data, ParseJobResponse):
            data = self.data.to_dict()
        else:
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "timestamp": timestamp,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_response import BatchResponse
        from ..models.extraction_job_response import ExtractionJobResponse
        from ..models.parse_job_response import ParseJobResponse

        d = dict(src_dict)
        type_ = WebhookEventType(d.pop("type"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp").replace("Z", "+00:00"))

        def _parse_data(
            data: object,
        ) -> BatchResponse | ExtractionJobResponse | ParseJobResponse:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = ExtractionJobResponse.from_dict(data)

                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_1 = ParseJobResponse.from_dict(data)

                return data_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            data_type_2 = BatchResponse.from_dict(data)

            return data_type_2

        data = _parse_data(d.pop("data"))

        webhook_event_payload = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return webhook_event_payload
