from __future__ import annotations

from http import HTTPStatus
from io import BytesIO
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import File, Response


def _get_kwargs(
    file_id: str,
    page: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/files/{file_id}/pages/{page}".format(
            file_id=quote(str(file_id), safe=""),
            page=quote(str(page), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiErrorResponse | File | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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
) -> Response[Any | ApiErrorResponse | File | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    file_id: str,
    page: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | ApiErrorResponse | File | HTTPValidationError]:
    """A page of a file as an image

     The page as a model sees it in a job: a PDF page rendered with the jobs' renderer and
    settings (`SERVICE_RENDER_DPI`, `SERVICE_RENDER_MAX_PIXELS`) to PNG, or to JPEG when the
    service runs with `SERVICE_RENDER_FORMAT=jpeg` (the `ETag` then names the format); for a PNG or JPEG
    file, page 1 is
    the image itself (scaled down to PNG only when it exceeds `SERVICE_RENDER_MAX_PIXELS`). Used by
    viewers such as `/studio` to show a result beside its pages; `result.provenance` boxes are
    fractions of this image (origin top-left). `X-Page-Count` gives the file's number of pages.
    A file's bytes never change, so the answer is cacheable for good (`immutable`); the `ETag`
    (weak: the same image, whichever encoder wrote it) names the file's bytes, the page and the
    render settings, and `If-None-Match` answers `304`.
    A request whose `Accept` prefers `application/octet-stream` gets the same bytes typed so.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        page (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | File | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        file_id=file_id,
        page=page,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    file_id: str,
    page: int,
    *,
    client: AuthenticatedClient | Client,
) -> Any | ApiErrorResponse | File | HTTPValidationError | None:
    """A page of a file as an image

     The page as a model sees it in a job: a PDF page rendered with the jobs' renderer and
    settings (`SERVICE_RENDER_DPI`, `SERVICE_RENDER_MAX_PIXELS`) to PNG, or to JPEG when the
    service runs with `SERVICE_RENDER_FORMAT=jpeg` (the `ETag` then names the format); for a PNG or JPEG
    file, page 1 is
    the image itself (scaled down to PNG only when it exceeds `SERVICE_RENDER_MAX_PIXELS`). Used by
    viewers such as `/studio` to show a result beside its pages; `result.provenance` boxes are
    fractions of this image (origin top-left). `X-Page-Count` gives the file's number of pages.
    A file's bytes never change, so the answer is cacheable for good (`immutable`); the `ETag`
    (weak: the same image, whichever encoder wrote it) names the file's bytes, the page and the
    render settings, and `If-None-Match` answers `304`.
    A request whose `Accept` prefers `application/octet-stream` gets the same bytes typed so.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        page (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | File | HTTPValidationError
    """

    return sync_detailed(
        file_id=file_id,
        page=page,
        client=client,
    ).parsed


async def asyncio_detailed(
    file_id: str,
    page: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | ApiErrorResponse | File | HTTPValidationError]:
    """A page of a file as an image

     The page as a model sees it in a job: a PDF page rendered with the jobs' renderer and
    settings (`SERVICE_RENDER_DPI`, `SERVICE_RENDER_MAX_PIXELS`) to PNG, or to JPEG when the
    service runs with `SERVICE_RENDER_FORMAT=jpeg` (the `ETag` then names the format); for a PNG or JPEG
    file, page 1 is
    the image itself (scaled down to PNG only when it exceeds `SERVICE_RENDER_MAX_PIXELS`). Used by
    viewers such as `/studio` to show a result beside its pages; `result.provenance` boxes are
    fractions of this image (origin top-left). `X-Page-Count` gives the file's number of pages.
    A file's bytes never change, so the answer is cacheable for good (`immutable`); the `ETag`
    (weak: the same image, whichever encoder wrote it) names the file's bytes, the page and the
    render settings, and `If-None-Match` answers `304`.
    A request whose `Accept` prefers `application/octet-stream` gets the same bytes typed so.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        page (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | File | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        file_id=file_id,
        page=page,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    file_id: str,
    page: int,
    *,
    client: AuthenticatedClient | Client,
) -> Any | ApiErrorResponse | File | HTTPValidationError | None:
    """A page of a file as an image

     The page as a model sees it in a job: a PDF page rendered with the jobs' renderer and
    settings (`SERVICE_RENDER_DPI`, `SERVICE_RENDER_MAX_PIXELS`) to PNG, or to JPEG when the
    service runs with `SERVICE_RENDER_FORMAT=jpeg` (the `ETag` then names the format); for a PNG or JPEG
    file, page 1 is
    the image itself (scaled down to PNG only when it exceeds `SERVICE_RENDER_MAX_PIXELS`). Used by
    viewers such as `/studio` to show a result beside its pages; `result.provenance` boxes are
    fractions of this image (origin top-left). `X-Page-Count` gives the file's number of pages.
    A file's bytes never change, so the answer is cacheable for good (`immutable`); the `ETag`
    (weak: the same image, whichever encoder wrote it) names the file's bytes, the page and the
    render settings, and `If-None-Match` answers `304`.
    A request whose `Accept` prefers `application/octet-stream` gets the same bytes typed so.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        page (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | File | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            file_id=file_id,
            page=page,
            client=client,
        )
    ).parsed
