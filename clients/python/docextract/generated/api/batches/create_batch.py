from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.batch_response import BatchResponse
from ...models.create_batch_request_type_0 import CreateBatchRequestType0
from ...models.create_batch_request_type_1 import CreateBatchRequestType1
from ...models.create_batch_request_type_2 import CreateBatchRequestType2
from ...models.http_validation_error import HTTPValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateBatchRequestType0 | CreateBatchRequestType1 | CreateBatchRequestType2,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/batches",
    }

    if isinstance(body, CreateBatchRequestType0) or isinstance(body, CreateBatchRequestType1):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | BatchResponse | None:
    if response.status_code == 201:
        response_201 = BatchResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | BatchResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateBatchRequestType0 | CreateBatchRequestType1 | CreateBatchRequestType2,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | BatchResponse]:
    """Create a batch

     Many ordinary jobs of one definition as one durable unit (docs/batches.md). Every item is a job
    (`batch_id` and `custom_id` set) visible through the job endpoints. The definition is taken once
    (a snapshot: every item runs with the same configuration). `custom_id` is unique in the batch
    (≤ 64 characters); `text` is only for extraction batches; at most 50,000 inputs (`422
    too_many_inputs` beyond); the definition and every `file_id` are checked before anything starts
    (`404` naming the first missing one); `metadata` holds at most 16 string pairs. The batch runs
    at most `concurrency` items at once (default `SERVICE_BATCH_CONCURRENCY`, 16). The JSON body may
    be up to 256 MiB. With `SERVICE_STORAGE=s3` the items may instead be the objects under a bucket
    prefix (`source`), and the results written under another when the batch ends (`destination`).

    Args:
        idempotency_key (str | Unset):
        body (CreateBatchRequestType0 | CreateBatchRequestType1 | CreateBatchRequestType2):
            `extractor_name` for an extraction batch, `parser_name` for a parse batch,
            `classifier_name` and `mode` for a classification batch (every item a classification job
            of that mode, without routing; docs/packets.md). Exactly one of `inputs` or `source` (both
            or neither: `422`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | BatchResponse]
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
    body: CreateBatchRequestType0 | CreateBatchRequestType1 | CreateBatchRequestType2,
    idempotency_key: str | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | BatchResponse | None:
    """Create a batch

     Many ordinary jobs of one definition as one durable unit (docs/batches.md). Every item is a job
    (`batch_id` and `custom_id` set) visible through the job endpoints. The definition is taken once
    (a snapshot: every item runs with the same configuration). `custom_id` is unique in the batch
    (≤ 64 characters); `text` is only for extraction batches; at most 50,000 inputs (`422
    too_many_inputs` beyond); the definition and every `file_id` are checked before anything starts
    (`404` naming the first missing one); `metadata` holds at most 16 string pairs. The batch runs
    at most `concurrency` items at once (default `SERVICE_BATCH_CONCURRENCY`, 16). The JSON body may
    be up to 256 MiB. With `SERVICE_STORAGE=s3` the items may instead be the objects under a bucket
    prefix (`source`), and the results written under another when the batch ends (`destination`).

    Args:
        idempotency_key (str | Unset):
        body (CreateBatchRequestType0 | CreateBatchRequestType1 | CreateBatchRequestType2):
            `extractor_name` for an extraction batch, `parser_name` for a parse batch,
            `classifier_name` and `mode` for a classification batch (every item a classification job
            of that mode, without routing; docs/packets.md). Exactly one of `inputs` or `source` (both
            or neither: `422`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | BatchResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateBatchRequestType0 | CreateBatchRequestType1 | CreateBatchRequestType2,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | BatchResponse]:
    """Create a batch

     Many ordinary jobs of one definition as one durable unit (docs/batches.md). Every item is a job
    (`batch_id` and `custom_id` set) visible through the job endpoints. The definition is taken once
    (a snapshot: every item runs with the same configuration). `custom_id` is unique in the batch
    (≤ 64 characters); `text` is only for extraction batches; at most 50,000 inputs (`422
    too_many_inputs` beyond); the definition and every `file_id` are checked before anything starts
    (`404` naming the first missing one); `metadata` holds at most 16 string pairs. The batch runs
    at most `concurrency` items at once (default `SERVICE_BATCH_CONCURRENCY`, 16). The JSON body may
    be up to 256 MiB. With `SERVICE_STORAGE=s3` the items may instead be the objects under a bucket
    prefix (`source`), and the results written under another when the batch ends (`destination`).

    Args:
        idempotency_key (str | Unset):
        body (CreateBatchRequestType0 | CreateBatchRequestType1 | CreateBatchRequestType2):
            `extractor_name` for an extraction batch, `parser_name` for a parse batch,
            `classifier_name` and `mode` for a classification batch (every item a classification job
            of that mode, without routing; docs/packets.md). Exactly one of `inputs` or `source` (both
            or neither: `422`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | BatchResponse]
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
    body: CreateBatchRequestType0 | CreateBatchRequestType1 | CreateBatchRequestType2,
    idempotency_key: str | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | BatchResponse | None:
    """Create a batch

     Many ordinary jobs of one definition as one durable unit (docs/batches.md). Every item is a job
    (`batch_id` and `custom_id` set) visible through the job endpoints. The definition is taken once
    (a snapshot: every item runs with the same configuration). `custom_id` is unique in the batch
    (≤ 64 characters); `text` is only for extraction batches; at most 50,000 inputs (`422
    too_many_inputs` beyond); the definition and every `file_id` are checked before anything starts
    (`404` naming the first missing one); `metadata` holds at most 16 string pairs. The batch runs
    at most `concurrency` items at once (default `SERVICE_BATCH_CONCURRENCY`, 16). The JSON body may
    be up to 256 MiB. With `SERVICE_STORAGE=s3` the items may instead be the objects under a bucket
    prefix (`source`), and the results written under another when the batch ends (`destination`).

    Args:
        idempotency_key (str | Unset):
        body (CreateBatchRequestType0 | CreateBatchRequestType1 | CreateBatchRequestType2):
            `extractor_name` for an extraction batch, `parser_name` for a parse batch,
            `classifier_name` and `mode` for a classification batch (every item a classification job
            of that mode, without routing; docs/packets.md). Exactly one of `inputs` or `source` (both
            or neither: `422`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | BatchResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
