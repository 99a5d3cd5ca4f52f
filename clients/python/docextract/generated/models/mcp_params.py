from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_params_meta import McpParamsMeta


T = TypeVar("T", bound="McpParams")


@_attrs_define
class McpParams:
    """A request's or notification's `params`, or a result; `_meta`, when given, is an object whose `progressToken` is a
    string or an integer.

        Attributes:
            field_meta (McpParamsMeta | Unset):
    """

    field_meta: McpParamsMeta | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_meta: dict[str, Any] | Unset = UNSET
        if not isinstance(self.field_meta, Unset):
            field_meta = self.field_meta.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if field_meta is not UNSET:
            field_dict["_meta"] = field_meta

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_params_meta import McpParamsMeta

        d = dict(src_dict)
        _field_meta = d.pop("_meta", UNSET)
        field_meta: McpParamsMeta | Unset
        if isinstance(_field_meta, Unset):
            field_meta = UNSET
        else:
            field_meta = McpParamsMeta.from_dict(_field_meta)

        mcp_params = cls(
            field_meta=field_meta,
        )

        mcp_params.additional_properties = d
        return mcp_params

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
