from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.extractor_definition_input import ExtractorDefinitionInput
from ...models.extractor_response import ExtractorResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    extractor_ref: str,
    *,
    body: ExtractorDefinitionInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/extractors/{extractor_ref}".format(
            extractor_ref=quote(str(extractor_ref), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | ExtractorResponse | None:
    if response.status_code == 200:
        response_200 = ExtractorResponse.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = ExtractorResponse.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = ApiErrorResponse.from_dict(response.json())

        return response_413

    if response.status_code == 422:

        def _parse_response_422(data: object) -> ApiErrorResponse | HTTPValidationError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_422_type_0 = HTTPValidationError.from_dict(data)

                return response_422_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_422_type_1 = ApiErrorResponse.from_dict(data)

            return response_422_type_1

        response_422 = _parse_response_422(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | ExtractorResponse]:
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
    body: ExtractorDefinitionInput,
) -> Response[ApiErrorResponse | HTTPValidationError | ExtractorResponse]:
    """Create or replace an extractor by stable name

     Creates the extractor when the name is free (`201`), replaces the complete definition of a
    user-defined extractor when it exists (`200`). The schema must belong to the dialect and every
    example's output must satisfy it. Prebuilt extractors cannot be replaced. `rules` (at most 50,
    docs/rules.md) are checked against the schema: a rule of an unknown kind, a pointer that names
    no field of the schema, a bad regular expression or a repeated id is `422 invalid_rules`.

    Args:
        extractor_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting
            with a letter or digit, and not
            of the form of an identifier of the same kind.
        body (ExtractorDefinitionInput): The complete extractor definition (body of the create-or-
            replace operation).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractorResponse]
    """

    kwargs = _get_kwargs(
        extractor_ref=extractor_ref,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ExtractorDefinitionInput,
) -> ApiErrorResponse | HTTPValidationError | ExtractorResponse | None:
    """Create or replace an extractor by stable name

     Creates the extractor when the name is free (`201`), replaces the complete definition of a
    user-defined extractor when it exists (`200`). The schema must belong to the dialect and every
    example's output must satisfy it. Prebuilt extractors cannot be replaced. `rules` (at most 50,
    docs/rules.md) are checked against the schema: a rule of an unknown kind, a pointer that names
    no field of the schema, a bad regular expression or a repeated id is `422 invalid_rules`.

    Args:
        extractor_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting
            with a letter or digit, and not
            of the form of an identifier of the same kind.
        body (ExtractorDefinitionInput): The complete extractor definition (body of the create-or-
            replace operation).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractorResponse
    """

    return sync_detailed(
        extractor_ref=extractor_ref,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ExtractorDefinitionInput,
) -> Response[ApiErrorResponse | HTTPValidationError | ExtractorResponse]:
    """Create or replace an extractor by stable name

     Creates the extractor when the name is free (`201`), replaces the complete definition of a
    user-defined extractor when it exists (`200`). The schema must belong to the dialect and every
    example's output must satisfy it. Prebuilt extractors cannot be replaced. `rules` (at most 50,
    docs/rules.md) are checked against the schema: a rule of an unknown kind, a pointer that names
    no field of the schema, a bad regular expression or a repeated id is `422 invalid_rules`.

    Args:
        extractor_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting
            with a letter or digit, and not
            of the form of an identifier of the same kind.
        body (ExtractorDefinitionInput): The complete extractor definition (body of the create-or-
            replace operation).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractorResponse]
    """

    kwargs = _get_kwargs(
        extractor_ref=extractor_ref,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ExtractorDefinitionInput,
) -> ApiErrorResponse | HTTPValidationError | ExtractorResponse | None:
    """Create or replace an extractor by stable name

     Creates the extractor when the name is free (`201`), replaces the complete definition of a
    user-defined extractor when it exists (`200`). The schema must belong to the dialect and every
    example's output must satisfy it. Prebuilt extractors cannot be replaced. `rules` (at most 50,
    docs/rules.md) are checked against the schema: a rule of an unknown kind, a pointer that names
    no field of the schema, a bad regular expression or a repeated id is `422 invalid_rules`.

    Args:
        extractor_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting
            with a letter or digit, and not
            of the form of an identifier of the same kind.
        body (ExtractorDefinitionInput): The complete extractor definition (body of the create-or-
            replace operation).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractorResponse
    """

    return (
        await asyncio_detailed(
            extractor_ref=extractor_ref,
            client=client,
            body=body,
        )
    ).parsed
