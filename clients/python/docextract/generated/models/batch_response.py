from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.batch_response_kind import BatchResponseKind
from ..models.batch_status import BatchStatus

if TYPE_CHECKING:
    from ..models.batch_destination import BatchDestination
    from ..models.batch_request_counts import BatchRequestCounts
    from ..models.batch_response_metadata import BatchResponseMetadata
    from ..models.batch_response_source_type_0 import BatchResponseSourceType0
    from ..models.batch_review_counts import BatchReviewCounts
    from ..models.job_error import JobError


T = TypeVar("T", bound="BatchResponse")


@_attrs_define
class BatchResponse:
    """
    Attributes:
        id (str): Immutable identifier (`batch_` + ULID).
        kind (BatchResponseKind):
        definition_name (str): The extractor's, parser's or classifier's name (its snapshot runs every item).
        status (BatchStatus): `queued` → `running` → `completed` (every item ended, whatever its outcome:
            `request_counts`
            say how many failed); `canceling` → `canceled` after a cancel. `failed`: the batch's own work
            (handing out its items, not an item's job) met an error no retry can fix after a few
            attempts; `error` says why, its items not yet ended were canceled, and a retry runs it again.
        error (JobError | None): Why the batch failed (`status` `failed`); null otherwise. An `internal_error`'s message
            is
            generic: the detail is in the service log under the batch id.
        request_counts (BatchRequestCounts): The items by status, counted at every read (`running` includes items being
            stopped).
        review_counts (BatchReviewCounts): Our addition (issue 40). The completed items by review status, counted at
            every read;
            `not_required` also counts items whose job has no review (the extractor asked for none), so
            the four add up to `request_counts.completed`. All zero for a parse batch.
        concurrency (int):
        metadata (BatchResponseMetadata):
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        started_at (datetime.datetime | None):
        completed_at (datetime.datetime | None):
        source (BatchResponseSourceType0 | None): Our addition (issue 53). The bucket prefix the items were listed from;
            null for a batch of `inputs`.
        destination (BatchDestination | None): Our addition (issue 53). Where its results are written when it ends; null
            without a destination.
    """

    id: str
    kind: BatchResponseKind
    definition_name: str
    status: BatchStatus
    error: JobError | None
    request_counts: BatchRequestCounts
    review_counts: BatchReviewCounts
    concurrency: int
    metadata: BatchResponseMetadata
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    source: BatchResponseSourceType0 | None
    destination: BatchDestination | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.batch_destination import BatchDestination
        from ..models.batch_response_source_type_0 import BatchResponseSourceType0
        from ..models.job_error import JobError

        id = self.id

        kind = self.kind.value

        definition_name = self.definition_name

        status = self.status.value

        error: dict[str, Any] | None
        if isinstance(self.error, JobError):
            error = self.error.to_dict()
        else:
            error = self.error

        request_counts = self.request_counts.to_dict()

        review_counts = self.review_counts.to_dict()

        concurrency = self.concurrency

        metadata = self.metadata.to_dict()

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        source: dict[str, Any] | None
        if isinstance(self.source, BatchResponseSourceType0):
            source = self.source.to_dict()
        else:
            source = self.source

        destination: dict[str, Any] | None
        if isinstance(self.destination, BatchDestination):
            destination = self.destination.to_dict()
        else:
            destination = self.destination

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "definition_name": definition_name,
                "status": status,
                "error": error,
                "request_counts": request_counts,
                "review_counts": review_counts,
                "concurrency": concurrency,
                "metadata": metadata,
                "created_at": created_at,
                "started_at": started_at,
                "completed_at": completed_at,
                "source": source,
                "destination": destination,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_destination import BatchDestination
        from ..models.batch_request_counts import BatchRequestCounts
        from ..models.batch_response_metadata import BatchResponseMetadata
        from ..models.batch_response_source_type_0 import BatchResponseSourceType0
        from ..models.batch_review_counts import BatchReviewCounts
        from ..models.job_error import JobError

        d = dict(src_dict)
        id = d.pop("id")

        kind = BatchResponseKind(d.pop("kind"))

        definition_name = d.pop("definition_name")

        status = BatchStatus(d.pop("status"))

        def _parse_error(data: object) -> JobError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = JobError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("JobError | None", data)

        error = _parse_error(d.pop("error"))

        request_counts = BatchRequestCounts.from_dict(d.pop("request_counts"))

        review_counts = BatchReviewCounts.from_dict(d.pop("review_counts"))

        concurrency = d.pop("concurrency")

        metadata = BatchResponseMetadata.from_dict(d.pop("metadata"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data.replace("Z", "+00:00"))

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("datetime.datetime | None", data)

        started_at = _parse_started_at(d.pop("started_at"))

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

        def _parse_source(data: object) -> BatchResponseSourceType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                source_type_0 = BatchResponseSourceType0.from_dict(data)

                return source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("BatchResponseSourceType0 | None", data)

        source = _parse_source(d.pop("source"))

        def _parse_destination(data: object) -> BatchDestination | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                destination_type_0 = BatchDestination.from_dict(data)

                return destination_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("BatchDestination | None", data)

        destination = _parse_destination(d.pop("destination"))

        batch_response = cls(
            id=id,
            kind=kind,
            definition_name=definition_name,
            status=status,
            error=error,
            request_counts=request_counts,
            review_counts=review_counts,
            concurrency=concurrency,
            metadata=metadata,
            created_at=created_at,
            started_at=started_at,
            completed_at=completed_at,
            source=source,
            destination=destination,
        )

        return batch_response
