from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.parse_job_response import ParseJobResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    job_id: str,
    *,
    wait: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/parse-jobs/{job_id}".format(
            job_id=quote(str(job_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | ParseJobResponse | None:
    if response.status_code == 200:
        response_200 = ParseJobResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | ParseJobResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: int | Unset = 0,
) -> Response[ApiErrorResponse | HTTPValidationError | ParseJobResponse]:
    """Read a parse job

     Poll this (or long-poll with `wait`) until `status` is `completed`, `failed` or `canceled`;
    `progress` counts finished pages meanwhile.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | ParseJobResponse]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: int | Unset = 0,
) -> ApiErrorResponse | HTTPValidationError | ParseJobResponse | None:
    """Read a parse job

     Poll this (or long-poll with `wait`) until `status` is `completed`, `failed` or `canceled`;
    `progress` counts finished pages meanwhile.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | ParseJobResponse
    """

    return sync_detailed(
        job_id=job_id,
        client=client,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: int | Unset = 0,
) -> Response[ApiErrorResponse | HTTPValidationError | ParseJobResponse]:
    """Read a parse job

     Poll this (or long-poll with `wait`) until `status` is `completed`, `failed` or `canceled`;
    `progress` counts finished pages meanwhile.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | ParseJobResponse]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: int | Unset = 0,
) -> ApiErrorResponse | HTTPValidationError | ParseJobResponse | None:
    """Read a parse job

     Poll this (or long-poll with `wait`) until `status` is `completed`, `failed` or `canceled`;
    `progress` counts finished pages meanwhile.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | ParseJobResponse
    """

    return (
        await asyncio_detailed(
            job_id=job_id,
            client=client,
            wait=wait,
        )
    ).parsed
