from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.mcp_request_jsonrpc import McpRequestJsonrpc
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_params import McpParams


T = TypeVar("T", bound="McpRequest")


@_attrs_define
class McpRequest:
    """A JSON-RPC request (answered with its result or an error).

    Attributes:
        jsonrpc (McpRequestJsonrpc):
        id (int | str): A request's id (a string or an integer; JSON-RPC's null id is not used by MCP).
        method (str): Any string without the NUL character (U+0000), which the service refuses everywhere (`422
            string_nul`).
        params (McpParams | Unset): A request's or notification's `params`, or a result; `_meta`, when given, is an
            object whose `progressToken` is a string or an integer.
    """

    jsonrpc: McpRequestJsonrpc
    id: int | str
    method: str
    params: McpParams | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        jsonrpc = self.jsonrpc.value

        id: int | str
        id = self.id

        method = self.method

        params: dict[str, Any] | Unset = UNSET
        if not isinstance(self.params, Unset):
            params = self.params.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "jsonrpc": jsonrpc,
                "id": id,
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
        jsonrpc = McpRequestJsonrpc(d.pop("jsonrpc"))

        def _parse_id(data: object) -> int | str:
            return cast("int | str", data)

        id = _parse_id(d.pop("id"))

        method = d.pop("method")

        _params = d.pop("params", UNSET)
        params: McpParams | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = McpParams.from_dict(_params)

        mcp_request = cls(
            jsonrpc=jsonrpc,
            id=id,
            method=method,
            params=params,
        )

        return mcp_request
