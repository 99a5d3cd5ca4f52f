from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.get_parse_job_document_format import GetParseJobDocumentFormat
from ...models.http_validation_error import HTTPValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    job_id: str,
    *,
    format_: GetParseJobDocumentFormat | Unset = GetParseJobDocumentFormat.MARKDOWN,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/parse-jobs/{job_id}/document".format(
            job_id=quote(str(job_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 409:
        response_409 = ApiErrorResponse.from_dict(response.json())

        return response_409

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
) -> Response[ApiErrorResponse | HTTPValidationError | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: GetParseJobDocumentFormat | Unset = GetParseJobDocumentFormat.MARKDOWN,
) -> Response[ApiErrorResponse | HTTPValidationError | str]:
    """A completed parse job's whole document in one file

     Our addition. `markdown`: the pages joined by `\\n\\n<!-- PageBreak -->\\n\\n` (as
    `result.content`);
    `html`: a `<section data-page="N">` per page, tables as `<table>` elements (raw HTML in a
    transcription is shown as text); `text`: plain text, pages apart by a form feed, table rows as
    tab-separated lines, page headers and footers left out; `json`: `{pages: [{page_number, blocks}]}`.
    Sent as an attachment named after the uploaded file. `409 job_not_completed` before the job has
    completed.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        format_ (GetParseJobDocumentFormat | Unset):  Default: GetParseJobDocumentFormat.MARKDOWN.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | str]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: GetParseJobDocumentFormat | Unset = GetParseJobDocumentFormat.MARKDOWN,
) -> ApiErrorResponse | HTTPValidationError | str | None:
    """A completed parse job's whole document in one file

     Our addition. `markdown`: the pages joined by `\\n\\n<!-- PageBreak -->\\n\\n` (as
    `result.content`);
    `html`: a `<section data-page="N">` per page, tables as `<table>` elements (raw HTML in a
    transcription is shown as text); `text`: plain text, pages apart by a form feed, table rows as
    tab-separated lines, page headers and footers left out; `json`: `{pages: [{page_number, blocks}]}`.
    Sent as an attachment named after the uploaded file. `409 job_not_completed` before the job has
    completed.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        format_ (GetParseJobDocumentFormat | Unset):  Default: GetParseJobDocumentFormat.MARKDOWN.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | str
    """

    return sync_detailed(
        job_id=job_id,
        client=client,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: GetParseJobDocumentFormat | Unset = GetParseJobDocumentFormat.MARKDOWN,
) -> Response[ApiErrorResponse | HTTPValidationError | str]:
    """A completed parse job's whole document in one file

     Our addition. `markdown`: the pages joined by `\\n\\n<!-- PageBreak -->\\n\\n` (as
    `result.content`);
    `html`: a `<section data-page="N">` per page, tables as `<table>` elements (raw HTML in a
    transcription is shown as text); `text`: plain text, pages apart by a form feed, table rows as
    tab-separated lines, page headers and footers left out; `json`: `{pages: [{page_number, blocks}]}`.
    Sent as an attachment named after the uploaded file. `409 job_not_completed` before the job has
    completed.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        format_ (GetParseJobDocumentFormat | Unset):  Default: GetParseJobDocumentFormat.MARKDOWN.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | str]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: GetParseJobDocumentFormat | Unset = GetParseJobDocumentFormat.MARKDOWN,
) -> ApiErrorResponse | HTTPValidationError | str | None:
    """A completed parse job's whole document in one file

     Our addition. `markdown`: the pages joined by `\\n\\n<!-- PageBreak -->\\n\\n` (as
    `result.content`);
    `html`: a `<section data-page="N">` per page, tables as `<table>` elements (raw HTML in a
    transcription is shown as text); `text`: plain text, pages apart by a form feed, table rows as
    tab-separated lines, page headers and footers left out; `json`: `{pages: [{page_number, blocks}]}`.
    Sent as an attachment named after the uploaded file. `409 job_not_completed` before the job has
    completed.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        format_ (GetParseJobDocumentFormat | Unset):  Default: GetParseJobDocumentFormat.MARKDOWN.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | str
    """

    return (
        await asyncio_detailed(
            job_id=job_id,
            client=client,
            format_=format_,
        )
    ).parsed
