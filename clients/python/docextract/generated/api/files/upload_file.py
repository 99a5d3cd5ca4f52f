from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.file_response import FileResponse
from ...models.file_upload import FileUpload
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    *,
    body: FileUpload,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/files",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
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

    if response.status_code == 413:
        response_413 = ApiErrorResponse.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ApiErrorResponse.from_dict(response.json())

        return response_415

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
    *,
    client: AuthenticatedClient | Client,
    body: FileUpload,
) -> Response[ApiErrorResponse | FileResponse | HTTPValidationError]:
    """Upload a file

     Stores a PDF, JPEG or PNG, a spreadsheet (XLSX, XLSM) or an e-mail (RFC 822 `.eml`, Outlook
    `.msg`). The type is detected from the bytes' signature; a declared part media type that
    contradicts a PDF's or an image's bytes is refused (for a ZIP container or a text, whose bytes
    are ambiguous, the bytes win). The recorded filename (directory parts and control characters
    removed) and media type are returned unchanged on download.

    A spreadsheet's pages are its visible sheets drawn as grids, up to 100 rows a page (the first
    row repeated on each following page), with the values as the spreadsheet displays them. An
    e-mail's pages are its header block and body; each attachment of an accepted format is stored
    as a file of its own (`parent_file_id`, `attachment_filename`; attached e-mails likewise, down
    to three levels), listed in the e-mail's `attachment_file_ids`, and every other attachment in
    its `skipped_attachments`. At most `SERVICE_MAX_ATTACHMENTS` files are made of one upload's
    attachments. The upload and its attachments are stored together or not at all.

    Args:
        body (FileUpload): The document as the part `upload`. Up to 10 other form fields (names; a
            name may be repeated,
            as a list's values are sent) are read and ignored, 64 KiB of values in all.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | FileResponse | HTTPValidationError]
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
    body: FileUpload,
) -> ApiErrorResponse | FileResponse | HTTPValidationError | None:
    """Upload a file

     Stores a PDF, JPEG or PNG, a spreadsheet (XLSX, XLSM) or an e-mail (RFC 822 `.eml`, Outlook
    `.msg`). The type is detected from the bytes' signature; a declared part media type that
    contradicts a PDF's or an image's bytes is refused (for a ZIP container or a text, whose bytes
    are ambiguous, the bytes win). The recorded filename (directory parts and control characters
    removed) and media type are returned unchanged on download.

    A spreadsheet's pages are its visible sheets drawn as grids, up to 100 rows a page (the first
    row repeated on each following page), with the values as the spreadsheet displays them. An
    e-mail's pages are its header block and body; each attachment of an accepted format is stored
    as a file of its own (`parent_file_id`, `attachment_filename`; attached e-mails likewise, down
    to three levels), listed in the e-mail's `attachment_file_ids`, and every other attachment in
    its `skipped_attachments`. At most `SERVICE_MAX_ATTACHMENTS` files are made of one upload's
    attachments. The upload and its attachments are stored together or not at all.

    Args:
        body (FileUpload): The document as the part `upload`. Up to 10 other form fields (names; a
            name may be repeated,
            as a list's values are sent) are read and ignored, 64 KiB of values in all.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | FileResponse | HTTPValidationError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: FileUpload,
) -> Response[ApiErrorResponse | FileResponse | HTTPValidationError]:
    """Upload a file

     Stores a PDF, JPEG or PNG, a spreadsheet (XLSX, XLSM) or an e-mail (RFC 822 `.eml`, Outlook
    `.msg`). The type is detected from the bytes' signature; a declared part media type that
    contradicts a PDF's or an image's bytes is refused (for a ZIP container or a text, whose bytes
    are ambiguous, the bytes win). The recorded filename (directory parts and control characters
    removed) and media type are returned unchanged on download.

    A spreadsheet's pages are its visible sheets drawn as grids, up to 100 rows a page (the first
    row repeated on each following page), with the values as the spreadsheet displays them. An
    e-mail's pages are its header block and body; each attachment of an accepted format is stored
    as a file of its own (`parent_file_id`, `attachment_filename`; attached e-mails likewise, down
    to three levels), listed in the e-mail's `attachment_file_ids`, and every other attachment in
    its `skipped_attachments`. At most `SERVICE_MAX_ATTACHMENTS` files are made of one upload's
    attachments. The upload and its attachments are stored together or not at all.

    Args:
        body (FileUpload): The document as the part `upload`. Up to 10 other form fields (names; a
            name may be repeated,
            as a list's values are sent) are read and ignored, 64 KiB of values in all.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | FileResponse | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: FileUpload,
) -> ApiErrorResponse | FileResponse | HTTPValidationError | None:
    """Upload a file

     Stores a PDF, JPEG or PNG, a spreadsheet (XLSX, XLSM) or an e-mail (RFC 822 `.eml`, Outlook
    `.msg`). The type is detected from the bytes' signature; a declared part media type that
    contradicts a PDF's or an image's bytes is refused (for a ZIP container or a text, whose bytes
    are ambiguous, the bytes win). The recorded filename (directory parts and control characters
    removed) and media type are returned unchanged on download.

    A spreadsheet's pages are its visible sheets drawn as grids, up to 100 rows a page (the first
    row repeated on each following page), with the values as the spreadsheet displays them. An
    e-mail's pages are its header block and body; each attachment of an accepted format is stored
    as a file of its own (`parent_file_id`, `attachment_filename`; attached e-mails likewise, down
    to three levels), listed in the e-mail's `attachment_file_ids`, and every other attachment in
    its `skipped_attachments`. At most `SERVICE_MAX_ATTACHMENTS` files are made of one upload's
    attachments. The upload and its attachments are stored together or not at all.

    Args:
        body (FileUpload): The document as the part `upload`. Up to 10 other form fields (names; a
            name may be repeated,
            as a list's values are sent) are read and ignored, 64 KiB of values in all.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | FileResponse | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
