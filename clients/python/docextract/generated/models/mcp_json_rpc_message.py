from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..models.mcp_json_rpc_message_jsonrpc import McpJsonRpcMessageJsonrpc
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_json_rpc_message_error import McpJsonRpcMessageError
    from ..models.mcp_json_rpc_message_params import McpJsonRpcMessageParams
    from ..models.mcp_json_rpc_message_result import McpJsonRpcMessageResult


T = TypeVar("T", bound="McpJsonRpcMessage")


@_attrs_define
class McpJsonRpcMessage:
    """A JSON-RPC 2.0 message of the Model Context Protocol (a request, a notification, a result or an error).

    Attributes:
        jsonrpc (McpJsonRpcMessageJsonrpc):
        id (int | None | str | Unset):
        method (str | Unset):
        params (McpJsonRpcMessageParams | Unset):
        result (McpJsonRpcMessageResult | Unset):
        error (McpJsonRpcMessageError | Unset):
    """

    jsonrpc: McpJsonRpcMessageJsonrpc
    id: int | None | str | Unset = UNSET
    method: str | Unset = UNSET
    params: McpJsonRpcMessageParams | Unset = UNSET
    result: McpJsonRpcMessageResult | Unset = UNSET
    error: McpJsonRpcMessageError | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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
        field_dict.update(self.additional_properties)
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
        from ..models.mcp_json_rpc_message_error import McpJsonRpcMessageError
        from ..models.mcp_json_rpc_message_params import McpJsonRpcMessageParams
        from ..models.mcp_json_rpc_message_result import McpJsonRpcMessageResult

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
        params: McpJsonRpcMessageParams | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = McpJsonRpcMessageParams.from_dict(_params)

        _result = d.pop("result", UNSET)
        result: McpJsonRpcMessageResult | Unset
        if isinstance(_result, Unset):
            result = UNSET
        else:
            result = McpJsonRpcMessageResult.from_dict(_result)

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

        mcp_json_rpc_message.additional_properties = d
        return mcp_json_rpc_message

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
