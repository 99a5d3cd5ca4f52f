from __future__ import annotations

from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.mcp_json_rpc_message import McpJsonRpcMessage
from ...types import Response


def _get_kwargs(
    *,
    mcp_session_id: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["Mcp-Session-Id"] = mcp_session_id

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/mcp",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiErrorResponse | McpJsonRpcMessage | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 400:
        response_400 = McpJsonRpcMessage.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ApiErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = McpJsonRpcMessage.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = ApiErrorResponse.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ApiErrorResponse | McpJsonRpcMessage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    mcp_session_id: str,
) -> Response[Any | ApiErrorResponse | McpJsonRpcMessage]:
    """End an MCP session

     Ends the session named by `Mcp-Session-Id`.

    Args:
        mcp_session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | McpJsonRpcMessage]
    """

    kwargs = _get_kwargs(
        mcp_session_id=mcp_session_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    mcp_session_id: str,
) -> Any | ApiErrorResponse | McpJsonRpcMessage | None:
    """End an MCP session

     Ends the session named by `Mcp-Session-Id`.

    Args:
        mcp_session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | McpJsonRpcMessage
    """

    return sync_detailed(
        client=client,
        mcp_session_id=mcp_session_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    mcp_session_id: str,
) -> Response[Any | ApiErrorResponse | McpJsonRpcMessage]:
    """End an MCP session

     Ends the session named by `Mcp-Session-Id`.

    Args:
        mcp_session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | McpJsonRpcMessage]
    """

    kwargs = _get_kwargs(
        mcp_session_id=mcp_session_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    mcp_session_id: str,
) -> Any | ApiErrorResponse | McpJsonRpcMessage | None:
    """End an MCP session

     Ends the session named by `Mcp-Session-Id`.

    Args:
        mcp_session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | McpJsonRpcMessage
    """

    return (
        await asyncio_detailed(
            client=client,
            mcp_session_id=mcp_session_id,
        )
    ).parsed
