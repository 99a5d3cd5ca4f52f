from __future__ import annotations

from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.mcp_error import McpError
from ...models.mcp_json_rpc_message import McpJsonRpcMessage
from ...models.mcp_notification import McpNotification
from ...models.mcp_request import McpRequest
from ...models.mcp_result import McpResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: list[McpError | McpNotification | McpRequest | McpResult]
    | McpError
    | McpNotification
    | McpRequest
    | McpResult,
    mcp_session_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(mcp_session_id, Unset):
        headers["Mcp-Session-Id"] = mcp_session_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/mcp",
    }

    if (
        isinstance(body, McpRequest)
        or isinstance(body, McpNotification)
        or isinstance(body, McpResult)
        or isinstance(body, McpError)
    ):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = []
        for body_type_1_item_data in body:
            body_type_1_item: dict[str, Any]
            if (
                isinstance(body_type_1_item_data, McpRequest)
                or isinstance(body_type_1_item_data, McpNotification)
                or isinstance(body_type_1_item_data, McpResult)
            ):
                body_type_1_item = body_type_1_item_data.to_dict()
            else:
                body_type_1_item = body_type_1_item_data.to_dict()

            _kwargs["json"].append(body_type_1_item)

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiErrorResponse | HTTPValidationError | McpJsonRpcMessage | None:
    if response.status_code == 200:
        response_200 = McpJsonRpcMessage.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = cast(Any, None)
        return response_202

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

    if response.status_code == 406:
        response_406 = McpJsonRpcMessage.from_dict(response.json())

        return response_406

    if response.status_code == 413:
        response_413 = ApiErrorResponse.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = McpJsonRpcMessage.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())

        return response_422

    if response.status_code == 500:
        response_500 = ApiErrorResponse.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ApiErrorResponse | HTTPValidationError | McpJsonRpcMessage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: list[McpError | McpNotification | McpRequest | McpResult]
    | McpError
    | McpNotification
    | McpRequest
    | McpResult,
    mcp_session_id: str | Unset = UNSET,
) -> Response[Any | ApiErrorResponse | HTTPValidationError | McpJsonRpcMessage]:
    """Send MCP messages (Streamable HTTP)

     The Model Context Protocol server (Streamable HTTP transport, docs/mcp.md): a JSON-RPC 2.0
    message (or an array of them). A session starts with an `initialize` request without
    `Mcp-Session-Id`; the answer's `Mcp-Session-Id` header names the session, and every later
    request carries it (an unknown or another token's session is `404`). Any other message sent
    without `Mcp-Session-Id` is answered on its own, as by a stateless server (no session is
    opened; a request's answer is its result or a JSON-RPC error). Requests are answered
    as JSON or as an event stream (progress notifications, then the result). The tools are
    calls of this API with the caller's own bearer token: the same scopes, limits and codes
    (a `client` token is not offered the review and batch tools). Protected like `/v1`.

    Args:
        mcp_session_id (str | Unset):
        body (list[McpError | McpNotification | McpRequest | McpResult] | McpError |
            McpNotification | McpRequest | McpResult):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | HTTPValidationError | McpJsonRpcMessage]
    """

    kwargs = _get_kwargs(
        body=body,
        mcp_session_id=mcp_session_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: list[McpError | McpNotification | McpRequest | McpResult]
    | McpError
    | McpNotification
    | McpRequest
    | McpResult,
    mcp_session_id: str | Unset = UNSET,
) -> Any | ApiErrorResponse | HTTPValidationError | McpJsonRpcMessage | None:
    """Send MCP messages (Streamable HTTP)

     The Model Context Protocol server (Streamable HTTP transport, docs/mcp.md): a JSON-RPC 2.0
    message (or an array of them). A session starts with an `initialize` request without
    `Mcp-Session-Id`; the answer's `Mcp-Session-Id` header names the session, and every later
    request carries it (an unknown or another token's session is `404`). Any other message sent
    without `Mcp-Session-Id` is answered on its own, as by a stateless server (no session is
    opened; a request's answer is its result or a JSON-RPC error). Requests are answered
    as JSON or as an event stream (progress notifications, then the result). The tools are
    calls of this API with the caller's own bearer token: the same scopes, limits and codes
    (a `client` token is not offered the review and batch tools). Protected like `/v1`.

    Args:
        mcp_session_id (str | Unset):
        body (list[McpError | McpNotification | McpRequest | McpResult] | McpError |
            McpNotification | McpRequest | McpResult):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | HTTPValidationError | McpJsonRpcMessage
    """

    return sync_detailed(
        client=client,
        body=body,
        mcp_session_id=mcp_session_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: list[McpError | McpNotification | McpRequest | McpResult]
    | McpError
    | McpNotification
    | McpRequest
    | McpResult,
    mcp_session_id: str | Unset = UNSET,
) -> Response[Any | ApiErrorResponse | HTTPValidationError | McpJsonRpcMessage]:
    """Send MCP messages (Streamable HTTP)

     The Model Context Protocol server (Streamable HTTP transport, docs/mcp.md): a JSON-RPC 2.0
    message (or an array of them). A session starts with an `initialize` request without
    `Mcp-Session-Id`; the answer's `Mcp-Session-Id` header names the session, and every later
    request carries it (an unknown or another token's session is `404`). Any other message sent
    without `Mcp-Session-Id` is answered on its own, as by a stateless server (no session is
    opened; a request's answer is its result or a JSON-RPC error). Requests are answered
    as JSON or as an event stream (progress notifications, then the result). The tools are
    calls of this API with the caller's own bearer token: the same scopes, limits and codes
    (a `client` token is not offered the review and batch tools). Protected like `/v1`.

    Args:
        mcp_session_id (str | Unset):
        body (list[McpError | McpNotification | McpRequest | McpResult] | McpError |
            McpNotification | McpRequest | McpResult):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | HTTPValidationError | McpJsonRpcMessage]
    """

    kwargs = _get_kwargs(
        body=body,
        mcp_session_id=mcp_session_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: list[McpError | McpNotification | McpRequest | McpResult]
    | McpError
    | McpNotification
    | McpRequest
    | McpResult,
    mcp_session_id: str | Unset = UNSET,
) -> Any | ApiErrorResponse | HTTPValidationError | McpJsonRpcMessage | None:
    """Send MCP messages (Streamable HTTP)

     The Model Context Protocol server (Streamable HTTP transport, docs/mcp.md): a JSON-RPC 2.0
    message (or an array of them). A session starts with an `initialize` request without
    `Mcp-Session-Id`; the answer's `Mcp-Session-Id` header names the session, and every later
    request carries it (an unknown or another token's session is `404`). Any other message sent
    without `Mcp-Session-Id` is answered on its own, as by a stateless server (no session is
    opened; a request's answer is its result or a JSON-RPC error). Requests are answered
    as JSON or as an event stream (progress notifications, then the result). The tools are
    calls of this API with the caller's own bearer token: the same scopes, limits and codes
    (a `client` token is not offered the review and batch tools). Protected like `/v1`.

    Args:
        mcp_session_id (str | Unset):
        body (list[McpError | McpNotification | McpRequest | McpResult] | McpError |
            McpNotification | McpRequest | McpResult):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | HTTPValidationError | McpJsonRpcMessage
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            mcp_session_id=mcp_session_id,
        )
    ).parsed
