from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="McpParamsMeta")


@_attrs_define
class McpParamsMeta:
    """
    Attributes:
        progress_token (int | str | Unset):
    """

    progress_token: int | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        progress_token: int | str | Unset
        if isinstance(self.progress_token, Unset):
            progress_token = UNSET
        else:
            progress_token = self.progress_token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if progress_token is not UNSET:
            field_dict["progressToken"] = progress_token

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_progress_token(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast("int | str | Unset", data)

        progress_token = _parse_progress_token(d.pop("progressToken", UNSET))

        mcp_params_meta = cls(
            progress_token=progress_token,
        )

        mcp_params_meta.additional_properties = d
        return mcp_params_meta

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
