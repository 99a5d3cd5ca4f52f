from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.readiness_response_status import ReadinessResponseStatus

if TYPE_CHECKING:
    from ..models.readiness_response_checks import ReadinessResponseChecks


T = TypeVar("T", bound="ReadinessResponse")


@_attrs_define
class ReadinessResponse:
    """
    Attributes:
        status (ReadinessResponseStatus):
        checks (ReadinessResponseChecks):
    """

    status: ReadinessResponseStatus
    checks: ReadinessResponseChecks

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        checks = self.checks.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "checks": checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.readiness_response_checks import ReadinessResponseChecks

        d = dict(src_dict)
        status = ReadinessResponseStatus(d.pop("status"))

        checks = ReadinessResponseChecks.from_dict(d.pop("checks"))

        readiness_response = cls(
            status=status,
            checks=checks,
        )

        return readiness_response
