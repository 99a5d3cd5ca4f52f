from __future__ import annotations

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.delete_batch_response_202 import DeleteBatchResponse202
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    batch_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/batches/{batch_id}".format(
            batch_id=quote(str(batch_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiErrorResponse | DeleteBatchResponse202 | HTTPValidationError | None:
    if response.status_code == 202:
        response_202 = DeleteBatchResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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
) -> Response[Any | ApiErrorResponse | DeleteBatchResponse202 | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | ApiErrorResponse | DeleteBatchResponse202 | HTTPValidationError]:
    """Delete a batch and its jobs

     An ended batch (`completed`, `canceled`) is deleted at once with its jobs (`204`). A queued,
    running or canceling batch stops its items first (`202`); it and its jobs disappear once they
    have stopped (a later `GET` is `404`).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | DeleteBatchResponse202 | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        batch_id=batch_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | ApiErrorResponse | DeleteBatchResponse202 | HTTPValidationError | None:
    """Delete a batch and its jobs

     An ended batch (`completed`, `canceled`) is deleted at once with its jobs (`204`). A queued,
    running or canceling batch stops its items first (`202`); it and its jobs disappear once they
    have stopped (a later `GET` is `404`).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | DeleteBatchResponse202 | HTTPValidationError
    """

    return sync_detailed(
        batch_id=batch_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | ApiErrorResponse | DeleteBatchResponse202 | HTTPValidationError]:
    """Delete a batch and its jobs

     An ended batch (`completed`, `canceled`) is deleted at once with its jobs (`204`). A queued,
    running or canceling batch stops its items first (`202`); it and its jobs disappear once they
    have stopped (a later `GET` is `404`).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | DeleteBatchResponse202 | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        batch_id=batch_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | ApiErrorResponse | DeleteBatchResponse202 | HTTPValidationError | None:
    """Delete a batch and its jobs

     An ended batch (`completed`, `canceled`) is deleted at once with its jobs (`204`). A queued,
    running or canceling batch stops its items first (`202`); it and its jobs disappear once they
    have stopped (a later `GET` is `404`).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | DeleteBatchResponse202 | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            batch_id=batch_id,
            client=client,
        )
    ).parsed
