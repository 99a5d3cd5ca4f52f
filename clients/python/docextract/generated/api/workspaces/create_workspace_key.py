from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.workspace_key_create_input import WorkspaceKeyCreateInput
from ...models.workspace_key_with_secret import WorkspaceKeyWithSecret
from ...types import Response


def _get_kwargs(
    workspace_id: str,
    *,
    body: WorkspaceKeyCreateInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/workspaces/{workspace_id}/keys".format(
            workspace_id=quote(str(workspace_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | WorkspaceKeyWithSecret | None:
    if response.status_code == 201:
        response_201 = WorkspaceKeyWithSecret.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = ApiErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ApiErrorResponse.from_dict(response.json())

        return response_404

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
) -> Response[ApiErrorResponse | HTTPValidationError | WorkspaceKeyWithSecret]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    workspace_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WorkspaceKeyCreateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | WorkspaceKeyWithSecret]:
    """Issue a key of the workspace (operator or the workspace's admin key)

     The answer carries `secret` (`dx_` and 43 base64url characters, 32 random bytes) this once; the
    service keeps only its SHA-256. Send it as `Authorization: Bearer <secret>`. Scopes: `admin` (the
    workspace's definitions, keys, webhooks, evaluations, batches and everything below), `client`
    (files, jobs, reads of definitions and providers, schema validation), `reviewer` (reads of jobs,
    their results and files, review decisions). From `expires_at` on the key is refused (`401`).
    Without `SERVICE_API_TOKENS` (open mode, one workspace) keys are neither issued, listed nor revoked:
    `403 operator_token_required`.

    Args:
        workspace_id (str):
        body (WorkspaceKeyCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | WorkspaceKeyWithSecret]
    """

    kwargs = _get_kwargs(
        workspace_id=workspace_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    workspace_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WorkspaceKeyCreateInput,
) -> ApiErrorResponse | HTTPValidationError | WorkspaceKeyWithSecret | None:
    """Issue a key of the workspace (operator or the workspace's admin key)

     The answer carries `secret` (`dx_` and 43 base64url characters, 32 random bytes) this once; the
    service keeps only its SHA-256. Send it as `Authorization: Bearer <secret>`. Scopes: `admin` (the
    workspace's definitions, keys, webhooks, evaluations, batches and everything below), `client`
    (files, jobs, reads of definitions and providers, schema validation), `reviewer` (reads of jobs,
    their results and files, review decisions). From `expires_at` on the key is refused (`401`).
    Without `SERVICE_API_TOKENS` (open mode, one workspace) keys are neither issued, listed nor revoked:
    `403 operator_token_required`.

    Args:
        workspace_id (str):
        body (WorkspaceKeyCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | WorkspaceKeyWithSecret
    """

    return sync_detailed(
        workspace_id=workspace_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    workspace_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WorkspaceKeyCreateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | WorkspaceKeyWithSecret]:
    """Issue a key of the workspace (operator or the workspace's admin key)

     The answer carries `secret` (`dx_` and 43 base64url characters, 32 random bytes) this once; the
    service keeps only its SHA-256. Send it as `Authorization: Bearer <secret>`. Scopes: `admin` (the
    workspace's definitions, keys, webhooks, evaluations, batches and everything below), `client`
    (files, jobs, reads of definitions and providers, schema validation), `reviewer` (reads of jobs,
    their results and files, review decisions). From `expires_at` on the key is refused (`401`).
    Without `SERVICE_API_TOKENS` (open mode, one workspace) keys are neither issued, listed nor revoked:
    `403 operator_token_required`.

    Args:
        workspace_id (str):
        body (WorkspaceKeyCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | WorkspaceKeyWithSecret]
    """

    kwargs = _get_kwargs(
        workspace_id=workspace_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    workspace_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WorkspaceKeyCreateInput,
) -> ApiErrorResponse | HTTPValidationError | WorkspaceKeyWithSecret | None:
    """Issue a key of the workspace (operator or the workspace's admin key)

     The answer carries `secret` (`dx_` and 43 base64url characters, 32 random bytes) this once; the
    service keeps only its SHA-256. Send it as `Authorization: Bearer <secret>`. Scopes: `admin` (the
    workspace's definitions, keys, webhooks, evaluations, batches and everything below), `client`
    (files, jobs, reads of definitions and providers, schema validation), `reviewer` (reads of jobs,
    their results and files, review decisions). From `expires_at` on the key is refused (`401`).
    Without `SERVICE_API_TOKENS` (open mode, one workspace) keys are neither issued, listed nor revoked:
    `403 operator_token_required`.

    Args:
        workspace_id (str):
        body (WorkspaceKeyCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | WorkspaceKeyWithSecret
    """

    return (
        await asyncio_detailed(
            workspace_id=workspace_id,
            client=client,
            body=body,
        )
    ).parsed
