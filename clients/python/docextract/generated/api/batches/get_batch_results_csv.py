from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.get_batch_results_csv_confidence import GetBatchResultsCsvConfidence
from ...models.get_batch_results_csv_status import GetBatchResultsCsvStatus
from ...models.http_validation_error import HTTPValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    batch_id: str,
    *,
    status: GetBatchResultsCsvStatus | Unset = UNSET,
    confidence: GetBatchResultsCsvConfidence | Unset = GetBatchResultsCsvConfidence.FALSE,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_confidence: str | Unset = UNSET
    if not isinstance(confidence, Unset):
        json_confidence = confidence.value

    params["confidence"] = json_confidence

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/batches/{batch_id}/results.csv".format(
            batch_id=quote(str(batch_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | str | None:
    if response.status_code == 200:
        response_200 = response.text
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
) -> Response[ApiErrorResponse | HTTPValidationError | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
    status: GetBatchResultsCsvStatus | Unset = UNSET,
    confidence: GetBatchResultsCsvConfidence | Unset = GetBatchResultsCsvConfidence.FALSE,
) -> Response[ApiErrorResponse | HTTPValidationError | str]:
    """The results of an extraction batch as CSV

     RFC 4180 CSV (CRLF line ends). Columns: `custom_id`, `status`, `error_code`, `job_id`,
    `review_status` (empty without a review), `flagged_paths` (the pointers of the job's flags,
    space-separated), `failed_rules` (the ids of the job's failed rules, `;`-separated,
    docs/rules.md), then one per leaf of the extractor's schema (as the batch's snapshot has
    it, in the property order the schema was written in), named by its JSON Pointer with `*` for
    the items of an array (`/vendor/name`, `/line_items/*/amount`); with `?confidence=true` each
    value column is followed by `<column>__confidence` (the value's confidence; for a cell of JSON
    the lowest under it; empty when unknown). An item whose result holds an array of objects (not
    inside another array) takes one row per array element, its other columns repeated; arrays of
    scalars and deeper arrays are one cell of JSON. The values are those of each job's
    `result.data`, or of `review.reviewed_data` when its review is approved (docs/batches.md). A
    parse batch has no CSV (`404`).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        status (GetBatchResultsCsvStatus | Unset):
        confidence (GetBatchResultsCsvConfidence | Unset):  Default:
            GetBatchResultsCsvConfidence.FALSE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | str]
    """

    kwargs = _get_kwargs(
        batch_id=batch_id,
        status=status,
        confidence=confidence,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
    status: GetBatchResultsCsvStatus | Unset = UNSET,
    confidence: GetBatchResultsCsvConfidence | Unset = GetBatchResultsCsvConfidence.FALSE,
) -> ApiErrorResponse | HTTPValidationError | str | None:
    """The results of an extraction batch as CSV

     RFC 4180 CSV (CRLF line ends). Columns: `custom_id`, `status`, `error_code`, `job_id`,
    `review_status` (empty without a review), `flagged_paths` (the pointers of the job's flags,
    space-separated), `failed_rules` (the ids of the job's failed rules, `;`-separated,
    docs/rules.md), then one per leaf of the extractor's schema (as the batch's snapshot has
    it, in the property order the schema was written in), named by its JSON Pointer with `*` for
    the items of an array (`/vendor/name`, `/line_items/*/amount`); with `?confidence=true` each
    value column is followed by `<column>__confidence` (the value's confidence; for a cell of JSON
    the lowest under it; empty when unknown). An item whose result holds an array of objects (not
    inside another array) takes one row per array element, its other columns repeated; arrays of
    scalars and deeper arrays are one cell of JSON. The values are those of each job's
    `result.data`, or of `review.reviewed_data` when its review is approved (docs/batches.md). A
    parse batch has no CSV (`404`).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        status (GetBatchResultsCsvStatus | Unset):
        confidence (GetBatchResultsCsvConfidence | Unset):  Default:
            GetBatchResultsCsvConfidence.FALSE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | str
    """

    return sync_detailed(
        batch_id=batch_id,
        client=client,
        status=status,
        confidence=confidence,
    ).parsed


async def asyncio_detailed(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
    status: GetBatchResultsCsvStatus | Unset = UNSET,
    confidence: GetBatchResultsCsvConfidence | Unset = GetBatchResultsCsvConfidence.FALSE,
) -> Response[ApiErrorResponse | HTTPValidationError | str]:
    """The results of an extraction batch as CSV

     RFC 4180 CSV (CRLF line ends). Columns: `custom_id`, `status`, `error_code`, `job_id`,
    `review_status` (empty without a review), `flagged_paths` (the pointers of the job's flags,
    space-separated), `failed_rules` (the ids of the job's failed rules, `;`-separated,
    docs/rules.md), then one per leaf of the extractor's schema (as the batch's snapshot has
    it, in the property order the schema was written in), named by its JSON Pointer with `*` for
    the items of an array (`/vendor/name`, `/line_items/*/amount`); with `?confidence=true` each
    value column is followed by `<column>__confidence` (the value's confidence; for a cell of JSON
    the lowest under it; empty when unknown). An item whose result holds an array of objects (not
    inside another array) takes one row per array element, its other columns repeated; arrays of
    scalars and deeper arrays are one cell of JSON. The values are those of each job's
    `result.data`, or of `review.reviewed_data` when its review is approved (docs/batches.md). A
    parse batch has no CSV (`404`).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        status (GetBatchResultsCsvStatus | Unset):
        confidence (GetBatchResultsCsvConfidence | Unset):  Default:
            GetBatchResultsCsvConfidence.FALSE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | str]
    """

    kwargs = _get_kwargs(
        batch_id=batch_id,
        status=status,
        confidence=confidence,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    batch_id: str,
    *,
    client: AuthenticatedClient | Client,
    status: GetBatchResultsCsvStatus | Unset = UNSET,
    confidence: GetBatchResultsCsvConfidence | Unset = GetBatchResultsCsvConfidence.FALSE,
) -> ApiErrorResponse | HTTPValidationError | str | None:
    """The results of an extraction batch as CSV

     RFC 4180 CSV (CRLF line ends). Columns: `custom_id`, `status`, `error_code`, `job_id`,
    `review_status` (empty without a review), `flagged_paths` (the pointers of the job's flags,
    space-separated), `failed_rules` (the ids of the job's failed rules, `;`-separated,
    docs/rules.md), then one per leaf of the extractor's schema (as the batch's snapshot has
    it, in the property order the schema was written in), named by its JSON Pointer with `*` for
    the items of an array (`/vendor/name`, `/line_items/*/amount`); with `?confidence=true` each
    value column is followed by `<column>__confidence` (the value's confidence; for a cell of JSON
    the lowest under it; empty when unknown). An item whose result holds an array of objects (not
    inside another array) takes one row per array element, its other columns repeated; arrays of
    scalars and deeper arrays are one cell of JSON. The values are those of each job's
    `result.data`, or of `review.reviewed_data` when its review is approved (docs/batches.md). A
    parse batch has no CSV (`404`).

    Args:
        batch_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        status (GetBatchResultsCsvStatus | Unset):
        confidence (GetBatchResultsCsvConfidence | Unset):  Default:
            GetBatchResultsCsvConfidence.FALSE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | str
    """

    return (
        await asyncio_detailed(
            batch_id=batch_id,
            client=client,
            status=status,
            confidence=confidence,
        )
    ).parsed
