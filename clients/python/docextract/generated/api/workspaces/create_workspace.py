from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.workspace import Workspace
from ...models.workspace_create_input import WorkspaceCreateInput
from ...types import Response


def _get_kwargs(
    *,
    body: WorkspaceCreateInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/workspaces",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | Workspace | None:
    if response.status_code == 201:
        response_201 = Workspace.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = ApiErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = ApiErrorResponse.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ApiErrorResponse.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ApiErrorResponse.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ApiErrorResponse.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ApiErrorResponse.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiErrorResponse | HTTPValidationError | Workspace]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WorkspaceCreateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | Workspace]:
    """Create a workspace (operator)

     Operator tokens only (`SERVICE_API_TOKENS`); a workspace key is `403 forbidden`, and without
    `SERVICE_API_TOKENS` (open mode, one workspace) every caller `403 operator_token_required`. `name`
    is a slug,
    unique in the deployment (`409 name_taken`). Quotas are optional; absent or null is unlimited.

    Args:
        body (WorkspaceCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | Workspace]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: WorkspaceCreateInput,
) -> ApiErrorResponse | HTTPValidationError | Workspace | None:
    """Create a workspace (operator)

     Operator tokens only (`SERVICE_API_TOKENS`); a workspace key is `403 forbidden`, and without
    `SERVICE_API_TOKENS` (open mode, one workspace) every caller `403 operator_token_required`. `name`
    is a slug,
    unique in the deployment (`409 name_taken`). Quotas are optional; absent or null is unlimited.

    Args:
        body (WorkspaceCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | Workspace
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WorkspaceCreateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | Workspace]:
    """Create a workspace (operator)

     Operator tokens only (`SERVICE_API_TOKENS`); a workspace key is `403 forbidden`, and without
    `SERVICE_API_TOKENS` (open mode, one workspace) every caller `403 operator_token_required`. `name`
    is a slug,
    unique in the deployment (`409 name_taken`). Quotas are optional; absent or null is unlimited.

    Args:
        body (WorkspaceCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | Workspace]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: WorkspaceCreateInput,
) -> ApiErrorResponse | HTTPValidationError | Workspace | None:
    """Create a workspace (operator)

     Operator tokens only (`SERVICE_API_TOKENS`); a workspace key is `403 forbidden`, and without
    `SERVICE_API_TOKENS` (open mode, one workspace) every caller `403 operator_token_required`. `name`
    is a slug,
    unique in the deployment (`409 name_taken`). Quotas are optional; absent or null is unlimited.

    Args:
        body (WorkspaceCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | Workspace
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
