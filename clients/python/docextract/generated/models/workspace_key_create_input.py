from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.workspace_key_scope import WorkspaceKeyScope
from ..types import UNSET, Unset

T = TypeVar("T", bound="WorkspaceKeyCreateInput")


@_attrs_define
class WorkspaceKeyCreateInput:
    """
    Attributes:
        scope (WorkspaceKeyScope):
        label (str): Who or what holds the key; shown in the audit and review events.
        expires_at (datetime.datetime | None | Unset):
    """

    scope: WorkspaceKeyScope
    label: str
    expires_at: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        scope = self.scope.value

        label = self.label

        expires_at: None | str | Unset
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        elif isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scope": scope,
                "label": label,
            }
        )
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        scope = WorkspaceKeyScope(d.pop("scope"))

        label = d.pop("label")

        def _parse_expires_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data.replace("Z", "+00:00"))

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("datetime.datetime | None | Unset", data)

        expires_at = _parse_expires_at(d.pop("expires_at", UNSET))

        workspace_key_create_input = cls(
            scope=scope,
            label=label,
            expires_at=expires_at,
        )

        return workspace_key_create_input
