from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.classification_job_response import ClassificationJobResponse
from ...models.create_classification_job_request_type_1 import (
    CreateClassificationJobRequestType1,
)
from ...models.http_validation_error import HTTPValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: Any | CreateClassificationJobRequestType1,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/classification-jobs",
    }

    if isinstance(body, CreateClassificationJobRequestType1):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | ClassificationJobResponse | None:
    if response.status_code == 201:
        response_201 = ClassificationJobResponse.from_dict(response.json())

        return response_201

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
) -> Response[ApiErrorResponse | HTTPValidationError | ClassificationJobResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any | CreateClassificationJobRequestType1,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | ClassificationJobResponse]:
    """Create a classification job

     Classifies every page of a file (or of inline `text`, pages separated by form feeds) with the
    classifier `classifier_name`, one model request per page (docs/packets.md). `mode: document`
    gives the class of the whole document; `mode: split` cuts a packet into segments (documents).
    With `route: true` (split only) each segment whose class names an extractor becomes an
    extraction job over the segment's pages, once any review is approved. `pages` limits the job
    to a page range of the file (`422 invalid_page_range`). The classifier is captured when the
    job is created.

    Args:
        idempotency_key (str | Unset):
        body (Any | CreateClassificationJobRequestType1): Exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassificationJobResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: Any | CreateClassificationJobRequestType1,
    idempotency_key: str | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | ClassificationJobResponse | None:
    """Create a classification job

     Classifies every page of a file (or of inline `text`, pages separated by form feeds) with the
    classifier `classifier_name`, one model request per page (docs/packets.md). `mode: document`
    gives the class of the whole document; `mode: split` cuts a packet into segments (documents).
    With `route: true` (split only) each segment whose class names an extractor becomes an
    extraction job over the segment's pages, once any review is approved. `pages` limits the job
    to a page range of the file (`422 invalid_page_range`). The classifier is captured when the
    job is created.

    Args:
        idempotency_key (str | Unset):
        body (Any | CreateClassificationJobRequestType1): Exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassificationJobResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any | CreateClassificationJobRequestType1,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | ClassificationJobResponse]:
    """Create a classification job

     Classifies every page of a file (or of inline `text`, pages separated by form feeds) with the
    classifier `classifier_name`, one model request per page (docs/packets.md). `mode: document`
    gives the class of the whole document; `mode: split` cuts a packet into segments (documents).
    With `route: true` (split only) each segment whose class names an extractor becomes an
    extraction job over the segment's pages, once any review is approved. `pages` limits the job
    to a page range of the file (`422 invalid_page_range`). The classifier is captured when the
    job is created.

    Args:
        idempotency_key (str | Unset):
        body (Any | CreateClassificationJobRequestType1): Exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassificationJobResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Any | CreateClassificationJobRequestType1,
    idempotency_key: str | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | ClassificationJobResponse | None:
    """Create a classification job

     Classifies every page of a file (or of inline `text`, pages separated by form feeds) with the
    classifier `classifier_name`, one model request per page (docs/packets.md). `mode: document`
    gives the class of the whole document; `mode: split` cuts a packet into segments (documents).
    With `route: true` (split only) each segment whose class names an extractor becomes an
    extraction job over the segment's pages, once any review is approved. `pages` limits the job
    to a page range of the file (`422 invalid_page_range`). The classifier is captured when the
    job is created.

    Args:
        idempotency_key (str | Unset):
        body (Any | CreateClassificationJobRequestType1): Exactly one of `file_id` / `text`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassificationJobResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
