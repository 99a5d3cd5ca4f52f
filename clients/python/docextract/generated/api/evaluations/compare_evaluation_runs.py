from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.evaluation_comparison import EvaluationComparison
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    run_id: str,
    other_run_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/evaluation-runs/{run_id}/compare/{other_run_id}".format(
            run_id=quote(str(run_id), safe=""),
            other_run_id=quote(str(other_run_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | EvaluationComparison | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = EvaluationComparison.from_dict(response.json())

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
) -> Response[ApiErrorResponse | EvaluationComparison | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    run_id: str,
    other_run_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | EvaluationComparison | HTTPValidationError]:
    """Compare a run with a baseline run of the same set

     `run_id` is the new run, `other_run_id` the baseline; both completed runs of the same set
    (`409 evaluation_sets_differ`, `409 evaluation_run_not_completed`). Per field the change of F1
    and accuracy (new − baseline); every value right in the baseline and wrong in the new run
    (`regressions`) and the reverse (`fixes`).

    Args:
        run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        other_run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | EvaluationComparison | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        other_run_id=other_run_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    run_id: str,
    other_run_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | EvaluationComparison | HTTPValidationError | None:
    """Compare a run with a baseline run of the same set

     `run_id` is the new run, `other_run_id` the baseline; both completed runs of the same set
    (`409 evaluation_sets_differ`, `409 evaluation_run_not_completed`). Per field the change of F1
    and accuracy (new − baseline); every value right in the baseline and wrong in the new run
    (`regressions`) and the reverse (`fixes`).

    Args:
        run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        other_run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | EvaluationComparison | HTTPValidationError
    """

    return sync_detailed(
        run_id=run_id,
        other_run_id=other_run_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    run_id: str,
    other_run_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ApiErrorResponse | EvaluationComparison | HTTPValidationError]:
    """Compare a run with a baseline run of the same set

     `run_id` is the new run, `other_run_id` the baseline; both completed runs of the same set
    (`409 evaluation_sets_differ`, `409 evaluation_run_not_completed`). Per field the change of F1
    and accuracy (new − baseline); every value right in the baseline and wrong in the new run
    (`regressions`) and the reverse (`fixes`).

    Args:
        run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        other_run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | EvaluationComparison | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        other_run_id=other_run_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    run_id: str,
    other_run_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> ApiErrorResponse | EvaluationComparison | HTTPValidationError | None:
    """Compare a run with a baseline run of the same set

     `run_id` is the new run, `other_run_id` the baseline; both completed runs of the same set
    (`409 evaluation_sets_differ`, `409 evaluation_run_not_completed`). Per field the change of F1
    and accuracy (new − baseline); every value right in the baseline and wrong in the new run
    (`regressions`) and the reverse (`fixes`).

    Args:
        run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        other_run_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | EvaluationComparison | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            run_id=run_id,
            other_run_id=other_run_id,
            client=client,
        )
    ).parsed
