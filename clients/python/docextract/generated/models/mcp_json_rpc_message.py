from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.mcp_json_rpc_message_jsonrpc import McpJsonRpcMessageJsonrpc
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.json_object import JsonObject
    from ..models.mcp_json_rpc_message_error import McpJsonRpcMessageError


T = TypeVar("T", bound="McpJsonRpcMessage")


@_attrs_define
class McpJsonRpcMessage:
    """A JSON-RPC 2.0 message of the Model Context Protocol (a request, a notification, a result or an error). Its strings
    and keys are free of NUL, as in every free-form object (`422`).

        Attributes:
            jsonrpc (McpJsonRpcMessageJsonrpc):
            id (int | None | str | Unset):
            method (str | Unset):
            params (JsonObject | Unset): A free-form JSON object whose strings and keys are free of NUL.
            result (JsonObject | Unset): A free-form JSON object whose strings and keys are free of NUL.
            error (McpJsonRpcMessageError | Unset):
    """

    jsonrpc: McpJsonRpcMessageJsonrpc
    id: int | None | str | Unset = UNSET
    method: str | Unset = UNSET
    params: JsonObject | Unset = UNSET
    result: JsonObject | Unset = UNSET
    error: McpJsonRpcMessageError | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        jsonrpc = self.jsonrpc.value

        id: int | None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        method = self.method

        params: dict[str, Any] | Unset = UNSET
        if not isinstance(self.params, Unset):
            params = self.params.to_dict()

        result: dict[str, Any] | Unset = UNSET
        if not isinstance(self.result, Unset):
            result = self.result.to_dict()

        error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.error, Unset):
            error = self.error.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "jsonrpc": jsonrpc,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if method is not UNSET:
            field_dict["method"] = method
        if params is not UNSET:
            field_dict["params"] = params
        if result is not UNSET:
            field_dict["result"] = result
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.json_object import JsonObject
        from ..models.mcp_json_rpc_message_error import McpJsonRpcMessageError

        d = dict(src_dict)
        jsonrpc = McpJsonRpcMessageJsonrpc(d.pop("jsonrpc"))

        def _parse_id(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("int | None | str | Unset", data)

        id = _parse_id(d.pop("id", UNSET))

        method = d.pop("method", UNSET)

        _params = d.pop("params", UNSET)
        params: JsonObject | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = JsonObject.from_dict(_params)

        _result = d.pop("result", UNSET)
        result: JsonObject | Unset
        if isinstance(_result, Unset):
            result = UNSET
        else:
            result = JsonObject.from_dict(_result)

        _error = d.pop("error", UNSET)
        error: McpJsonRpcMessageError | Unset
        if isinstance(_error, Unset):
            error = UNSET
        else:
            error = McpJsonRpcMessageError.from_dict(_error)

        mcp_json_rpc_message = cls(
            jsonrpc=jsonrpc,
            id=id,
            method=method,
            params=params,
            result=result,
            error=error,
        )

        return mcp_json_rpc_message
