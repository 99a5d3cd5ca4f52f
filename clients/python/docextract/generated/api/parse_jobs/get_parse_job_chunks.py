from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.chunk_list import ChunkList
from ...models.http_validation_error import HTTPValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    job_id: str,
    *,
    max_tokens: int | Unset = 512,
    overlap_tokens: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["max_tokens"] = max_tokens

    params["overlap_tokens"] = overlap_tokens

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/parse-jobs/{job_id}/chunks".format(
            job_id=quote(str(job_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | ChunkList | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = ChunkList.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ApiErrorResponse.from_dict(response.json())

        return response_409

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
) -> Response[ApiErrorResponse | ChunkList | HTTPValidationError]:
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
    max_tokens: int | Unset = 512,
    overlap_tokens: int | Unset = 0,
) -> Response[ApiErrorResponse | ChunkList | HTTPValidationError]:
    """A completed parse job's text as chunks for retrieval

     Our addition (docs/retrieval.md). The blocks of every page, in order, packed into chunks of at most
    `max_tokens` tokens of the `cl100k_base` encoding. A heading starts a new chunk and sets
    `heading_path` (the enclosing headings' texts, outermost first, the heading itself included);
    blocks join the current chunk while it stays within `max_tokens`. A longer block is split at
    sentence ends, then at words; a table by rows, its header row repeated in each part. Page
    headers and footers are left out. With `overlap_tokens` > 0 a chunk that continues a section
    starts with the last `overlap_tokens` tokens of the section's previous chunk. Computed on each
    read from the stored blocks. `409 job_not_completed` before the job has completed.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        max_tokens (int | Unset):  Default: 512.
        overlap_tokens (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ChunkList | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        max_tokens=max_tokens,
        overlap_tokens=overlap_tokens,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    max_tokens: int | Unset = 512,
    overlap_tokens: int | Unset = 0,
) -> ApiErrorResponse | ChunkList | HTTPValidationError | None:
    """A completed parse job's text as chunks for retrieval

     Our addition (docs/retrieval.md). The blocks of every page, in order, packed into chunks of at most
    `max_tokens` tokens of the `cl100k_base` encoding. A heading starts a new chunk and sets
    `heading_path` (the enclosing headings' texts, outermost first, the heading itself included);
    blocks join the current chunk while it stays within `max_tokens`. A longer block is split at
    sentence ends, then at words; a table by rows, its header row repeated in each part. Page
    headers and footers are left out. With `overlap_tokens` > 0 a chunk that continues a section
    starts with the last `overlap_tokens` tokens of the section's previous chunk. Computed on each
    read from the stored blocks. `409 job_not_completed` before the job has completed.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        max_tokens (int | Unset):  Default: 512.
        overlap_tokens (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ChunkList | HTTPValidationError
    """

    return sync_detailed(
        job_id=job_id,
        client=client,
        max_tokens=max_tokens,
        overlap_tokens=overlap_tokens,
    ).parsed


async def asyncio_detailed(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    max_tokens: int | Unset = 512,
    overlap_tokens: int | Unset = 0,
) -> Response[ApiErrorResponse | ChunkList | HTTPValidationError]:
    """A completed parse job's text as chunks for retrieval

     Our addition (docs/retrieval.md). The blocks of every page, in order, packed into chunks of at most
    `max_tokens` tokens of the `cl100k_base` encoding. A heading starts a new chunk and sets
    `heading_path` (the enclosing headings' texts, outermost first, the heading itself included);
    blocks join the current chunk while it stays within `max_tokens`. A longer block is split at
    sentence ends, then at words; a table by rows, its header row repeated in each part. Page
    headers and footers are left out. With `overlap_tokens` > 0 a chunk that continues a section
    starts with the last `overlap_tokens` tokens of the section's previous chunk. Computed on each
    read from the stored blocks. `409 job_not_completed` before the job has completed.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        max_tokens (int | Unset):  Default: 512.
        overlap_tokens (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ChunkList | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        max_tokens=max_tokens,
        overlap_tokens=overlap_tokens,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    max_tokens: int | Unset = 512,
    overlap_tokens: int | Unset = 0,
) -> ApiErrorResponse | ChunkList | HTTPValidationError | None:
    """A completed parse job's text as chunks for retrieval

     Our addition (docs/retrieval.md). The blocks of every page, in order, packed into chunks of at most
    `max_tokens` tokens of the `cl100k_base` encoding. A heading starts a new chunk and sets
    `heading_path` (the enclosing headings' texts, outermost first, the heading itself included);
    blocks join the current chunk while it stays within `max_tokens`. A longer block is split at
    sentence ends, then at words; a table by rows, its header row repeated in each part. Page
    headers and footers are left out. With `overlap_tokens` > 0 a chunk that continues a section
    starts with the last `overlap_tokens` tokens of the section's previous chunk. Computed on each
    read from the stored blocks. `409 job_not_completed` before the job has completed.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        max_tokens (int | Unset):  Default: 512.
        overlap_tokens (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ChunkList | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            job_id=job_id,
            client=client,
            max_tokens=max_tokens,
            overlap_tokens=overlap_tokens,
        )
    ).parsed
