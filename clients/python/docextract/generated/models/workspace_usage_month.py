from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

T = TypeVar("T", bound="WorkspaceUsageMonth")


@_attrs_define
class WorkspaceUsageMonth:
    """
    Attributes:
        start (datetime.datetime):
        pages (int): Pages of the jobs created since `start`.
        model_tokens (int): Model tokens of the jobs created since `start`.
    """

    start: datetime.datetime
    pages: int
    model_tokens: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        start = self.start.isoformat()

        pages = self.pages

        model_tokens = self.model_tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "start": start,
                "pages": pages,
                "model_tokens": model_tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        start = datetime.datetime.fromisoformat(d.pop("start").replace("Z", "+00:00"))

        pages = d.pop("pages")

        model_tokens = d.pop("model_tokens")

        workspace_usage_month = cls(
            start=start,
            pages=pages,
            model_tokens=model_tokens,
        )

        workspace_usage_month.additional_properties = d
        return workspace_usage_month

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
