from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.thresholds_proposal import ThresholdsProposal
from ...models.thresholds_request import ThresholdsRequest
from ...types import Response


def _get_kwargs(
    run_id: str,
    *,
    body: ThresholdsRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/evaluation-runs/{run_id}/thresholds".format(
            run_id=quote(str(run_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | ThresholdsProposal | None:
    if response.status_code == 200:
        response_200 = ThresholdsProposal.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ApiErrorResponse.from_dict(response.json())

        return response_409

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
) -> Response[ApiErrorResponse | HTTPValidationError | ThresholdsProposal]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    run_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ThresholdsRequest,
) -> Response[ApiErrorResponse | HTTPValidationError | ThresholdsProposal]:
    """Per-field review thresholds chosen from a completed run at a target precision

     Our addition (issue 40). For each field of the run (its path with `*` for array indices, as in
    the report), V is the non-null extracted values of that field that have a confidence, over
    the run's completed items, each right (tp) or wrong. `threshold` is the smallest confidence c
    among V such that the values of V with confidence ≥ c are right in a share ≥
    `target_precision`; `precision` is that share, `auto_accept_share` the share of V at or above
    c, `n` = |V|. When no c qualifies (or V is empty) `threshold` and `precision` are null and
    `auto_accept_share` is 0. `straight_through_rate` = the completed items whose every confident
    value is at or above its field's threshold (and that have no confident value of a field with
    a null threshold) ÷ `items_total` (all items of the run, failed ones included). Items count
    as completed when their job is (a job deleted since counts as failed).

    With `apply: true` the thresholds are written into the run's extractor as its
    `review_thresholds` (a field with a null threshold is written as null: each of its values
    with a confidence then needs a human), which makes a new version (`applied_version`); `409
    extractor_changed` when the extractor's version is no longer the one the run evaluated.
    A run that is not completed is `409 evaluation_run_not_completed`.

    Args:
        run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ThresholdsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | ThresholdsProposal]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    run_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ThresholdsRequest,
) -> ApiErrorResponse | HTTPValidationError | ThresholdsProposal | None:
    """Per-field review thresholds chosen from a completed run at a target precision

     Our addition (issue 40). For each field of the run (its path with `*` for array indices, as in
    the report), V is the non-null extracted values of that field that have a confidence, over
    the run's completed items, each right (tp) or wrong. `threshold` is the smallest confidence c
    among V such that the values of V with confidence ≥ c are right in a share ≥
    `target_precision`; `precision` is that share, `auto_accept_share` the share of V at or above
    c, `n` = |V|. When no c qualifies (or V is empty) `threshold` and `precision` are null and
    `auto_accept_share` is 0. `straight_through_rate` = the completed items whose every confident
    value is at or above its field's threshold (and that have no confident value of a field with
    a null threshold) ÷ `items_total` (all items of the run, failed ones included). Items count
    as completed when their job is (a job deleted since counts as failed).

    With `apply: true` the thresholds are written into the run's extractor as its
    `review_thresholds` (a field with a null threshold is written as null: each of its values
    with a confidence then needs a human), which makes a new version (`applied_version`); `409
    extractor_changed` when the extractor's version is no longer the one the run evaluated.
    A run that is not completed is `409 evaluation_run_not_completed`.

    Args:
        run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ThresholdsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | ThresholdsProposal
    """

    return sync_detailed(
        run_id=run_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    run_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ThresholdsRequest,
) -> Response[ApiErrorResponse | HTTPValidationError | ThresholdsProposal]:
    """Per-field review thresholds chosen from a completed run at a target precision

     Our addition (issue 40). For each field of the run (its path with `*` for array indices, as in
    the report), V is the non-null extracted values of that field that have a confidence, over
    the run's completed items, each right (tp) or wrong. `threshold` is the smallest confidence c
    among V such that the values of V with confidence ≥ c are right in a share ≥
    `target_precision`; `precision` is that share, `auto_accept_share` the share of V at or above
    c, `n` = |V|. When no c qualifies (or V is empty) `threshold` and `precision` are null and
    `auto_accept_share` is 0. `straight_through_rate` = the completed items whose every confident
    value is at or above its field's threshold (and that have no confident value of a field with
    a null threshold) ÷ `items_total` (all items of the run, failed ones included). Items count
    as completed when their job is (a job deleted since counts as failed).

    With `apply: true` the thresholds are written into the run's extractor as its
    `review_thresholds` (a field with a null threshold is written as null: each of its values
    with a confidence then needs a human), which makes a new version (`applied_version`); `409
    extractor_changed` when the extractor's version is no longer the one the run evaluated.
    A run that is not completed is `409 evaluation_run_not_completed`.

    Args:
        run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ThresholdsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | HTTPValidationError | ThresholdsProposal]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    run_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ThresholdsRequest,
) -> ApiErrorResponse | HTTPValidationError | ThresholdsProposal | None:
    """Per-field review thresholds chosen from a completed run at a target precision

     Our addition (issue 40). For each field of the run (its path with `*` for array indices, as in
    the report), V is the non-null extracted values of that field that have a confidence, over
    the run's completed items, each right (tp) or wrong. `threshold` is the smallest confidence c
    among V such that the values of V with confidence ≥ c are right in a share ≥
    `target_precision`; `precision` is that share, `auto_accept_share` the share of V at or above
    c, `n` = |V|. When no c qualifies (or V is empty) `threshold` and `precision` are null and
    `auto_accept_share` is 0. `straight_through_rate` = the completed items whose every confident
    value is at or above its field's threshold (and that have no confident value of a field with
    a null threshold) ÷ `items_total` (all items of the run, failed ones included). Items count
    as completed when their job is (a job deleted since counts as failed).

    With `apply: true` the thresholds are written into the run's extractor as its
    `review_thresholds` (a field with a null threshold is written as null: each of its values
    with a confidence then needs a human), which makes a new version (`applied_version`); `409
    extractor_changed` when the extractor's version is no longer the one the run evaluated.
    A run that is not completed is `409 evaluation_run_not_completed`.

    Args:
        run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ThresholdsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | HTTPValidationError | ThresholdsProposal
    """

    return (
        await asyncio_detailed(
            run_id=run_id,
            client=client,
            body=body,
        )
    ).parsed
