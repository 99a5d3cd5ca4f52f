from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.batch_chunk_line import BatchChunkLine
from ...models.batch_result_line import BatchResultLine
from ...models.get_batch_results_as import GetBatchResultsAs
from ...models.get_batch_results_status import GetBatchResultsStatus
from ...models.http_validation_error import HTTPValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    batch_id: str,
    *,
    status: GetBatchResultsStatus | Unset = UNSET,
    as_: GetBatchResultsAs | Unset = UNSET,
    max_tokens: int | Unset = 512,
    overlap_tokens: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_as_: str | Unset = UNSET
    if not isinstance(as_, Unset):
        json_as_ = as_.value

    params["as"] = json_as_

    params["max_tokens"] = max_tokens

    params["overlap_tokens"] = overlap_tokens

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/batches/{batch_id}/results".format(
            batch_id=quote(str(batch_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | BatchChunkLine | BatchResultLine | HTTPValidationError | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> BatchChunkLine | BatchResultLine:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = BatchResultLine.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = BatchChunkLine.from_dict(data)

            return response_200_type_1

        response_200 = _parse_response_200(response.content)

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
) -> Response[ApiErrorResponse | BatchChunkLine | BatchResultLine | HTTPValidationError]:
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
    status: GetBatchResultsStatus | Unset = UNSET,
    as_: GetBatchResultsAs | Unset = UNSET,
    max_tokens: int | Unset = 512,
    overlap_tokens: int | Unset = 0,
) -> Response[ApiErrorResponse | BatchChunkLine | BatchResultLine | HTTPValidationError]:
    """The results of a batch, one JSON line per ended item

     `application/x-ndjson`: one `BatchResultLine` per ended item, in input order, streamed from the
    database (never held in memory). Readable while the batch runs: the items ended so far.
    With `as=chunks` (parse batches; an extraction batch answers `404`): one `BatchChunkLine` per
    chunk of each completed item instead, in input order, chunked as
    `GET /v1/parse-jobs/{job_id}/chunks` chunks (`max_tokens`, `overlap_tokens`; `status` is ignored).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        status (GetBatchResultsStatus | Unset):
        as_ (GetBatchResultsAs | Unset):
        max_tokens (int | Unset):  Default: 512.
        overlap_tokens (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | BatchChunkLine | BatchResultLine | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        batch_id=batch_id,
        status=status,
        as_=as_,
        max_tokens=max_tokens,
        overlap_tokens=overlap_tokens,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
    status: GetBatchResultsStatus | Unset = UNSET,
    as_: GetBatchResultsAs | Unset = UNSET,
    max_tokens: int | Unset = 512,
    overlap_tokens: int | Unset = 0,
) -> ApiErrorResponse | BatchChunkLine | BatchResultLine | HTTPValidationError | None:
    """The results of a batch, one JSON line per ended item

     `application/x-ndjson`: one `BatchResultLine` per ended item, in input order, streamed from the
    database (never held in memory). Readable while the batch runs: the items ended so far.
    With `as=chunks` (parse batches; an extraction batch answers `404`): one `BatchChunkLine` per
    chunk of each completed item instead, in input order, chunked as
    `GET /v1/parse-jobs/{job_id}/chunks` chunks (`max_tokens`, `overlap_tokens`; `status` is ignored).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        status (GetBatchResultsStatus | Unset):
        as_ (GetBatchResultsAs | Unset):
        max_tokens (int | Unset):  Default: 512.
        overlap_tokens (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | BatchChunkLine | BatchResultLine | HTTPValidationError
    """

    return sync_detailed(
        batch_id=batch_id,
        client=client,
        status=status,
        as_=as_,
        max_tokens=max_tokens,
        overlap_tokens=overlap_tokens,
    ).parsed


async def asyncio_detailed(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
    status: GetBatchResultsStatus | Unset = UNSET,
    as_: GetBatchResultsAs | Unset = UNSET,
    max_tokens: int | Unset = 512,
    overlap_tokens: int | Unset = 0,
) -> Response[ApiErrorResponse | BatchChunkLine | BatchResultLine | HTTPValidationError]:
    """The results of a batch, one JSON line per ended item

     `application/x-ndjson`: one `BatchResultLine` per ended item, in input order, streamed from the
    database (never held in memory). Readable while the batch runs: the items ended so far.
    With `as=chunks` (parse batches; an extraction batch answers `404`): one `BatchChunkLine` per
    chunk of each completed item instead, in input order, chunked as
    `GET /v1/parse-jobs/{job_id}/chunks` chunks (`max_tokens`, `overlap_tokens`; `status` is ignored).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        status (GetBatchResultsStatus | Unset):
        as_ (GetBatchResultsAs | Unset):
        max_tokens (int | Unset):  Default: 512.
        overlap_tokens (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | BatchChunkLine | BatchResultLine | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        batch_id=batch_id,
        status=status,
        as_=as_,
        max_tokens=max_tokens,
        overlap_tokens=overlap_tokens,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
    status: GetBatchResultsStatus | Unset = UNSET,
    as_: GetBatchResultsAs | Unset = UNSET,
    max_tokens: int | Unset = 512,
    overlap_tokens: int | Unset = 0,
) -> ApiErrorResponse | BatchChunkLine | BatchResultLine | HTTPValidationError | None:
    """The results of a batch, one JSON line per ended item

     `application/x-ndjson`: one `BatchResultLine` per ended item, in input order, streamed from the
    database (never held in memory). Readable while the batch runs: the items ended so far.
    With `as=chunks` (parse batches; an extraction batch answers `404`): one `BatchChunkLine` per
    chunk of each completed item instead, in input order, chunked as
    `GET /v1/parse-jobs/{job_id}/chunks` chunks (`max_tokens`, `overlap_tokens`; `status` is ignored).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        status (GetBatchResultsStatus | Unset):
        as_ (GetBatchResultsAs | Unset):
        max_tokens (int | Unset):  Default: 512.
        overlap_tokens (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | BatchChunkLine | BatchResultLine | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            batch_id=batch_id,
            client=client,
            status=status,
            as_=as_,
            max_tokens=max_tokens,
            overlap_tokens=overlap_tokens,
        )
    ).parsed
