from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.provider_name import ProviderName
from ...models.provider_status_response import ProviderStatusResponse
from ...types import Response


def _get_kwargs(
    name: ProviderName,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/providers/{name}/status".format(
            name=quote(str(name), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | ProviderStatusResponse | None:
    if response.status_code == 200:
        response_200 = ProviderStatusResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | ProviderStatusResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: ProviderName,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | HTTPValidationError | ProviderStatusResponse]:
    """Whether a provider's endpoint answers

     The latest check of this provider by this service process: one model listing (`GET …/models`,
    for `hosted_project_api` its deployments) with a 3 s deadline. A check at most 10 s old is
    returned as it is; otherwise the provider is checked now. The service also checks, at start-up,
    every provider that a definition uses and logs a line for each that does not answer. A provider
    that does not answer is no error of this operation: `answered` is false and `error` says why.
    Our addition.

    Args:
        name (ProviderName): The stable provider name, and the discriminator that selects the
            provider implementation.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | ProviderStatusResponse]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: ProviderName,
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | HTTPValidationError | ProviderStatusResponse | None:
    """Whether a provider's endpoint answers

     The latest check of this provider by this service process: one model listing (`GET …/models`,
    for `hosted_project_api` its deployments) with a 3 s deadline. A check at most 10 s old is
    returned as it is; otherwise the provider is checked now. The service also checks, at start-up,
    every provider that a definition uses and logs a line for each that does not answer. A provider
    that does not answer is no error of this operation: `answered` is false and `error` says why.
    Our addition.

    Args:
        name (ProviderName): The stable provider name, and the discriminator that selects the
            provider implementation.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | ProviderStatusResponse
    """

    return sync_detailed(
        name=name,
        client=client,
    ).parsed


async def asyncio_detailed(
    name: ProviderName,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | HTTPValidationError | ProviderStatusResponse]:
    """Whether a provider's endpoint answers

     The latest check of this provider by this service process: one model listing (`GET …/models`,
    for `hosted_project_api` its deployments) with a 3 s deadline. A check at most 10 s old is
    returned as it is; otherwise the provider is checked now. The service also checks, at start-up,
    every provider that a definition uses and logs a line for each that does not answer. A provider
    that does not answer is no error of this operation: `answered` is false and `error` says why.
    Our addition.

    Args:
        name (ProviderName): The stable provider name, and the discriminator that selects the
            provider implementation.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | ProviderStatusResponse]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: ProviderName,
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | HTTPValidationError | ProviderStatusResponse | None:
    """Whether a provider's endpoint answers

     The latest check of this provider by this service process: one model listing (`GET …/models`,
    for `hosted_project_api` its deployments) with a 3 s deadline. A check at most 10 s old is
    returned as it is; otherwise the provider is checked now. The service also checks, at start-up,
    every provider that a definition uses and logs a line for each that does not answer. A provider
    that does not answer is no error of this operation: `answered` is false and `error` says why.
    Our addition.

    Args:
        name (ProviderName): The stable provider name, and the discriminator that selects the
            provider implementation.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | ProviderStatusResponse
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
        )
    ).parsed
