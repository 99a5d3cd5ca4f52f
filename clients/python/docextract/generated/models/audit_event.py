from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.audit_event_detail_type_0 import AuditEventDetailType0


T = TypeVar("T", bound="AuditEvent")


@_attrs_define
class AuditEvent:
    """
    Attributes:
        id (str):
        action (str):
        resource_type (str):
        resource_id (None | str):
        actor (str): The key's label, `operator:<12 hex digits>`, `client:<12 hex digits>`, or `anonymous` (no tokens
            configured).
        request_id (None | str):
        detail (AuditEventDetailType0 | None):
        created_at (datetime.datetime):
    """

    id: str
    action: str
    resource_type: str
    resource_id: None | str
    actor: str
    request_id: None | str
    detail: AuditEventDetailType0 | None
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_event_detail_type_0 import AuditEventDetailType0

        id = self.id

        action = self.action

        resource_type = self.resource_type

        resource_id: None | str
        resource_id = self.resource_id

        actor = self.actor

        request_id: None | str
        request_id = self.request_id

        detail: dict[str, Any] | None
        if isinstance(self.detail, AuditEventDetailType0):
            detail = self.detail.to_dict()
        else:
            detail = self.detail

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "action": action,
                "resource_type": resource_type,
                "resource_id": resource_id,
                "actor": actor,
                "request_id": request_id,
                "detail": detail,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.audit_event_detail_type_0 import AuditEventDetailType0

        d = dict(src_dict)
        id = d.pop("id")

        action = d.pop("action")

        resource_type = d.pop("resource_type")

        def _parse_resource_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        resource_id = _parse_resource_id(d.pop("resource_id"))

        actor = d.pop("actor")

        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        request_id = _parse_request_id(d.pop("request_id"))

        def _parse_detail(data: object) -> AuditEventDetailType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                detail_type_0 = AuditEventDetailType0.from_dict(data)

                return detail_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("AuditEventDetailType0 | None", data)

        detail = _parse_detail(d.pop("detail"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        audit_event = cls(
            id=id,
            action=action,
            resource_type=resource_type,
            resource_id=resource_id,
            actor=actor,
            request_id=request_id,
            detail=detail,
            created_at=created_at,
        )

        audit_event.additional_properties = d
        return audit_event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
