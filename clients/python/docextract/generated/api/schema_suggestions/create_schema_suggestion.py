from __future__ import annotations

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.create_schema_suggestion_request_type_0 import (
    CreateSchemaSuggestionRequestType0,
)
from ...models.create_schema_suggestion_request_type_1 import (
    CreateSchemaSuggestionRequestType1,
)
from ...models.http_validation_error import HTTPValidationError
from ...models.schema_suggestion_response import SchemaSuggestionResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: Any | CreateSchemaSuggestionRequestType0 | CreateSchemaSuggestionRequestType1,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/schema-suggestions",
    }

    if isinstance(body, CreateSchemaSuggestionRequestType0) or isinstance(body, CreateSchemaSuggestionRequestType1):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse | None:
    if response.status_code == 201:
        response_201 = SchemaSuggestionResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any | CreateSchemaSuggestionRequestType0 | CreateSchemaSuggestionRequestType1,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse]:
    """Suggest an extractor schema from sample documents

     Starts a schema suggestion, a job like the others (`sug_` + ULID; statuses, long-poll with
    `wait`, cancel, delete, `Idempotency-Key`). The model sees the first pages of each sample file
    (page images and their text layers, as an extraction request sends them), or the inline `texts`,
    and the `instructions`, and proposes a JSON Schema with notes on its fields and, optionally,
    rules. The service checks the schema against the extraction schema dialect; when it is not in
    the dialect the model is asked once more with the validator's diagnostics, and a schema still
    invalid ends the job `failed` with `error.code: suggestion_invalid` and the diagnostics in
    `error.diagnostics`. A completed job's `result.schema` is in canonical form with every field
    required or nullable: `PUT /v1/extractors/{name}` accepts it as it is. Give exactly one of
    `file_ids` (1–10 uploaded files; an unknown file is `404`) or `texts` (1–10 texts).
    `provider_name` defaults to `compatible_api`, `model` to `SERVICE_LOCAL_MODEL` there (a hosted
    provider needs `model`: `400 model_required`).

    Args:
        idempotency_key (str | Unset):
        body (Any | CreateSchemaSuggestionRequestType0 | CreateSchemaSuggestionRequestType1):
            Exactly one of `file_ids` / `texts`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse]
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
    body: Any | CreateSchemaSuggestionRequestType0 | CreateSchemaSuggestionRequestType1,
    idempotency_key: str | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse | None:
    """Suggest an extractor schema from sample documents

     Starts a schema suggestion, a job like the others (`sug_` + ULID; statuses, long-poll with
    `wait`, cancel, delete, `Idempotency-Key`). The model sees the first pages of each sample file
    (page images and their text layers, as an extraction request sends them), or the inline `texts`,
    and the `instructions`, and proposes a JSON Schema with notes on its fields and, optionally,
    rules. The service checks the schema against the extraction schema dialect; when it is not in
    the dialect the model is asked once more with the validator's diagnostics, and a schema still
    invalid ends the job `failed` with `error.code: suggestion_invalid` and the diagnostics in
    `error.diagnostics`. A completed job's `result.schema` is in canonical form with every field
    required or nullable: `PUT /v1/extractors/{name}` accepts it as it is. Give exactly one of
    `file_ids` (1–10 uploaded files; an unknown file is `404`) or `texts` (1–10 texts).
    `provider_name` defaults to `compatible_api`, `model` to `SERVICE_LOCAL_MODEL` there (a hosted
    provider needs `model`: `400 model_required`).

    Args:
        idempotency_key (str | Unset):
        body (Any | CreateSchemaSuggestionRequestType0 | CreateSchemaSuggestionRequestType1):
            Exactly one of `file_ids` / `texts`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any | CreateSchemaSuggestionRequestType0 | CreateSchemaSuggestionRequestType1,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse]:
    """Suggest an extractor schema from sample documents

     Starts a schema suggestion, a job like the others (`sug_` + ULID; statuses, long-poll with
    `wait`, cancel, delete, `Idempotency-Key`). The model sees the first pages of each sample file
    (page images and their text layers, as an extraction request sends them), or the inline `texts`,
    and the `instructions`, and proposes a JSON Schema with notes on its fields and, optionally,
    rules. The service checks the schema against the extraction schema dialect; when it is not in
    the dialect the model is asked once more with the validator's diagnostics, and a schema still
    invalid ends the job `failed` with `error.code: suggestion_invalid` and the diagnostics in
    `error.diagnostics`. A completed job's `result.schema` is in canonical form with every field
    required or nullable: `PUT /v1/extractors/{name}` accepts it as it is. Give exactly one of
    `file_ids` (1–10 uploaded files; an unknown file is `404`) or `texts` (1–10 texts).
    `provider_name` defaults to `compatible_api`, `model` to `SERVICE_LOCAL_MODEL` there (a hosted
    provider needs `model`: `400 model_required`).

    Args:
        idempotency_key (str | Unset):
        body (Any | CreateSchemaSuggestionRequestType0 | CreateSchemaSuggestionRequestType1):
            Exactly one of `file_ids` / `texts`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse]
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
    body: Any | CreateSchemaSuggestionRequestType0 | CreateSchemaSuggestionRequestType1,
    idempotency_key: str | Unset = UNSET,
) -> ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse | None:
    """Suggest an extractor schema from sample documents

     Starts a schema suggestion, a job like the others (`sug_` + ULID; statuses, long-poll with
    `wait`, cancel, delete, `Idempotency-Key`). The model sees the first pages of each sample file
    (page images and their text layers, as an extraction request sends them), or the inline `texts`,
    and the `instructions`, and proposes a JSON Schema with notes on its fields and, optionally,
    rules. The service checks the schema against the extraction schema dialect; when it is not in
    the dialect the model is asked once more with the validator's diagnostics, and a schema still
    invalid ends the job `failed` with `error.code: suggestion_invalid` and the diagnostics in
    `error.diagnostics`. A completed job's `result.schema` is in canonical form with every field
    required or nullable: `PUT /v1/extractors/{name}` accepts it as it is. Give exactly one of
    `file_ids` (1–10 uploaded files; an unknown file is `404`) or `texts` (1–10 texts).
    `provider_name` defaults to `compatible_api`, `model` to `SERVICE_LOCAL_MODEL` there (a hosted
    provider needs `model`: `400 model_required`).

    Args:
        idempotency_key (str | Unset):
        body (Any | CreateSchemaSuggestionRequestType0 | CreateSchemaSuggestionRequestType1):
            Exactly one of `file_ids` / `texts`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | SchemaSuggestionResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
