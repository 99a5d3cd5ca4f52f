from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.mcp_error_jsonrpc import McpErrorJsonrpc
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_error_object import McpErrorObject


T = TypeVar("T", bound="McpError")


@_attrs_define
class McpError:
    """The client's error for a request of the server.

    Attributes:
        jsonrpc (McpErrorJsonrpc):
        error (McpErrorObject): A JSON-RPC error object (`data` and any other member free-form).
        id (int | str | Unset): A request's id (a string or an integer; JSON-RPC's null id is not used by MCP).
    """

    jsonrpc: McpErrorJsonrpc
    error: McpErrorObject
    id: int | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        jsonrpc = self.jsonrpc.value

        error = self.error.to_dict()

        id: int | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "jsonrpc": jsonrpc,
                "error": error,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_error_object import McpErrorObject

        d = dict(src_dict)
        jsonrpc = McpErrorJsonrpc(d.pop("jsonrpc"))

        error = McpErrorObject.from_dict(d.pop("error"))

        def _parse_id(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast("int | str | Unset", data)

        id = _parse_id(d.pop("id", UNSET))

        mcp_error = cls(
            jsonrpc=jsonrpc,
            error=error,
            id=id,
        )

        return mcp_error
