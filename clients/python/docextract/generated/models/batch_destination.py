from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="BatchDestination")


@_attrs_define
class BatchDestination:
    """Our addition (issue 53). Where the batch's results are written when it ends (keys relative to `S3_PREFIX`).

    Attributes:
        s3_prefix (str):
        results_ndjson_key (str): The JSON lines of `GET /v1/batches/{batch_id}/results`.
        results_csv_key (None | str): The CSV of `GET /v1/batches/{batch_id}/results.csv`; null for a batch that is not
            an extraction batch.
        written_at (datetime.datetime | None): When the results were last written there; null until the batch has ended
            (and again while a retry runs it).
    """

    s3_prefix: str
    results_ndjson_key: str
    results_csv_key: None | str
    written_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        s3_prefix = self.s3_prefix

        results_ndjson_key = self.results_ndjson_key

        results_csv_key: None | str
        results_csv_key = self.results_csv_key

        written_at: None | str
        if isinstance(self.written_at, datetime.datetime):
            written_at = self.written_at.isoformat()
        else:
            written_at = self.written_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "s3_prefix": s3_prefix,
                "results_ndjson_key": results_ndjson_key,
                "results_csv_key": results_csv_key,
                "written_at": written_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        s3_prefix = d.pop("s3_prefix")

        results_ndjson_key = d.pop("results_ndjson_key")

        def _parse_results_csv_key(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        results_csv_key = _parse_results_csv_key(d.pop("results_csv_key"))

        def _parse_written_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                written_at_type_0 = datetime.datetime.fromisoformat(data.replace("Z", "+00:00"))

                return written_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("datetime.datetime | None", data)

        written_at = _parse_written_at(d.pop("written_at"))

        batch_destination = cls(
            s3_prefix=s3_prefix,
            results_ndjson_key=results_ndjson_key,
            results_csv_key=results_csv_key,
            written_at=written_at,
        )

        return batch_destination
