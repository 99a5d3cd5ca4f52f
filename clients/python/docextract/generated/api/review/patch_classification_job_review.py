from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.classification_job_response import ClassificationJobResponse
from ...models.classification_review_patch_request import (
    ClassificationReviewPatchRequest,
)
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    job_id: str,
    *,
    body: ClassificationReviewPatchRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/classification-jobs/{job_id}/review".format(
            job_id=quote(str(job_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | ClassificationJobResponse | None:
    if response.status_code == 200:
        response_200 = ClassificationJobResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | ClassificationJobResponse]:
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
    body: ClassificationReviewPatchRequest,
) -> Response[ApiErrorResponse | HTTPValidationError | ClassificationJobResponse]:
    """Correct the split of a classification job in review

     The corrected split replaces `review.reviewed_segments` (`result` keeps the model's answer) and
    raises `review.revision`. It must cover every page of the job once, in order, with classes of
    the classifier (`422 invalid_segments` otherwise). 409 as for extraction reviews.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ClassificationReviewPatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassificationJobResponse]
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
    body: ClassificationReviewPatchRequest,
) -> ApiErrorResponse | HTTPValidationError | ClassificationJobResponse | None:
    """Correct the split of a classification job in review

     The corrected split replaces `review.reviewed_segments` (`result` keeps the model's answer) and
    raises `review.revision`. It must cover every page of the job once, in order, with classes of
    the classifier (`422 invalid_segments` otherwise). 409 as for extraction reviews.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ClassificationReviewPatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassificationJobResponse
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
    body: ClassificationReviewPatchRequest,
) -> Response[ApiErrorResponse | HTTPValidationError | ClassificationJobResponse]:
    """Correct the split of a classification job in review

     The corrected split replaces `review.reviewed_segments` (`result` keeps the model's answer) and
    raises `review.revision`. It must cover every page of the job once, in order, with classes of
    the classifier (`422 invalid_segments` otherwise). 409 as for extraction reviews.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ClassificationReviewPatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassificationJobResponse]
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
    body: ClassificationReviewPatchRequest,
) -> ApiErrorResponse | HTTPValidationError | ClassificationJobResponse | None:
    """Correct the split of a classification job in review

     The corrected split replaces `review.reviewed_segments` (`result` keeps the model's answer) and
    raises `review.revision`. It must cover every page of the job once, in order, with classes of
    the classifier (`422 invalid_segments` otherwise). 409 as for extraction reviews.

    Args:
        job_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (ClassificationReviewPatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassificationJobResponse
    """

    return (
        await asyncio_detailed(
            job_id=job_id,
            client=client,
            body=body,
        )
    ).parsed
