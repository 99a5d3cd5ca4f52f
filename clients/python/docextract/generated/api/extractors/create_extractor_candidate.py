from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.candidate_create_input import CandidateCreateInput
from ...models.candidate_response import CandidateResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    extractor_ref: str,
    *,
    body: CandidateCreateInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/extractors/{extractor_ref}/candidates".format(
            extractor_ref=quote(str(extractor_ref), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | CandidateResponse | None:
    if response.status_code == 201:
        response_201 = CandidateResponse.from_dict(response.json())

        return response_201

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
) -> Response[ApiErrorResponse | HTTPValidationError | CandidateResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: CandidateCreateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | CandidateResponse]:
    """Gate a change of an extractor on its evaluation set (a candidate)

     Our addition (issue 40, the release gate). `changes` holds the fields of a partial update,
    validated as `PATCH /v1/extractors/{extractor_ref}` validates them (422 for their shape, 400
    `invalid_schema`/`invalid_example`/`model_required` for the merged definition, 422
    `invalid_rules` when its rules do not fit its schema). The changed
    definition (with `version` one more than now) is run on the extractor's `evaluation_set` and
    compared with a completed run of the current version on the same set; when there is none, one
    is run too. Both runs are ordinary evaluation runs, run by one durable workflow that survives a
    worker restart; the candidate ends `passed` (no value got worse), `regressed`, `failed` (with
    `error.code`) or `canceled`. An extractor without `evaluation_set` is `409
    evaluation_set_missing`; a set with no items is `409 evaluation_set_empty`.

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.
        body (CandidateCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | CandidateResponse]
    """

    kwargs = _get_kwargs(
        extractor_ref=extractor_ref,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: CandidateCreateInput,
) -> ApiErrorResponse | HTTPValidationError | CandidateResponse | None:
    """Gate a change of an extractor on its evaluation set (a candidate)

     Our addition (issue 40, the release gate). `changes` holds the fields of a partial update,
    validated as `PATCH /v1/extractors/{extractor_ref}` validates them (422 for their shape, 400
    `invalid_schema`/`invalid_example`/`model_required` for the merged definition, 422
    `invalid_rules` when its rules do not fit its schema). The changed
    definition (with `version` one more than now) is run on the extractor's `evaluation_set` and
    compared with a completed run of the current version on the same set; when there is none, one
    is run too. Both runs are ordinary evaluation runs, run by one durable workflow that survives a
    worker restart; the candidate ends `passed` (no value got worse), `regressed`, `failed` (with
    `error.code`) or `canceled`. An extractor without `evaluation_set` is `409
    evaluation_set_missing`; a set with no items is `409 evaluation_set_empty`.

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.
        body (CandidateCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | CandidateResponse
    """

    return sync_detailed(
        extractor_ref=extractor_ref,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: CandidateCreateInput,
) -> Response[ApiErrorResponse | HTTPValidationError | CandidateResponse]:
    """Gate a change of an extractor on its evaluation set (a candidate)

     Our addition (issue 40, the release gate). `changes` holds the fields of a partial update,
    validated as `PATCH /v1/extractors/{extractor_ref}` validates them (422 for their shape, 400
    `invalid_schema`/`invalid_example`/`model_required` for the merged definition, 422
    `invalid_rules` when its rules do not fit its schema). The changed
    definition (with `version` one more than now) is run on the extractor's `evaluation_set` and
    compared with a completed run of the current version on the same set; when there is none, one
    is run too. Both runs are ordinary evaluation runs, run by one durable workflow that survives a
    worker restart; the candidate ends `passed` (no value got worse), `regressed`, `failed` (with
    `error.code`) or `canceled`. An extractor without `evaluation_set` is `409
    evaluation_set_missing`; a set with no items is `409 evaluation_set_empty`.

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.
        body (CandidateCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | CandidateResponse]
    """

    kwargs = _get_kwargs(
        extractor_ref=extractor_ref,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    extractor_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: CandidateCreateInput,
) -> ApiErrorResponse | HTTPValidationError | CandidateResponse | None:
    """Gate a change of an extractor on its evaluation set (a candidate)

     Our addition (issue 40, the release gate). `changes` holds the fields of a partial update,
    validated as `PATCH /v1/extractors/{extractor_ref}` validates them (422 for their shape, 400
    `invalid_schema`/`invalid_example`/`model_required` for the merged definition, 422
    `invalid_rules` when its rules do not fit its schema). The changed
    definition (with `version` one more than now) is run on the extractor's `evaluation_set` and
    compared with a completed run of the current version on the same set; when there is none, one
    is run too. Both runs are ordinary evaluation runs, run by one durable workflow that survives a
    worker restart; the candidate ends `passed` (no value got worse), `regressed`, `failed` (with
    `error.code`) or `canceled`. An extractor without `evaluation_set` is `409
    evaluation_set_missing`; a set with no items is `409 evaluation_set_empty`.

    Args:
        extractor_ref (str): An extractor or parser id, or a stable name.
        body (CandidateCreateInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | CandidateResponse
    """

    return (
        await asyncio_detailed(
            extractor_ref=extractor_ref,
            client=client,
            body=body,
        )
    ).parsed
