from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.mcp_notification_jsonrpc import McpNotificationJsonrpc
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_params import McpParams


T = TypeVar("T", bound="McpNotification")


@_attrs_define
class McpNotification:
    """A JSON-RPC notification (no `id`, no answer).

    Attributes:
        jsonrpc (McpNotificationJsonrpc):
        method (str): Any string without the NUL character (U+0000), which the service refuses everywhere (`422
            string_nul`).
        params (McpParams | Unset): A request's or notification's `params`, or a result; `_meta`, when given, is an
            object whose `progressToken` is a string or an integer.
    """

    jsonrpc: McpNotificationJsonrpc
    method: str
    params: McpParams | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        jsonrpc = self.jsonrpc.value

        method = self.method

        params: dict[str, Any] | Unset = UNSET
        if not isinstance(self.params, Unset):
            params = self.params.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "jsonrpc": jsonrpc,
                "method": method,
            }
        )
        if params is not UNSET:
            field_dict["params"] = params

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_params import McpParams

        d = dict(src_dict)
        jsonrpc = McpNotificationJsonrpc(d.pop("jsonrpc"))

        method = d.pop("method")

        _params = d.pop("params", UNSET)
        params: McpParams | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = McpParams.from_dict(_params)

        mcp_notification = cls(
            jsonrpc=jsonrpc,
            method=method,
            params=params,
        )

        return mcp_notification
