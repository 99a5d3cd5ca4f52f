from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.webhook_endpoint_response import WebhookEndpointResponse
from ...models.webhook_endpoint_update_input import WebhookEndpointUpdateInput
from ...types import Response


def _get_kwargs(
    endpoint_id: str,
    *,
    body: WebhookEndpointUpdateInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/webhook-endpoints/{endpoint_id}".format(
            endpoint_id=quote(str(endpoint_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | WebhookEndpointResponse | None:
    if response.status_code == 200:
        response_200 = WebhookEndpointResponse.from_dict(response.json())

        return response_200

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
) -> Response[ApiErrorResponse | HTTPValidationError | WebhookEndpointResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    endpoint_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointUpdateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | WebhookEndpointResponse]:
    """Update a webhook endpoint

     Changes only the fields given. A new `url` is checked like on creation. `enabled: false` stops
    deliveries (pending retries end at their next attempt); `enabled: true` turns an endpoint disabled
    by
    a `410` answer back on. Deliveries in progress use the new `url` from their next attempt.

    Args:
        endpoint_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (WebhookEndpointUpdateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | WebhookEndpointResponse]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    endpoint_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointUpdateInput,
) -> ApiErrorResponse | HTTPValidationError | WebhookEndpointResponse | None:
    """Update a webhook endpoint

     Changes only the fields given. A new `url` is checked like on creation. `enabled: false` stops
    deliveries (pending retries end at their next attempt); `enabled: true` turns an endpoint disabled
    by
    a `410` answer back on. Deliveries in progress use the new `url` from their next attempt.

    Args:
        endpoint_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (WebhookEndpointUpdateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | WebhookEndpointResponse
    """

    return sync_detailed(
        endpoint_id=endpoint_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    endpoint_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointUpdateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | WebhookEndpointResponse]:
    """Update a webhook endpoint

     Changes only the fields given. A new `url` is checked like on creation. `enabled: false` stops
    deliveries (pending retries end at their next attempt); `enabled: true` turns an endpoint disabled
    by
    a `410` answer back on. Deliveries in progress use the new `url` from their next attempt.

    Args:
        endpoint_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (WebhookEndpointUpdateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | WebhookEndpointResponse]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    endpoint_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointUpdateInput,
) -> ApiErrorResponse | HTTPValidationError | WebhookEndpointResponse | None:
    """Update a webhook endpoint

     Changes only the fields given. A new `url` is checked like on creation. `enabled: false` stops
    deliveries (pending retries end at their next attempt); `enabled: true` turns an endpoint disabled
    by
    a `410` answer back on. Deliveries in progress use the new `url` from their next attempt.

    Args:
        endpoint_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (WebhookEndpointUpdateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | WebhookEndpointResponse
    """

    return (
        await asyncio_detailed(
            endpoint_id=endpoint_id,
            client=client,
            body=body,
        )
    ).parsed
