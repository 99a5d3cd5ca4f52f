from __future__ import annotations

from http import HTTPStatus
from io import BytesIO
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import File, Response


def _get_kwargs(
    file_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/files/{file_id}/searchable.pdf".format(
            file_id=quote(str(file_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | File | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

        return response_200

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
) -> Response[ApiErrorResponse | File | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    file_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | File | HTTPValidationError]:
    """The file as a searchable PDF

     The file's pages as one PDF: a page with its own text layer (a digital PDF page, a converted
    document's page) passes through unchanged; a page read with OCR (an image, a scanned PDF
    page) is its page image with the OCR words over it as invisible text (text render mode 3),
    each on its box, so a viewer can search and copy it. Pages not read with OCR yet are read
    now, once per file page, each bounded by `SERVICE_OCR_TIMEOUT_S` (a page past it has no
    words). Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | File | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        file_id=file_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    file_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | File | HTTPValidationError | None:
    """The file as a searchable PDF

     The file's pages as one PDF: a page with its own text layer (a digital PDF page, a converted
    document's page) passes through unchanged; a page read with OCR (an image, a scanned PDF
    page) is its page image with the OCR words over it as invisible text (text render mode 3),
    each on its box, so a viewer can search and copy it. Pages not read with OCR yet are read
    now, once per file page, each bounded by `SERVICE_OCR_TIMEOUT_S` (a page past it has no
    words). Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | File | HTTPValidationError
    """

    return sync_detailed(
        file_id=file_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    file_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | File | HTTPValidationError]:
    """The file as a searchable PDF

     The file's pages as one PDF: a page with its own text layer (a digital PDF page, a converted
    document's page) passes through unchanged; a page read with OCR (an image, a scanned PDF
    page) is its page image with the OCR words over it as invisible text (text render mode 3),
    each on its box, so a viewer can search and copy it. Pages not read with OCR yet are read
    now, once per file page, each bounded by `SERVICE_OCR_TIMEOUT_S` (a page past it has no
    words). Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | File | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        file_id=file_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    file_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | File | HTTPValidationError | None:
    """The file as a searchable PDF

     The file's pages as one PDF: a page with its own text layer (a digital PDF page, a converted
    document's page) passes through unchanged; a page read with OCR (an image, a scanned PDF
    page) is its page image with the OCR words over it as invisible text (text render mode 3),
    each on its box, so a viewer can search and copy it. Pages not read with OCR yet are read
    now, once per file page, each bounded by `SERVICE_OCR_TIMEOUT_S` (a page past it has no
    words). Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | File | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            file_id=file_id,
            client=client,
        )
    ).parsed
