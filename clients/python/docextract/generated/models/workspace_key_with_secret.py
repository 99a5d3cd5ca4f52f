from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..models.workspace_key_scope import WorkspaceKeyScope

T = TypeVar("T", bound="WorkspaceKeyWithSecret")


@_attrs_define
class WorkspaceKeyWithSecret:
    """
    Attributes:
        id (str): `wsk_` and a ULID.
        label (str):
        scope (WorkspaceKeyScope):
        prefix (str): The secret's first 10 characters, to tell keys apart.
        created_at (datetime.datetime):
        last_used_at (datetime.datetime | None): To the minute.
        expires_at (datetime.datetime | None):
        secret (str): Shown only in this answer; the service keeps its SHA-256 only.
    """

    id: str
    label: str
    scope: WorkspaceKeyScope
    prefix: str
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None
    expires_at: datetime.datetime | None
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        label = self.label

        scope = self.scope.value

        prefix = self.prefix

        created_at = self.created_at.isoformat()

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "label": label,
                "scope": scope,
                "prefix": prefix,
                "created_at": created_at,
                "last_used_at": last_used_at,
                "expires_at": expires_at,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        label = d.pop("label")

        scope = WorkspaceKeyScope(d.pop("scope"))

        prefix = d.pop("prefix")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data.replace("Z", "+00:00"))

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("datetime.datetime | None", data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data.replace("Z", "+00:00"))

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("datetime.datetime | None", data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        secret = d.pop("secret")

        workspace_key_with_secret = cls(
            id=id,
            label=label,
            scope=scope,
            prefix=prefix,
            created_at=created_at,
            last_used_at=last_used_at,
            expires_at=expires_at,
            secret=secret,
        )

        workspace_key_with_secret.additional_properties = d
        return workspace_key_with_secret

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
