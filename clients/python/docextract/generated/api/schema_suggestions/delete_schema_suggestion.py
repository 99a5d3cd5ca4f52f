from __future__ import annotations

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.schema_suggestion_response import SchemaSuggestionResponse
from ...types import Response


def _get_kwargs(
    suggestion_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/schema-suggestions/{suggestion_id}".format(
            suggestion_id=quote(str(suggestion_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse | None:
    if response.status_code == 202:
        response_202 = SchemaSuggestionResponse.from_dict(response.json())

        return response_202

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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
) -> Response[Any | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    suggestion_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse]:
    """Delete a schema suggestion

     As for extraction jobs, a terminal suggestion is deleted at once (`204`); an active one moves to
    `deleting` (`202`).

    Args:
        suggestion_id (str): An identifier in a path. Any well-formed value that names nothing is
            a `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse]
    """

    kwargs = _get_kwargs(
        suggestion_id=suggestion_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    suggestion_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse | None:
    """Delete a schema suggestion

     As for extraction jobs, a terminal suggestion is deleted at once (`204`); an active one moves to
    `deleting` (`202`).

    Args:
        suggestion_id (str): An identifier in a path. Any well-formed value that names nothing is
            a `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse
    """

    return sync_detailed(
        suggestion_id=suggestion_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    suggestion_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse]:
    """Delete a schema suggestion

     As for extraction jobs, a terminal suggestion is deleted at once (`204`); an active one moves to
    `deleting` (`202`).

    Args:
        suggestion_id (str): An identifier in a path. Any well-formed value that names nothing is
            a `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse]
    """

    kwargs = _get_kwargs(
        suggestion_id=suggestion_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    suggestion_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse | None:
    """Delete a schema suggestion

     As for extraction jobs, a terminal suggestion is deleted at once (`204`); an active one moves to
    `deleting` (`202`).

    Args:
        suggestion_id (str): An identifier in a path. Any well-formed value that names nothing is
            a `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse
    """

    return (
        await asyncio_detailed(
            suggestion_id=suggestion_id,
            client=client,
        )
    ).parsed
