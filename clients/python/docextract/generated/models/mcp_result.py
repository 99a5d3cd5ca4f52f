from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.mcp_result_jsonrpc import McpResultJsonrpc

if TYPE_CHECKING:
    from ..models.mcp_params import McpParams


T = TypeVar("T", bound="McpResult")


@_attrs_define
class McpResult:
    """The client's result for a request of the server.

    Attributes:
        jsonrpc (McpResultJsonrpc):
        id (int | str): A request's id (a string or an integer; JSON-RPC's null id is not used by MCP).
        result (McpParams): A request's or notification's `params`, or a result; `_meta`, when given, is an object whose
            `progressToken` is a string or an integer.
    """

    jsonrpc: McpResultJsonrpc
    id: int | str
    result: McpParams

    def to_dict(self) -> dict[str, Any]:
        jsonrpc = self.jsonrpc.value

        id: int | str
        id = self.id

        result = self.result.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "jsonrpc": jsonrpc,
                "id": id,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_params import McpParams

        d = dict(src_dict)
        jsonrpc = McpResultJsonrpc(d.pop("jsonrpc"))

        def _parse_id(data: object) -> int | str:
            return cast("int | str", data)

        id = _parse_id(d.pop("id"))

        result = McpParams.from_dict(d.pop("result"))

        mcp_result = cls(
            jsonrpc=jsonrpc,
            id=id,
            result=result,
        )

        return mcp_result
