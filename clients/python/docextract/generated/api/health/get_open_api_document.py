from __future__ import annotations

from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.get_open_api_document_response_200_type_1 import (
    GetOpenApiDocumentResponse200Type1,
)
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/openapi.yaml",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | GetOpenApiDocumentResponse200Type1 | str | None:
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> GetOpenApiDocumentResponse200Type1 | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_1 = GetOpenApiDocumentResponse200Type1.from_dict(data)

                return response_200_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("GetOpenApiDocumentResponse200Type1 | str", data)

        response_200 = _parse_response_200(response.text)

        return response_200

    if response.status_code == 500:
        response_500 = ApiErrorResponse.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiErrorResponse | GetOpenApiDocumentResponse200Type1 | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | GetOpenApiDocumentResponse200Type1 | str]:
    """This OpenAPI document

     Served as `application/yaml`, or as `text/yaml` when the request's `Accept` prefers it (clients
    that read only `text/*` bodies as text, such as generated Python clients, ask for that).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | GetOpenApiDocumentResponse200Type1 | str]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | GetOpenApiDocumentResponse200Type1 | str | None:
    """This OpenAPI document

     Served as `application/yaml`, or as `text/yaml` when the request's `Accept` prefers it (clients
    that read only `text/*` bodies as text, such as generated Python clients, ask for that).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | GetOpenApiDocumentResponse200Type1 | str
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | GetOpenApiDocumentResponse200Type1 | str]:
    """This OpenAPI document

     Served as `application/yaml`, or as `text/yaml` when the request's `Accept` prefers it (clients
    that read only `text/*` bodies as text, such as generated Python clients, ask for that).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | GetOpenApiDocumentResponse200Type1 | str]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | GetOpenApiDocumentResponse200Type1 | str | None:
    """This OpenAPI document

     Served as `application/yaml`, or as `text/yaml` when the request's `Accept` prefers it (clients
    that read only `text/*` bodies as text, such as generated Python clients, ask for that).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | GetOpenApiDocumentResponse200Type1 | str
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
