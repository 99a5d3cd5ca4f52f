from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.parser_definition_input import ParserDefinitionInput
from ...models.parser_response import ParserResponse
from ...types import Response


def _get_kwargs(
    parser_ref: str,
    *,
    body: ParserDefinitionInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/parsers/{parser_ref}".format(
            parser_ref=quote(str(parser_ref), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | ParserResponse | None:
    if response.status_code == 200:
        response_200 = ParserResponse.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = ParserResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | ParserResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    parser_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ParserDefinitionInput,
) -> Response[ApiErrorResponse | HTTPValidationError | ParserResponse]:
    """Create or replace a parser by stable name

     Creates the parser when the name is free (`201`), replaces the complete definition of a
    user-defined parser when it exists (`200`). Prebuilt parsers cannot be replaced.

    Args:
        parser_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting with a
            letter or digit, and not
            of the form of an identifier of the same kind.
        body (ParserDefinitionInput): The complete parser definition (create-or-replace); omitted
            optional fields take their defaults.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | ParserResponse]
    """

    kwargs = _get_kwargs(
        parser_ref=parser_ref,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    parser_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ParserDefinitionInput,
) -> ApiErrorResponse | HTTPValidationError | ParserResponse | None:
    """Create or replace a parser by stable name

     Creates the parser when the name is free (`201`), replaces the complete definition of a
    user-defined parser when it exists (`200`). Prebuilt parsers cannot be replaced.

    Args:
        parser_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting with a
            letter or digit, and not
            of the form of an identifier of the same kind.
        body (ParserDefinitionInput): The complete parser definition (create-or-replace); omitted
            optional fields take their defaults.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | ParserResponse
    """

    return sync_detailed(
        parser_ref=parser_ref,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    parser_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ParserDefinitionInput,
) -> Response[ApiErrorResponse | HTTPValidationError | ParserResponse]:
    """Create or replace a parser by stable name

     Creates the parser when the name is free (`201`), replaces the complete definition of a
    user-defined parser when it exists (`200`). Prebuilt parsers cannot be replaced.

    Args:
        parser_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting with a
            letter or digit, and not
            of the form of an identifier of the same kind.
        body (ParserDefinitionInput): The complete parser definition (create-or-replace); omitted
            optional fields take their defaults.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | ParserResponse]
    """

    kwargs = _get_kwargs(
        parser_ref=parser_ref,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    parser_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ParserDefinitionInput,
) -> ApiErrorResponse | HTTPValidationError | ParserResponse | None:
    """Create or replace a parser by stable name

     Creates the parser when the name is free (`201`), replaces the complete definition of a
    user-defined parser when it exists (`200`). Prebuilt parsers cannot be replaced.

    Args:
        parser_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting with a
            letter or digit, and not
            of the form of an identifier of the same kind.
        body (ParserDefinitionInput): The complete parser definition (create-or-replace); omitted
            optional fields take their defaults.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | ParserResponse
    """

    return (
        await asyncio_detailed(
            parser_ref=parser_ref,
            client=client,
            body=body,
        )
    ).parsed
