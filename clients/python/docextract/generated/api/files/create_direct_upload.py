from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.direct_upload_request import DirectUploadRequest
from ...models.direct_upload_ticket import DirectUploadTicket
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    *,
    body: DirectUploadRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/uploads",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | DirectUploadTicket | HTTPValidationError | None:
    if response.status_code == 201:
        response_201 = DirectUploadTicket.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = ApiErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = ApiErrorResponse.from_dict(response.json())

        return response_409

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
) -> Response[ApiErrorResponse | DirectUploadTicket | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DirectUploadRequest,
) -> Response[ApiErrorResponse | DirectUploadTicket | HTTPValidationError]:
    """Start a direct upload (presigned PUT to the bucket)

     With `SERVICE_STORAGE=s3`, a file's bytes can go straight to the bucket, never through the API:
    this records the announced upload and answers a presigned `PUT` of its object
    (`<S3_PREFIX>uploads/<id>`). Send the whole file in one `PUT` to `url` with exactly `headers`
    (they are signed: its `Content-Length`, and its `Content-Type` when one was given) before
    `expires_at` (`SERVICE_DIRECT_UPLOAD_EXPIRY_SECONDS`, 1 hour by default), then
    `POST /v1/uploads/{upload_id}/complete`. Up to `SERVICE_MAX_DIRECT_UPLOAD_BYTES` (5 GiB by
    default). With `SERVICE_STORAGE=postgres` there is no bucket: 409 `direct_uploads_unavailable`
    (upload with `POST /v1/files`). Our addition.

    Args:
        body (DirectUploadRequest): A direct upload's announcement (`POST /v1/uploads`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | DirectUploadTicket | HTTPValidationError]
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
    body: DirectUploadRequest,
) -> ApiErrorResponse | DirectUploadTicket | HTTPValidationError | None:
    """Start a direct upload (presigned PUT to the bucket)

     With `SERVICE_STORAGE=s3`, a file's bytes can go straight to the bucket, never through the API:
    this records the announced upload and answers a presigned `PUT` of its object
    (`<S3_PREFIX>uploads/<id>`). Send the whole file in one `PUT` to `url` with exactly `headers`
    (they are signed: its `Content-Length`, and its `Content-Type` when one was given) before
    `expires_at` (`SERVICE_DIRECT_UPLOAD_EXPIRY_SECONDS`, 1 hour by default), then
    `POST /v1/uploads/{upload_id}/complete`. Up to `SERVICE_MAX_DIRECT_UPLOAD_BYTES` (5 GiB by
    default). With `SERVICE_STORAGE=postgres` there is no bucket: 409 `direct_uploads_unavailable`
    (upload with `POST /v1/files`). Our addition.

    Args:
        body (DirectUploadRequest): A direct upload's announcement (`POST /v1/uploads`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | DirectUploadTicket | HTTPValidationError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DirectUploadRequest,
) -> Response[ApiErrorResponse | DirectUploadTicket | HTTPValidationError]:
    """Start a direct upload (presigned PUT to the bucket)

     With `SERVICE_STORAGE=s3`, a file's bytes can go straight to the bucket, never through the API:
    this records the announced upload and answers a presigned `PUT` of its object
    (`<S3_PREFIX>uploads/<id>`). Send the whole file in one `PUT` to `url` with exactly `headers`
    (they are signed: its `Content-Length`, and its `Content-Type` when one was given) before
    `expires_at` (`SERVICE_DIRECT_UPLOAD_EXPIRY_SECONDS`, 1 hour by default), then
    `POST /v1/uploads/{upload_id}/complete`. Up to `SERVICE_MAX_DIRECT_UPLOAD_BYTES` (5 GiB by
    default). With `SERVICE_STORAGE=postgres` there is no bucket: 409 `direct_uploads_unavailable`
    (upload with `POST /v1/files`). Our addition.

    Args:
        body (DirectUploadRequest): A direct upload's announcement (`POST /v1/uploads`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | DirectUploadTicket | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: DirectUploadRequest,
) -> ApiErrorResponse | DirectUploadTicket | HTTPValidationError | None:
    """Start a direct upload (presigned PUT to the bucket)

     With `SERVICE_STORAGE=s3`, a file's bytes can go straight to the bucket, never through the API:
    this records the announced upload and answers a presigned `PUT` of its object
    (`<S3_PREFIX>uploads/<id>`). Send the whole file in one `PUT` to `url` with exactly `headers`
    (they are signed: its `Content-Length`, and its `Content-Type` when one was given) before
    `expires_at` (`SERVICE_DIRECT_UPLOAD_EXPIRY_SECONDS`, 1 hour by default), then
    `POST /v1/uploads/{upload_id}/complete`. Up to `SERVICE_MAX_DIRECT_UPLOAD_BYTES` (5 GiB by
    default). With `SERVICE_STORAGE=postgres` there is no bucket: 409 `direct_uploads_unavailable`
    (upload with `POST /v1/files`). Our addition.

    Args:
        body (DirectUploadRequest): A direct upload's announcement (`POST /v1/uploads`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | DirectUploadTicket | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
