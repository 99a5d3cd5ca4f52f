from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.audit_event import AuditEvent
from ...models.http_validation_error import HTTPValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    workspace_id: str,
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    x_docextract_workspace: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_docextract_workspace, Unset):
        headers["X-Docextract-Workspace"] = x_docextract_workspace

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/workspaces/{workspace_id}/audit".format(
            workspace_id=quote(str(workspace_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | list[AuditEvent] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = AuditEvent.from_dict(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

    if response.status_code == 401:
        response_401 = ApiErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ApiErrorResponse.from_dict(response.json())

        return response_404

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
) -> Response[ApiErrorResponse | HTTPValidationError | list[AuditEvent]]:
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
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    x_docextract_workspace: str | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | list[AuditEvent]]:
    """The workspace's audit trail (append-only)

     Key issuance and revocation (`key.issued`, `key.revoked`), definition changes (`definition.created`,
    `definition.changed`, `definition.deleted`, `definition.promoted`: extractors, parsers, classifiers,
    webhook endpoints, evaluation sets and their items), deletions (`resource.deleted`) and review
    decisions (`review.decided`, `review.approve`, `review.reject`), newest first, with who (`actor`:
    the
    key's label, or `operator:<first 12 hex digits of the token's SHA-256>`), when and the request id.

    Args:
        workspace_id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        x_docextract_workspace (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | list[AuditEvent]]
    """

    kwargs = _get_kwargs(
        workspace_id=workspace_id,
        limit=limit,
        cursor=cursor,
        x_docextract_workspace=x_docextract_workspace,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    workspace_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    x_docextract_workspace: str | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | list[AuditEvent] | None:
    """The workspace's audit trail (append-only)

     Key issuance and revocation (`key.issued`, `key.revoked`), definition changes (`definition.created`,
    `definition.changed`, `definition.deleted`, `definition.promoted`: extractors, parsers, classifiers,
    webhook endpoints, evaluation sets and their items), deletions (`resource.deleted`) and review
    decisions (`review.decided`, `review.approve`, `review.reject`), newest first, with who (`actor`:
    the
    key's label, or `operator:<first 12 hex digits of the token's SHA-256>`), when and the request id.

    Args:
        workspace_id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        x_docextract_workspace (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | list[AuditEvent]
    """

    return sync_detailed(
        workspace_id=workspace_id,
        client=client,
        limit=limit,
        cursor=cursor,
        x_docextract_workspace=x_docextract_workspace,
    ).parsed


async def asyncio_detailed(
    workspace_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    x_docextract_workspace: str | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | list[AuditEvent]]:
    """The workspace's audit trail (append-only)

     Key issuance and revocation (`key.issued`, `key.revoked`), definition changes (`definition.created`,
    `definition.changed`, `definition.deleted`, `definition.promoted`: extractors, parsers, classifiers,
    webhook endpoints, evaluation sets and their items), deletions (`resource.deleted`) and review
    decisions (`review.decided`, `review.approve`, `review.reject`), newest first, with who (`actor`:
    the
    key's label, or `operator:<first 12 hex digits of the token's SHA-256>`), when and the request id.

    Args:
        workspace_id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        x_docextract_workspace (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | list[AuditEvent]]
    """

    kwargs = _get_kwargs(
        workspace_id=workspace_id,
        limit=limit,
        cursor=cursor,
        x_docextract_workspace=x_docextract_workspace,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    workspace_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    x_docextract_workspace: str | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | list[AuditEvent] | None:
    """The workspace's audit trail (append-only)

     Key issuance and revocation (`key.issued`, `key.revoked`), definition changes (`definition.created`,
    `definition.changed`, `definition.deleted`, `definition.promoted`: extractors, parsers, classifiers,
    webhook endpoints, evaluation sets and their items), deletions (`resource.deleted`) and review
    decisions (`review.decided`, `review.approve`, `review.reject`), newest first, with who (`actor`:
    the
    key's label, or `operator:<first 12 hex digits of the token's SHA-256>`), when and the request id.

    Args:
        workspace_id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        x_docextract_workspace (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | list[AuditEvent]
    """

    return (
        await asyncio_detailed(
            workspace_id=workspace_id,
            client=client,
            limit=limit,
            cursor=cursor,
            x_docextract_workspace=x_docextract_workspace,
        )
    ).parsed
