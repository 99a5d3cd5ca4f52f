from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.create_extraction_job_request import CreateExtractionJobRequest
from ...models.extraction_job_response import ExtractionJobResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    *,
    body: CreateExtractionJobRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/extraction-jobs",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | ExtractionJobResponse | HTTPValidationError | None:
    if response.status_code == 201:
        response_201 = ExtractionJobResponse.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = ApiErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ApiErrorResponse.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = ApiErrorResponse.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())

        return response_422

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
) -> Response[ApiErrorResponse | ExtractionJobResponse | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateExtractionJobRequest,
) -> Response[ApiErrorResponse | ExtractionJobResponse | HTTPValidationError]:
    """Create an extraction job

     Refer to the extractor by exactly one of `extractor_id` or `extractor_name`, and give exactly one
    input: `file_id` or `text`. The extractor's definition is captured when the job is created, so
    later edits do not change it. The job is `queued` and runs in the background.

    Args:
        body (CreateExtractionJobRequest): Exactly one of `extractor_id` / `extractor_name`, and
            exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ExtractionJobResponse | HTTPValidationError]
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
    body: CreateExtractionJobRequest,
) -> ApiErrorResponse | ExtractionJobResponse | HTTPValidationError | None:
    """Create an extraction job

     Refer to the extractor by exactly one of `extractor_id` or `extractor_name`, and give exactly one
    input: `file_id` or `text`. The extractor's definition is captured when the job is created, so
    later edits do not change it. The job is `queued` and runs in the background.

    Args:
        body (CreateExtractionJobRequest): Exactly one of `extractor_id` / `extractor_name`, and
            exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ExtractionJobResponse | HTTPValidationError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateExtractionJobRequest,
) -> Response[ApiErrorResponse | ExtractionJobResponse | HTTPValidationError]:
    """Create an extraction job

     Refer to the extractor by exactly one of `extractor_id` or `extractor_name`, and give exactly one
    input: `file_id` or `text`. The extractor's definition is captured when the job is created, so
    later edits do not change it. The job is `queued` and runs in the background.

    Args:
        body (CreateExtractionJobRequest): Exactly one of `extractor_id` / `extractor_name`, and
            exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ExtractionJobResponse | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateExtractionJobRequest,
) -> ApiErrorResponse | ExtractionJobResponse | HTTPValidationError | None:
    """Create an extraction job

     Refer to the extractor by exactly one of `extractor_id` or `extractor_name`, and give exactly one
    input: `file_id` or `text`. The extractor's definition is captured when the job is created, so
    later edits do not change it. The job is `queued` and runs in the background.

    Args:
        body (CreateExtractionJobRequest): Exactly one of `extractor_id` / `extractor_name`, and
            exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ExtractionJobResponse | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
