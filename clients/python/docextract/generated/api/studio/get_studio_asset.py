from __future__ import annotations

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.get_studio_asset_asset import GetStudioAssetAsset
from ...types import Response


def _get_kwargs(
    asset: GetStudioAssetAsset,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/studio/assets/{asset}".format(
            asset=quote(str(asset), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiErrorResponse | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 404:
        response_404 = ApiErrorResponse.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = ApiErrorResponse.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ApiErrorResponse | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    asset: GetStudioAssetAsset,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | ApiErrorResponse | str]:
    """A static asset of the studio page

    Args:
        asset (GetStudioAssetAsset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | str]
    """

    kwargs = _get_kwargs(
        asset=asset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    asset: GetStudioAssetAsset,
    *,
    client: AuthenticatedClient | Client,
) -> Any | ApiErrorResponse | str | None:
    """A static asset of the studio page

    Args:
        asset (GetStudioAssetAsset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | str
    """

    return sync_detailed(
        asset=asset,
        client=client,
    ).parsed


async def asyncio_detailed(
    asset: GetStudioAssetAsset,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | ApiErrorResponse | str]:
    """A static asset of the studio page

    Args:
        asset (GetStudioAssetAsset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiErrorResponse | str]
    """

    kwargs = _get_kwargs(
        asset=asset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    asset: GetStudioAssetAsset,
    *,
    client: AuthenticatedClient | Client,
) -> Any | ApiErrorResponse | str | None:
    """A static asset of the studio page

    Args:
        asset (GetStudioAssetAsset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiErrorResponse | str
    """

    return (
        await asyncio_detailed(
            asset=asset,
            client=client,
        )
    ).parsed
