from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.file_response import FileResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    upload_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/uploads/{upload_id}/complete".format(
            upload_id=quote(str(upload_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | FileResponse | HTTPValidationError | None:
    if response.status_code == 201:
        response_201 = FileResponse.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ApiErrorResponse.from_dict(response.json())

        return response_400

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

    if response.status_code == 410:
        response_410 = ApiErrorResponse.from_dict(response.json())

        return response_410

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
) -> Response[ApiErrorResponse | FileResponse | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    upload_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | FileResponse | HTTPValidationError]:
    """Complete a direct upload into a file

     Makes the bytes PUT to the upload's URL a file, as `POST /v1/files` makes an upload's: sniffed,
    converted and limited alike (the same 400 refusals; a format converted at upload, anything but
    PDF, PNG and JPEG, is read whole and so bounded by `SERVICE_MAX_UPLOAD_BYTES`). A PDF, PNG or
    JPEG file keeps the uploaded object as its bytes (no copy); a converted one is stored as any
    upload and the uploaded object removed. Idempotent: completing an upload again answers the same
    file (201); once that file is deleted, 404. Before the bytes are PUT: 409 `upload_incomplete`
    (PUT them, then complete again); after `expires_at`: 410 `upload_expired` (its object, if any,
    is removed; start a new upload). Our addition.

    Args:
        upload_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | FileResponse | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        upload_id=upload_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    upload_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | FileResponse | HTTPValidationError | None:
    """Complete a direct upload into a file

     Makes the bytes PUT to the upload's URL a file, as `POST /v1/files` makes an upload's: sniffed,
    converted and limited alike (the same 400 refusals; a format converted at upload, anything but
    PDF, PNG and JPEG, is read whole and so bounded by `SERVICE_MAX_UPLOAD_BYTES`). A PDF, PNG or
    JPEG file keeps the uploaded object as its bytes (no copy); a converted one is stored as any
    upload and the uploaded object removed. Idempotent: completing an upload again answers the same
    file (201); once that file is deleted, 404. Before the bytes are PUT: 409 `upload_incomplete`
    (PUT them, then complete again); after `expires_at`: 410 `upload_expired` (its object, if any,
    is removed; start a new upload). Our addition.

    Args:
        upload_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | FileResponse | HTTPValidationError
    """

    return sync_detailed(
        upload_id=upload_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    upload_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | FileResponse | HTTPValidationError]:
    """Complete a direct upload into a file

     Makes the bytes PUT to the upload's URL a file, as `POST /v1/files` makes an upload's: sniffed,
    converted and limited alike (the same 400 refusals; a format converted at upload, anything but
    PDF, PNG and JPEG, is read whole and so bounded by `SERVICE_MAX_UPLOAD_BYTES`). A PDF, PNG or
    JPEG file keeps the uploaded object as its bytes (no copy); a converted one is stored as any
    upload and the uploaded object removed. Idempotent: completing an upload again answers the same
    file (201); once that file is deleted, 404. Before the bytes are PUT: 409 `upload_incomplete`
    (PUT them, then complete again); after `expires_at`: 410 `upload_expired` (its object, if any,
    is removed; start a new upload). Our addition.

    Args:
        upload_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | FileResponse | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        upload_id=upload_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    upload_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | FileResponse | HTTPValidationError | None:
    """Complete a direct upload into a file

     Makes the bytes PUT to the upload's URL a file, as `POST /v1/files` makes an upload's: sniffed,
    converted and limited alike (the same 400 refusals; a format converted at upload, anything but
    PDF, PNG and JPEG, is read whole and so bounded by `SERVICE_MAX_UPLOAD_BYTES`). A PDF, PNG or
    JPEG file keeps the uploaded object as its bytes (no copy); a converted one is stored as any
    upload and the uploaded object removed. Idempotent: completing an upload again answers the same
    file (201); once that file is deleted, 404. Before the bytes are PUT: 409 `upload_incomplete`
    (PUT them, then complete again); after `expires_at`: 410 `upload_expired` (its object, if any,
    is removed; start a new upload). Our addition.

    Args:
        upload_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | FileResponse | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            upload_id=upload_id,
            client=client,
        )
    ).parsed
