from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.form_field import FormField
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    file_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/files/{file_id}/form-fields".format(
            file_id=quote(str(file_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | list[FormField] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = FormField.from_dict(response_200_item_data)

            response_200.append(response_200_item)

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
) -> Response[ApiErrorResponse | HTTPValidationError | list[FormField]]:
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
) -> Response[ApiErrorResponse | HTTPValidationError | list[FormField]]:
    """A PDF's form fields and their values

     The AcroForm fields of a PDF, in page order: each field's name, type, value, page and box
    (page fractions, origin top-left, as word boxes). A checkbox's value is `true` or `false`; a
    radio group's is the chosen option's name (its export value), or `false` when none is
    chosen; a signature field's is `true` when signed. A file that is not a PDF, or a PDF
    without a form (or one that cannot be read), answers `[]`. The values are also drawn on the
    file's pages (a checked box as `☒`, an empty one as `☐` in the text layer), so they reach
    the model and provenance. Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | list[FormField]]
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
) -> ApiErrorResponse | HTTPValidationError | list[FormField] | None:
    """A PDF's form fields and their values

     The AcroForm fields of a PDF, in page order: each field's name, type, value, page and box
    (page fractions, origin top-left, as word boxes). A checkbox's value is `true` or `false`; a
    radio group's is the chosen option's name (its export value), or `false` when none is
    chosen; a signature field's is `true` when signed. A file that is not a PDF, or a PDF
    without a form (or one that cannot be read), answers `[]`. The values are also drawn on the
    file's pages (a checked box as `☒`, an empty one as `☐` in the text layer), so they reach
    the model and provenance. Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | list[FormField]
    """

    return sync_detailed(
        file_id=file_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    file_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | HTTPValidationError | list[FormField]]:
    """A PDF's form fields and their values

     The AcroForm fields of a PDF, in page order: each field's name, type, value, page and box
    (page fractions, origin top-left, as word boxes). A checkbox's value is `true` or `false`; a
    radio group's is the chosen option's name (its export value), or `false` when none is
    chosen; a signature field's is `true` when signed. A file that is not a PDF, or a PDF
    without a form (or one that cannot be read), answers `[]`. The values are also drawn on the
    file's pages (a checked box as `☒`, an empty one as `☐` in the text layer), so they reach
    the model and provenance. Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | list[FormField]]
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
) -> ApiErrorResponse | HTTPValidationError | list[FormField] | None:
    """A PDF's form fields and their values

     The AcroForm fields of a PDF, in page order: each field's name, type, value, page and box
    (page fractions, origin top-left, as word boxes). A checkbox's value is `true` or `false`; a
    radio group's is the chosen option's name (its export value), or `false` when none is
    chosen; a signature field's is `true` when signed. A file that is not a PDF, or a PDF
    without a form (or one that cannot be read), answers `[]`. The values are also drawn on the
    file's pages (a checked box as `☒`, an empty one as `☐` in the text layer), so they reach
    the model and provenance. Our addition.

    Args:
        file_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | list[FormField]
    """

    return (
        await asyncio_detailed(
            file_id=file_id,
            client=client,
        )
    ).parsed
