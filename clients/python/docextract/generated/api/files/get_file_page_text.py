from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.page_text import PageText
from ...types import Response


def _get_kwargs(
    file_id: str,
    page: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/files/{file_id}/pages/{page}/text".format(
            file_id=quote(str(file_id), safe=""),
            page=quote(str(page), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | PageText | None:
    if response.status_code == 200:
        response_200 = PageText.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | PageText]:
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
) -> Response[ApiErrorResponse | HTTPValidationError | PageText]:
    """A page's text layer and its words

     The text layer of the page a model sees (a converted file: of its rendition), in reading
    order, and each word with its box in the page's coordinates (0..1, origin top-left: the
    coordinates of `result.provenance` boxes and of the page image). `source` says where the
    text came from: `pdf` (the PDF's own text layer), `converter` (a converted file's rendition),
    `ocr` (a page without a usable text layer - an image, a scanned PDF page - read with OCR;
    each word then has a `confidence`, 0..1) or `none` (no text: OCR is off, or the page ran
    past `SERVICE_OCR_TIMEOUT_S`, which `warning` then says). A page not read with OCR yet is
    read now, once per file page (bounded by `SERVICE_OCR_TIMEOUT_S`); the reading is stored
    and reused by jobs and exports. A sideways or upside-down scan is read upright; its word
    boxes are on the page image as served. On a spreadsheet's pages a word drawn inside a cell
    carries the cell's `sheet` and `cell` (A1). Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        page (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | PageText]
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
) -> ApiErrorResponse | HTTPValidationError | PageText | None:
    """A page's text layer and its words

     The text layer of the page a model sees (a converted file: of its rendition), in reading
    order, and each word with its box in the page's coordinates (0..1, origin top-left: the
    coordinates of `result.provenance` boxes and of the page image). `source` says where the
    text came from: `pdf` (the PDF's own text layer), `converter` (a converted file's rendition),
    `ocr` (a page without a usable text layer - an image, a scanned PDF page - read with OCR;
    each word then has a `confidence`, 0..1) or `none` (no text: OCR is off, or the page ran
    past `SERVICE_OCR_TIMEOUT_S`, which `warning` then says). A page not read with OCR yet is
    read now, once per file page (bounded by `SERVICE_OCR_TIMEOUT_S`); the reading is stored
    and reused by jobs and exports. A sideways or upside-down scan is read upright; its word
    boxes are on the page image as served. On a spreadsheet's pages a word drawn inside a cell
    carries the cell's `sheet` and `cell` (A1). Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        page (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | PageText
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
) -> Response[ApiErrorResponse | HTTPValidationError | PageText]:
    """A page's text layer and its words

     The text layer of the page a model sees (a converted file: of its rendition), in reading
    order, and each word with its box in the page's coordinates (0..1, origin top-left: the
    coordinates of `result.provenance` boxes and of the page image). `source` says where the
    text came from: `pdf` (the PDF's own text layer), `converter` (a converted file's rendition),
    `ocr` (a page without a usable text layer - an image, a scanned PDF page - read with OCR;
    each word then has a `confidence`, 0..1) or `none` (no text: OCR is off, or the page ran
    past `SERVICE_OCR_TIMEOUT_S`, which `warning` then says). A page not read with OCR yet is
    read now, once per file page (bounded by `SERVICE_OCR_TIMEOUT_S`); the reading is stored
    and reused by jobs and exports. A sideways or upside-down scan is read upright; its word
    boxes are on the page image as served. On a spreadsheet's pages a word drawn inside a cell
    carries the cell's `sheet` and `cell` (A1). Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        page (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | PageText]
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
) -> ApiErrorResponse | HTTPValidationError | PageText | None:
    """A page's text layer and its words

     The text layer of the page a model sees (a converted file: of its rendition), in reading
    order, and each word with its box in the page's coordinates (0..1, origin top-left: the
    coordinates of `result.provenance` boxes and of the page image). `source` says where the
    text came from: `pdf` (the PDF's own text layer), `converter` (a converted file's rendition),
    `ocr` (a page without a usable text layer - an image, a scanned PDF page - read with OCR;
    each word then has a `confidence`, 0..1) or `none` (no text: OCR is off, or the page ran
    past `SERVICE_OCR_TIMEOUT_S`, which `warning` then says). A page not read with OCR yet is
    read now, once per file page (bounded by `SERVICE_OCR_TIMEOUT_S`); the reading is stored
    and reused by jobs and exports. A sideways or upside-down scan is read upright; its word
    boxes are on the page image as served. On a spreadsheet's pages a word drawn inside a cell
    carries the cell's `sheet` and `cell` (A1). Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        page (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | PageText
    """

    return (
        await asyncio_detailed(
            file_id=file_id,
            page=page,
            client=client,
        )
    ).parsed
