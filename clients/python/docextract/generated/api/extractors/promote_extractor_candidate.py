from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.candidate_promote_input import CandidatePromoteInput
from ...models.candidate_response import CandidateResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    extractor_ref: str,
    candidate_id: str,
    *,
    body: CandidatePromoteInput | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/extractors/{extractor_ref}/candidates/{candidate_id}/promote".format(
            extractor_ref=quote(str(extractor_ref), safe=""),
            candidate_id=quote(str(candidate_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | CandidateResponse | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = CandidateResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ApiErrorResponse.from_dict(response.json())

        return response_400

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
) -> Response[ApiErrorResponse | CandidateResponse | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    extractor_ref: str,
    candidate_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CandidatePromoteInput | Unset = UNSET,
) -> Response[ApiErrorResponse | CandidateResponse | HTTPValidationError]:
    """Apply a candidate's changes as a new version of the extractor

     A `passed` candidate's changes become the extractor's next version (`promoted_version`). A
    `regressed` one is `409 regressions_found` (`detail` is `{message, regressions}`) unless
    `{force: true}`; a forced promotion is recorded (`promotion_forced: true`). `409
    candidate_not_finished` while it is `running` (or when it ended `failed` or `canceled`); `409
    extractor_changed` when the extractor's version moved since the candidate was made.

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.
        candidate_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (CandidatePromoteInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | CandidateResponse | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        extractor_ref=extractor_ref,
        candidate_id=candidate_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    extractor_ref: str,
    candidate_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CandidatePromoteInput | Unset = UNSET,
) -> ApiErrorResponse | CandidateResponse | HTTPValidationError | None:
    """Apply a candidate's changes as a new version of the extractor

     A `passed` candidate's changes become the extractor's next version (`promoted_version`). A
    `regressed` one is `409 regressions_found` (`detail` is `{message, regressions}`) unless
    `{force: true}`; a forced promotion is recorded (`promotion_forced: true`). `409
    candidate_not_finished` while it is `running` (or when it ended `failed` or `canceled`); `409
    extractor_changed` when the extractor's version moved since the candidate was made.

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.
        candidate_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (CandidatePromoteInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | CandidateResponse | HTTPValidationError
    """

    return sync_detailed(
        extractor_ref=extractor_ref,
        candidate_id=candidate_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    extractor_ref: str,
    candidate_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CandidatePromoteInput | Unset = UNSET,
) -> Response[ApiErrorResponse | CandidateResponse | HTTPValidationError]:
    """Apply a candidate's changes as a new version of the extractor

     A `passed` candidate's changes become the extractor's next version (`promoted_version`). A
    `regressed` one is `409 regressions_found` (`detail` is `{message, regressions}`) unless
    `{force: true}`; a forced promotion is recorded (`promotion_forced: true`). `409
    candidate_not_finished` while it is `running` (or when it ended `failed` or `canceled`); `409
    extractor_changed` when the extractor's version moved since the candidate was made.

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.
        candidate_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (CandidatePromoteInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | CandidateResponse | HTTPValidationError]
    """

    kwargs = _get_kwargs(
        extractor_ref=extractor_ref,
        candidate_id=candidate_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    extractor_ref: str,
    candidate_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CandidatePromoteInput | Unset = UNSET,
) -> ApiErrorResponse | CandidateResponse | HTTPValidationError | None:
    """Apply a candidate's changes as a new version of the extractor

     A `passed` candidate's changes become the extractor's next version (`promoted_version`). A
    `regressed` one is `409 regressions_found` (`detail` is `{message, regressions}`) unless
    `{force: true}`; a forced promotion is recorded (`promotion_forced: true`). `409
    candidate_not_finished` while it is `running` (or when it ended `failed` or `canceled`); `409
    extractor_changed` when the extractor's version moved since the candidate was made.

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.
        candidate_id (str): An identifier in a path. Any well-formed value that names nothing is a
            `404`.
        body (CandidatePromoteInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | CandidateResponse | HTTPValidationError
    """

    return (
        await asyncio_detailed(
            extractor_ref=extractor_ref,
            candidate_id=candidate_id,
            client=client,
            body=body,
        )
    ).parsed
