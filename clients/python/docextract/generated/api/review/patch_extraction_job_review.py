from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.extraction_job_response import ExtractionJobResponse
from ...models.http_validation_error import HTTPValidationError
from ...models.review_patch_request import ReviewPatchRequest
from ...types import Response


def _get_kwargs(
    job_id: str,
    *,
    body: ReviewPatchRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/extraction-jobs/{job_id}/review".format(
            job_id=quote(str(job_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | ExtractionJobResponse | None:
    if response.status_code == 200:
        response_200 = ExtractionJobResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | ExtractionJobResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ReviewPatchRequest,
) -> Response[ApiErrorResponse | HTTPValidationError | ExtractionJobResponse]:
    """Decide on values of a job in review

     Our addition (docs/confidence-and-review.md). Each field decision names a leaf of `result.data`
    by JSON Pointer: `accept` keeps the model's value, `correct` replaces it with `value`,
    `mark_absent` sets it to null. Decisions change `review.reviewed_data` only (`result.data`
    keeps the model's answer), raise `review.revision` by one and are appended to the review
    events. `revision` must be the job's current `review.revision` (409 `stale_revision`
    otherwise). A job that is not completed, has no review, or whose review is approved or
    rejected answers 409 `review_not_open`.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ReviewPatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractionJobResponse]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ReviewPatchRequest,
) -> ApiErrorResponse | HTTPValidationError | ExtractionJobResponse | None:
    """Decide on values of a job in review

     Our addition (docs/confidence-and-review.md). Each field decision names a leaf of `result.data`
    by JSON Pointer: `accept` keeps the model's value, `correct` replaces it with `value`,
    `mark_absent` sets it to null. Decisions change `review.reviewed_data` only (`result.data`
    keeps the model's answer), raise `review.revision` by one and are appended to the review
    events. `revision` must be the job's current `review.revision` (409 `stale_revision`
    otherwise). A job that is not completed, has no review, or whose review is approved or
    rejected answers 409 `review_not_open`.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ReviewPatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractionJobResponse
    """

    return sync_detailed(
        job_id=job_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ReviewPatchRequest,
) -> Response[ApiErrorResponse | HTTPValidationError | ExtractionJobResponse]:
    """Decide on values of a job in review

     Our addition (docs/confidence-and-review.md). Each field decision names a leaf of `result.data`
    by JSON Pointer: `accept` keeps the model's value, `correct` replaces it with `value`,
    `mark_absent` sets it to null. Decisions change `review.reviewed_data` only (`result.data`
    keeps the model's answer), raise `review.revision` by one and are appended to the review
    events. `revision` must be the job's current `review.revision` (409 `stale_revision`
    otherwise). A job that is not completed, has no review, or whose review is approved or
    rejected answers 409 `review_not_open`.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ReviewPatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractionJobResponse]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ReviewPatchRequest,
) -> ApiErrorResponse | HTTPValidationError | ExtractionJobResponse | None:
    """Decide on values of a job in review

     Our addition (docs/confidence-and-review.md). Each field decision names a leaf of `result.data`
    by JSON Pointer: `accept` keeps the model's value, `correct` replaces it with `value`,
    `mark_absent` sets it to null. Decisions change `review.reviewed_data` only (`result.data`
    keeps the model's answer), raise `review.revision` by one and are appended to the review
    events. `revision` must be the job's current `review.revision` (409 `stale_revision`
    otherwise). A job that is not completed, has no review, or whose review is approved or
    rejected answers 409 `review_not_open`.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ReviewPatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ExtractionJobResponse
    """

    return (
        await asyncio_detailed(
            job_id=job_id,
            client=client,
            body=body,
        )
    ).parsed
