from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.readiness_response_checks_database import ReadinessResponseChecksDatabase
from ..models.readiness_response_checks_temporal import ReadinessResponseChecksTemporal

T = TypeVar("T", bound="ReadinessResponseChecks")


@_attrs_define
class ReadinessResponseChecks:
    """
    Attributes:
        database (ReadinessResponseChecksDatabase):
        temporal (ReadinessResponseChecksTemporal):
    """

    database: ReadinessResponseChecksDatabase
    temporal: ReadinessResponseChecksTemporal

    def to_dict(self) -> dict[str, Any]:
        database = self.database.value

        temporal = self.temporal.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "database": database,
                "temporal": temporal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        database = ReadinessResponseChecksDatabase(d.pop("database"))

        temporal = ReadinessResponseChecksTemporal(d.pop("temporal"))

        readiness_response_checks = cls(
            database=database,
            temporal=temporal,
        )

        return readiness_response_checks
