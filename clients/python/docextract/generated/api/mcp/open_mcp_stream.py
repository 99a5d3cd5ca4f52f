from __future__ import annotations

from http import HTTPStatus
from typing import Any

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
        "method": "get",
        "url": "/mcp",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | McpJsonRpcMessage | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 405:
        response_405 = McpJsonRpcMessage.from_dict(response.json())

        return response_405

    if response.status_code == 406:
        response_406 = McpJsonRpcMessage.from_dict(response.json())

        return response_406

    if response.status_code == 409:
        response_409 = McpJsonRpcMessage.from_dict(response.json())

        return response_409

    if response.status_code == 500:
        response_500 = ApiErrorResponse.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiErrorResponse | McpJsonRpcMessage | str]:
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
) -> Response[ApiErrorResponse | McpJsonRpcMessage | str]:
    """Open a session's notification stream

     An event stream of the session's server-to-client messages (Streamable HTTP); needs `Mcp-Session-
    Id`.

    Args:
        mcp_session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | McpJsonRpcMessage | str]
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
) -> ApiErrorResponse | McpJsonRpcMessage | str | None:
    """Open a session's notification stream

     An event stream of the session's server-to-client messages (Streamable HTTP); needs `Mcp-Session-
    Id`.

    Args:
        mcp_session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | McpJsonRpcMessage | str
    """

    return sync_detailed(
        client=client,
        mcp_session_id=mcp_session_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    mcp_session_id: str,
) -> Response[ApiErrorResponse | McpJsonRpcMessage | str]:
    """Open a session's notification stream

     An event stream of the session's server-to-client messages (Streamable HTTP); needs `Mcp-Session-
    Id`.

    Args:
        mcp_session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | McpJsonRpcMessage | str]
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
) -> ApiErrorResponse | McpJsonRpcMessage | str | None:
    """Open a session's notification stream

     An event stream of the session's server-to-client messages (Streamable HTTP); needs `Mcp-Session-
    Id`.

    Args:
        mcp_session_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | McpJsonRpcMessage | str
    """

    return (
        await asyncio_detailed(
            client=client,
            mcp_session_id=mcp_session_id,
        )
    ).parsed
