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
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateExtractionJobRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

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
) -> ApiErrorResponse | HTTPValidationError | ExtractionJobResponse | None:
    if response.status_code == 201:
        response_201 = ExtractionJobResponse.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ApiErrorResponse.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ApiErrorResponse.from_dict(response.json())

        return response_413

    if response.status_code == 422:

        def _parse_response_422(data: object) -> ApiErrorResponse | HTTPValidationError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_422_type_0 = HTTPValidationError.from_dict(data)

                return response_422_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_422_type_1 = ApiErrorResponse.from_dict(data)

            return response_422_type_1

        response_422 = _parse_response_422(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | ExtractionJobResponse]:
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
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | ExtractionJobResponse]:
    """Create an extraction job

     Refer to the extractor by exactly one of `extractor_id` or `extractor_name`, and give exactly one
    input: `file_id` or `text`. The extractor's definition is captured when the job is created, so
    later edits do not change it. The job is `queued` and runs in the background.

    Args:
        idempotency_key (str | Unset):
        body (CreateExtractionJobRequest): Exactly one of `extractor_id` / `extractor_name`, and
            exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractionJobResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateExtractionJobRequest,
    idempotency_key: str | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | ExtractionJobResponse | None:
    """Create an extraction job

     Refer to the extractor by exactly one of `extractor_id` or `extractor_name`, and give exactly one
    input: `file_id` or `text`. The extractor's definition is captured when the job is created, so
    later edits do not change it. The job is `queued` and runs in the background.

    Args:
        idempotency_key (str | Unset):
        body (CreateExtractionJobRequest): Exactly one of `extractor_id` / `extractor_name`, and
            exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractionJobResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateExtractionJobRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | ExtractionJobResponse]:
    """Create an extraction job

     Refer to the extractor by exactly one of `extractor_id` or `extractor_name`, and give exactly one
    input: `file_id` or `text`. The extractor's definition is captured when the job is created, so
    later edits do not change it. The job is `queued` and runs in the background.

    Args:
        idempotency_key (str | Unset):
        body (CreateExtractionJobRequest): Exactly one of `extractor_id` / `extractor_name`, and
            exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractionJobResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateExtractionJobRequest,
    idempotency_key: str | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | ExtractionJobResponse | None:
    """Create an extraction job

     Refer to the extractor by exactly one of `extractor_id` or `extractor_name`, and give exactly one
    input: `file_id` or `text`. The extractor's definition is captured when the job is created, so
    later edits do not change it. The job is `queued` and runs in the background.

    Args:
        idempotency_key (str | Unset):
        body (CreateExtractionJobRequest): Exactly one of `extractor_id` / `extractor_name`, and
            exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractionJobResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
