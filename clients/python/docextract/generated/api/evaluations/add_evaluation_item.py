from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.evaluation_item_from_job_input import EvaluationItemFromJobInput
from ...models.evaluation_item_input import EvaluationItemInput
from ...models.evaluation_item_response import EvaluationItemResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    set_ref: str,
    *,
    body: EvaluationItemFromJobInput | EvaluationItemInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/evaluation-sets/{set_ref}/items".format(
            set_ref=quote(str(set_ref), safe=""),
        ),
    }

    if isinstance(body, EvaluationItemInput):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | EvaluationItemResponse | HTTPValidationError | None:
    if response.status_code == 201:
        response_201 = EvaluationItemResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | EvaluationItemResponse | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    set_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: EvaluationItemFromJobInput | EvaluationItemInput,
) -> Response[ApiErrorResponse | EvaluationItemResponse | HTTPValidationError]:
    """Add a labelled document to an evaluation set

     Exactly one of `file_id` and `text`, with the right answer: `expected_output` (what an
    extractor should extract) or `expected_segments` (how a classifier should split the packet:
    segments covering its pages from 1, once each, in order; docs/packets.md); or
    `from_job_id` alone: the extraction job's input and its reviewed data (`review.reviewed_data`,
    else `result.data`). Only a completed job whose review is `approved` can be taken
    (`409 job_not_reviewed`): unreviewed model output is not a right answer. A missing file or
    job is a `404`.

    Args:
        set_ref (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (EvaluationItemFromJobInput | EvaluationItemInput): A labelled document
            (`EvaluationItemInput`), or a reviewed job taken as one (`EvaluationItemFromJobInput`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | EvaluationItemResponse | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        set_ref=set_ref,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    set_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: EvaluationItemFromJobInput | EvaluationItemInput,
) -> ApiErrorResponse | EvaluationItemResponse | HTTPValidationError | None:
    """Add a labelled document to an evaluation set

     Exactly one of `file_id` and `text`, with the right answer: `expected_output` (what an
    extractor should extract) or `expected_segments` (how a classifier should split the packet:
    segments covering its pages from 1, once each, in order; docs/packets.md); or
    `from_job_id` alone: the extraction job's input and its reviewed data (`review.reviewed_data`,
    else `result.data`). Only a completed job whose review is `approved` can be taken
    (`409 job_not_reviewed`): unreviewed model output is not a right answer. A missing file or
    job is a `404`.

    Args:
        set_ref (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (EvaluationItemFromJobInput | EvaluationItemInput): A labelled document
            (`EvaluationItemInput`), or a reviewed job taken as one (`EvaluationItemFromJobInput`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | EvaluationItemResponse | HTTPValidationError
    """

    return sync_detailed(
        set_ref=set_ref,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    set_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: EvaluationItemFromJobInput | EvaluationItemInput,
) -> Response[ApiErrorResponse | EvaluationItemResponse | HTTPValidationError]:
    """Add a labelled document to an evaluation set

     Exactly one of `file_id` and `text`, with the right answer: `expected_output` (what an
    extractor should extract) or `expected_segments` (how a classifier should split the packet:
    segments covering its pages from 1, once each, in order; docs/packets.md); or
    `from_job_id` alone: the extraction job's input and its reviewed data (`review.reviewed_data`,
    else `result.data`). Only a completed job whose review is `approved` can be taken
    (`409 job_not_reviewed`): unreviewed model output is not a right answer. A missing file or
    job is a `404`.

    Args:
        set_ref (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (EvaluationItemFromJobInput | EvaluationItemInput): A labelled document
            (`EvaluationItemInput`), or a reviewed job taken as one (`EvaluationItemFromJobInput`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | EvaluationItemResponse | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        set_ref=set_ref,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    set_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: EvaluationItemFromJobInput | EvaluationItemInput,
) -> ApiErrorResponse | EvaluationItemResponse | HTTPValidationError | None:
    """Add a labelled document to an evaluation set

     Exactly one of `file_id` and `text`, with the right answer: `expected_output` (what an
    extractor should extract) or `expected_segments` (how a classifier should split the packet:
    segments covering its pages from 1, once each, in order; docs/packets.md); or
    `from_job_id` alone: the extraction job's input and its reviewed data (`review.reviewed_data`,
    else `result.data`). Only a completed job whose review is `approved` can be taken
    (`409 job_not_reviewed`): unreviewed model output is not a right answer. A missing file or
    job is a `404`.

    Args:
        set_ref (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (EvaluationItemFromJobInput | EvaluationItemInput): A labelled document
            (`EvaluationItemInput`), or a reviewed job taken as one (`EvaluationItemFromJobInput`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | EvaluationItemResponse | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            set_ref=set_ref,
            client=client,
            body=body,
        )
    ).parsed
