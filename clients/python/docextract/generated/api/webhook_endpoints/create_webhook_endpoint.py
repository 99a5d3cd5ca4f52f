from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.webhook_endpoint_create_input import WebhookEndpointCreateInput
from ...models.webhook_endpoint_with_secret import WebhookEndpointWithSecret
from ...types import Response


def _get_kwargs(
    *,
    body: WebhookEndpointCreateInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/webhook-endpoints",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | WebhookEndpointWithSecret | None:
    if response.status_code == 201:
        response_201 = WebhookEndpointWithSecret.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | WebhookEndpointWithSecret]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointCreateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | WebhookEndpointWithSecret]:
    """Create a webhook endpoint

     `url` must be `http` or `https`. Its host is resolved and refused when any address is loopback,
    private, link-local (including cloud metadata addresses), unique-local or otherwise not public
    (`400 webhook_url_forbidden`), unless the service runs with `SERVICE_WEBHOOK_ALLOW_PRIVATE=true`;
    the same check runs again at each delivery on the address actually connected to. `events`
    defaults to all six. The answer carries the signing `secret` (`whsec_…`) this once: store it.

    Args:
        body (WebhookEndpointCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | WebhookEndpointWithSecret]
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
    body: WebhookEndpointCreateInput,
) -> ApiErrorResponse | HTTPValidationError | WebhookEndpointWithSecret | None:
    """Create a webhook endpoint

     `url` must be `http` or `https`. Its host is resolved and refused when any address is loopback,
    private, link-local (including cloud metadata addresses), unique-local or otherwise not public
    (`400 webhook_url_forbidden`), unless the service runs with `SERVICE_WEBHOOK_ALLOW_PRIVATE=true`;
    the same check runs again at each delivery on the address actually connected to. `events`
    defaults to all six. The answer carries the signing `secret` (`whsec_…`) this once: store it.

    Args:
        body (WebhookEndpointCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | WebhookEndpointWithSecret
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointCreateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | WebhookEndpointWithSecret]:
    """Create a webhook endpoint

     `url` must be `http` or `https`. Its host is resolved and refused when any address is loopback,
    private, link-local (including cloud metadata addresses), unique-local or otherwise not public
    (`400 webhook_url_forbidden`), unless the service runs with `SERVICE_WEBHOOK_ALLOW_PRIVATE=true`;
    the same check runs again at each delivery on the address actually connected to. `events`
    defaults to all six. The answer carries the signing `secret` (`whsec_…`) this once: store it.

    Args:
        body (WebhookEndpointCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | WebhookEndpointWithSecret]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointCreateInput,
) -> ApiErrorResponse | HTTPValidationError | WebhookEndpointWithSecret | None:
    """Create a webhook endpoint

     `url` must be `http` or `https`. Its host is resolved and refused when any address is loopback,
    private, link-local (including cloud metadata addresses), unique-local or otherwise not public
    (`400 webhook_url_forbidden`), unless the service runs with `SERVICE_WEBHOOK_ALLOW_PRIVATE=true`;
    the same check runs again at each delivery on the address actually connected to. `events`
    defaults to all six. The answer carries the signing `secret` (`whsec_…`) this once: store it.

    Args:
        body (WebhookEndpointCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | WebhookEndpointWithSecret
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
