from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.extractor_response import ExtractorResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    extractor_ref: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/extractors/{extractor_ref}".format(
            extractor_ref=quote(str(extractor_ref), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | ExtractorResponse | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = ExtractorResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | ExtractorResponse | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | ExtractorResponse | HTTPValidationError]:
    """Read an extractor

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ExtractorResponse | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        extractor_ref=extractor_ref,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | ExtractorResponse | HTTPValidationError | None:
    """Read an extractor

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ExtractorResponse | HTTPValidationError
    """

    return sync_detailed(
        extractor_ref=extractor_ref,
        client=client,
    ).parsed


async def asyncio_detailed(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | ExtractorResponse | HTTPValidationError]:
    """Read an extractor

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ExtractorResponse | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        extractor_ref=extractor_ref,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | ExtractorResponse | HTTPValidationError | None:
    """Read an extractor

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ExtractorResponse | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            extractor_ref=extractor_ref,
            client=client,
        )
    ).parsed
