from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/metrics",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiErrorResponse | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 401:
        response_401 = ApiErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 500:
        response_500 = ApiErrorResponse.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiErrorResponse | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | str]:
    """Prometheus metrics

     The process's metrics in the Prometheus text exposition format (version 0.0.4), for a
    Prometheus scrape: jobs created and finished (by kind, status and error code), job durations,
    model request latency, retries and tokens (by provider and model), webhook deliveries and
    their lag, page render time, HTTP request durations (by route template and status), and the
    process's own `process_*` and `nodejs_*` metrics; and what is happening now: jobs not over
    by kind and status and jobs retrying a model call (read from Postgres at scrape time), the
    Temporal task queue backlog (where the server reports it), model requests in flight and
    model slots in use. Under `npm start` the API and the worker share one process and this one
    endpoint; a worker run apart serves its own on `SERVICE_WORKER_METRICS_PORT`. Every metric:
    docs/operations.md.
    Protected like `/v1` when `SERVICE_API_TOKENS` is set (any token, `client` ones included),
    unless `SERVICE_METRICS_PUBLIC=true`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | str]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | str | None:
    """Prometheus metrics

     The process's metrics in the Prometheus text exposition format (version 0.0.4), for a
    Prometheus scrape: jobs created and finished (by kind, status and error code), job durations,
    model request latency, retries and tokens (by provider and model), webhook deliveries and
    their lag, page render time, HTTP request durations (by route template and status), and the
    process's own `process_*` and `nodejs_*` metrics; and what is happening now: jobs not over
    by kind and status and jobs retrying a model call (read from Postgres at scrape time), the
    Temporal task queue backlog (where the server reports it), model requests in flight and
    model slots in use. Under `npm start` the API and the worker share one process and this one
    endpoint; a worker run apart serves its own on `SERVICE_WORKER_METRICS_PORT`. Every metric:
    docs/operations.md.
    Protected like `/v1` when `SERVICE_API_TOKENS` is set (any token, `client` ones included),
    unless `SERVICE_METRICS_PUBLIC=true`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | str
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | str]:
    """Prometheus metrics

     The process's metrics in the Prometheus text exposition format (version 0.0.4), for a
    Prometheus scrape: jobs created and finished (by kind, status and error code), job durations,
    model request latency, retries and tokens (by provider and model), webhook deliveries and
    their lag, page render time, HTTP request durations (by route template and status), and the
    process's own `process_*` and `nodejs_*` metrics; and what is happening now: jobs not over
    by kind and status and jobs retrying a model call (read from Postgres at scrape time), the
    Temporal task queue backlog (where the server reports it), model requests in flight and
    model slots in use. Under `npm start` the API and the worker share one process and this one
    endpoint; a worker run apart serves its own on `SERVICE_WORKER_METRICS_PORT`. Every metric:
    docs/operations.md.
    Protected like `/v1` when `SERVICE_API_TOKENS` is set (any token, `client` ones included),
    unless `SERVICE_METRICS_PUBLIC=true`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | str]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | str | None:
    """Prometheus metrics

     The process's metrics in the Prometheus text exposition format (version 0.0.4), for a
    Prometheus scrape: jobs created and finished (by kind, status and error code), job durations,
    model request latency, retries and tokens (by provider and model), webhook deliveries and
    their lag, page render time, HTTP request durations (by route template and status), and the
    process's own `process_*` and `nodejs_*` metrics; and what is happening now: jobs not over
    by kind and status and jobs retrying a model call (read from Postgres at scrape time), the
    Temporal task queue backlog (where the server reports it), model requests in flight and
    model slots in use. Under `npm start` the API and the worker share one process and this one
    endpoint; a worker run apart serves its own on `SERVICE_WORKER_METRICS_PORT`. Every metric:
    docs/operations.md.
    Protected like `/v1` when `SERVICE_API_TOKENS` is set (any token, `client` ones included),
    unless `SERVICE_METRICS_PUBLIC=true`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | str
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
