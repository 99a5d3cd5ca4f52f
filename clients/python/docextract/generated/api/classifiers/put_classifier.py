from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error_response import ApiErrorResponse
from ...models.classifier_definition_input import ClassifierDefinitionInput
from ...models.classifier_response import ClassifierResponse
from ...models.http_validation_error import HTTPValidationError
from ...types import Response


def _get_kwargs(
    classifier_ref: str,
    *,
    body: ClassifierDefinitionInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/classifiers/{classifier_ref}".format(
            classifier_ref=quote(str(classifier_ref), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiErrorResponse | HTTPValidationError | ClassifierResponse | None:
    if response.status_code == 200:
        response_200 = ClassifierResponse.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = ClassifierResponse.from_dict(response.json())

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
) -> Response[ApiErrorResponse | HTTPValidationError | ClassifierResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    classifier_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClassifierDefinitionInput,
) -> Response[ApiErrorResponse | HTTPValidationError | ClassifierResponse]:
    """Create or replace a classifier by stable name

     Creates the classifier when the name is free (`201`, `version` 1), replaces its complete
    definition when it exists (`200`; `version` grows by one when anything changed). Classification
    jobs keep the classifier as it was when they were created. The class `other` always exists
    implicitly (what none of the classes describes) and is not listed. A class's `extractor_name`
    must name an existing extractor (`422 unknown_extractor`).

    Args:
        classifier_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting
            with a letter or digit, and not
            of the form of an identifier of the same kind.
        body (ClassifierDefinitionInput): The complete classifier definition (body of the create-
            or-replace operation).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassifierResponse]
    """

    kwargs = _get_kwargs(
        classifier_ref=classifier_ref,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    classifier_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClassifierDefinitionInput,
) -> ApiErrorResponse | HTTPValidationError | ClassifierResponse | None:
    """Create or replace a classifier by stable name

     Creates the classifier when the name is free (`201`, `version` 1), replaces its complete
    definition when it exists (`200`; `version` grows by one when anything changed). Classification
    jobs keep the classifier as it was when they were created. The class `other` always exists
    implicitly (what none of the classes describes) and is not listed. A class's `extractor_name`
    must name an existing extractor (`422 unknown_extractor`).

    Args:
        classifier_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting
            with a letter or digit, and not
            of the form of an identifier of the same kind.
        body (ClassifierDefinitionInput): The complete classifier definition (body of the create-
            or-replace operation).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassifierResponse
    """

    return sync_detailed(
        classifier_ref=classifier_ref,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    classifier_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClassifierDefinitionInput,
) -> Response[ApiErrorResponse | HTTPValidationError | ClassifierResponse]:
    """Create or replace a classifier by stable name

     Creates the classifier when the name is free (`201`, `version` 1), replaces its complete
    definition when it exists (`200`; `version` grows by one when anything changed). Classification
    jobs keep the classifier as it was when they were created. The class `other` always exists
    implicitly (what none of the classes describes) and is not listed. A class's `extractor_name`
    must name an existing extractor (`422 unknown_extractor`).

    Args:
        classifier_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting
            with a letter or digit, and not
            of the form of an identifier of the same kind.
        body (ClassifierDefinitionInput): The complete classifier definition (body of the create-
            or-replace operation).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassifierResponse]
    """

    kwargs = _get_kwargs(
        classifier_ref=classifier_ref,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    classifier_ref: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClassifierDefinitionInput,
) -> ApiErrorResponse | HTTPValidationError | ClassifierResponse | None:
    """Create or replace a classifier by stable name

     Creates the classifier when the name is free (`201`, `version` 1), replaces its complete
    definition when it exists (`200`; `version` grows by one when anything changed). Classification
    jobs keep the classifier as it was when they were created. The class `other` always exists
    implicitly (what none of the classes describes) and is not listed. A class's `extractor_name`
    must name an existing extractor (`422 unknown_extractor`).

    Args:
        classifier_ref (str): A stable, URL-safe name: 1-64 of `a-z`, `0-9`, `-`, `_`, starting
            with a letter or digit, and not
            of the form of an identifier of the same kind.
        body (ClassifierDefinitionInput): The complete classifier definition (body of the create-
            or-replace operation).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiErrorResponse | ApiErrorResponse | HTTPValidationError | ClassifierResponse
    """

    return (
        await asyncio_detailed(
            classifier_ref=classifier_ref,
            client=client,
            body=body,
        )
    ).parsed
