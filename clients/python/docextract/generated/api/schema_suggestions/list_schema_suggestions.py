from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.job_status import JobStatus
from ...models.schema_suggestion_response import SchemaSuggestionResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: JobStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/schema-suggestions",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | list[SchemaSuggestionResponse] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = SchemaSuggestionResponse.from_dict(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

    if response.status_code == 401:
        response_401 = ApiErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiErrorResponse.from_dict(response.json())

        return response_403

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
) -> Response[ApiErrorResponse | HTTPValidationError | list[SchemaSuggestionResponse]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: JobStatus | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | list[SchemaSuggestionResponse]]:
    """List schema suggestions

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):  Example: 1732358400123456.file_01jqz8m4x5v6w7y8z9a0b1c2d3.
        status (JobStatus | Unset): `queued` on creation → `running` → `completed` (with `result`)
            or `failed` (with `error`).
            Cancel moves a queued or running job to `canceling`, then `canceled`. Deleting an active
            job
            moves it to `deleting` until it is removed. Terminal: `completed`, `failed`, `canceled`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | list[SchemaSuggestionResponse]]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: JobStatus | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | list[SchemaSuggestionResponse] | None:
    """List schema suggestions

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):  Example: 1732358400123456.file_01jqz8m4x5v6w7y8z9a0b1c2d3.
        status (JobStatus | Unset): `queued` on creation → `running` → `completed` (with `result`)
            or `failed` (with `error`).
            Cancel moves a queued or running job to `canceling`, then `canceled`. Deleting an active
            job
            moves it to `deleting` until it is removed. Terminal: `completed`, `failed`, `canceled`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | list[SchemaSuggestionResponse]
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: JobStatus | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | list[SchemaSuggestionResponse]]:
    """List schema suggestions

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):  Example: 1732358400123456.file_01jqz8m4x5v6w7y8z9a0b1c2d3.
        status (JobStatus | Unset): `queued` on creation → `running` → `completed` (with `result`)
            or `failed` (with `error`).
            Cancel moves a queued or running job to `canceling`, then `canceled`. Deleting an active
            job
            moves it to `deleting` until it is removed. Terminal: `completed`, `failed`, `canceled`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | list[SchemaSuggestionResponse]]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: JobStatus | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | list[SchemaSuggestionResponse] | None:
    """List schema suggestions

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):  Example: 1732358400123456.file_01jqz8m4x5v6w7y8z9a0b1c2d3.
        status (JobStatus | Unset): `queued` on creation → `running` → `completed` (with `result`)
            or `failed` (with `error`).
            Cancel moves a queued or running job to `canceling`, then `canceled`. Deleting an active
            job
            moves it to `deleting` until it is removed. Terminal: `completed`, `failed`, `canceled`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | list[SchemaSuggestionResponse]
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
            status=status,
        )
    ).parsed
