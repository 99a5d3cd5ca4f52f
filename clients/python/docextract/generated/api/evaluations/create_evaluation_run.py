from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.evaluation_run_create_input import EvaluationRunCreateInput
from ...models.evaluation_run_response import EvaluationRunResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    *,
    body: EvaluationRunCreateInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/evaluation-runs",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | EvaluationRunResponse | None:
    if response.status_code == 201:
        response_201 = EvaluationRunResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | EvaluationRunResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: EvaluationRunCreateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | EvaluationRunResponse]:
    """Run an extractor or a classifier over an evaluation set

     Captures the extractor's full definition (`extractor_snapshot`) and the set's items, then runs
    each item as an ordinary extraction job of that snapshot (the job's `evaluation_run_id` names
    the run), at most `SERVICE_EVALUATION_CONCURRENCY` at once, in one durable workflow. Once every
    item job has ended the run is scored (`report`). `evaluation_set` is the set's id or name,
    `extractor_name` the extractor's name (or id). A set without items is `409 evaluation_set_empty`.

    With `classifier_name` instead (issue 44, docs/packets.md), the classifier is captured
    (`classifier_snapshot`) and each item runs as a classification job in `split` mode; the report
    (`ClassifierEvaluationReport`) gives page accuracy, a confusion matrix of classes over pages and
    boundary precision/recall against the items' `expected_segments`. Every item must hold the
    right answer the run's kind scores (`422 evaluation_items_unsuitable` otherwise).

    Args:
        body (EvaluationRunCreateInput): Exactly one of `extractor_name` (an extractor run) and
            `classifier_name` (a classifier run, which takes no `options`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | EvaluationRunResponse]
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
    body: EvaluationRunCreateInput,
) -> ApiErrorResponse | HTTPValidationError | EvaluationRunResponse | None:
    """Run an extractor or a classifier over an evaluation set

     Captures the extractor's full definition (`extractor_snapshot`) and the set's items, then runs
    each item as an ordinary extraction job of that snapshot (the job's `evaluation_run_id` names
    the run), at most `SERVICE_EVALUATION_CONCURRENCY` at once, in one durable workflow. Once every
    item job has ended the run is scored (`report`). `evaluation_set` is the set's id or name,
    `extractor_name` the extractor's name (or id). A set without items is `409 evaluation_set_empty`.

    With `classifier_name` instead (issue 44, docs/packets.md), the classifier is captured
    (`classifier_snapshot`) and each item runs as a classification job in `split` mode; the report
    (`ClassifierEvaluationReport`) gives page accuracy, a confusion matrix of classes over pages and
    boundary precision/recall against the items' `expected_segments`. Every item must hold the
    right answer the run's kind scores (`422 evaluation_items_unsuitable` otherwise).

    Args:
        body (EvaluationRunCreateInput): Exactly one of `extractor_name` (an extractor run) and
            `classifier_name` (a classifier run, which takes no `options`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | EvaluationRunResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: EvaluationRunCreateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | EvaluationRunResponse]:
    """Run an extractor or a classifier over an evaluation set

     Captures the extractor's full definition (`extractor_snapshot`) and the set's items, then runs
    each item as an ordinary extraction job of that snapshot (the job's `evaluation_run_id` names
    the run), at most `SERVICE_EVALUATION_CONCURRENCY` at once, in one durable workflow. Once every
    item job has ended the run is scored (`report`). `evaluation_set` is the set's id or name,
    `extractor_name` the extractor's name (or id). A set without items is `409 evaluation_set_empty`.

    With `classifier_name` instead (issue 44, docs/packets.md), the classifier is captured
    (`classifier_snapshot`) and each item runs as a classification job in `split` mode; the report
    (`ClassifierEvaluationReport`) gives page accuracy, a confusion matrix of classes over pages and
    boundary precision/recall against the items' `expected_segments`. Every item must hold the
    right answer the run's kind scores (`422 evaluation_items_unsuitable` otherwise).

    Args:
        body (EvaluationRunCreateInput): Exactly one of `extractor_name` (an extractor run) and
            `classifier_name` (a classifier run, which takes no `options`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | EvaluationRunResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: EvaluationRunCreateInput,
) -> ApiErrorResponse | HTTPValidationError | EvaluationRunResponse | None:
    """Run an extractor or a classifier over an evaluation set

     Captures the extractor's full definition (`extractor_snapshot`) and the set's items, then runs
    each item as an ordinary extraction job of that snapshot (the job's `evaluation_run_id` names
    the run), at most `SERVICE_EVALUATION_CONCURRENCY` at once, in one durable workflow. Once every
    item job has ended the run is scored (`report`). `evaluation_set` is the set's id or name,
    `extractor_name` the extractor's name (or id). A set without items is `409 evaluation_set_empty`.

    With `classifier_name` instead (issue 44, docs/packets.md), the classifier is captured
    (`classifier_snapshot`) and each item runs as a classification job in `split` mode; the report
    (`ClassifierEvaluationReport`) gives page accuracy, a confusion matrix of classes over pages and
    boundary precision/recall against the items' `expected_segments`. Every item must hold the
    right answer the run's kind scores (`422 evaluation_items_unsuitable` otherwise).

    Args:
        body (EvaluationRunCreateInput): Exactly one of `extractor_name` (an extractor run) and
            `classifier_name` (a classifier run, which takes no `options`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | EvaluationRunResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
