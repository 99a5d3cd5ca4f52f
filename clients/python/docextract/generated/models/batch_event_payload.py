from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.batch_event_payload_type import BatchEventPayloadType

if TYPE_CHECKING:
    from ..models.batch_response import BatchResponse


T = TypeVar("T", bound="BatchEventPayload")


@_attrs_define
class BatchEventPayload:
    """The body of a `batch.completed`, `batch.canceled` or `batch.failed` delivery.

    Attributes:
        type_ (BatchEventPayloadType):
        timestamp (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        data (BatchResponse):
    """

    type_: BatchEventPayloadType
    timestamp: datetime.datetime
    data: BatchResponse

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        timestamp = self.timestamp.isoformat()

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

        d = dict(src_dict)
        type_ = BatchEventPayloadType(d.pop("type"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp").replace("Z", "+00:00"))

        data = BatchResponse.from_dict(d.pop("data"))

        batch_event_payload = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return batch_event_payload
