from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.error_code import ErrorCode

if TYPE_CHECKING:
    from ..models.api_error_response_detail_type_1_item import (
        ApiErrorResponseDetailType1Item,
    )
    from ..models.api_error_response_detail_type_2 import ApiErrorResponseDetailType2


T = TypeVar("T", bound="ApiErrorResponse")


@_attrs_define
class ApiErrorResponse:
    """Every error except request-shape errors (`HTTPValidationError`). `detail` is a human-readable
    string, except for `invalid_schema`, whose `detail` is `{message, errors, warnings}`, `invalid_rules`, whose
    `detail` is `{message, errors}`, and `regressions_found`, whose `detail` is `{message, regressions}`. The
    contract allows `code` to be absent or null; this service always sends one of `ErrorCode`.
    Each error response lists the codes it can carry in `x-error-codes` (and in its description).

        Attributes:
            detail (ApiErrorResponseDetailType2 | list[ApiErrorResponseDetailType1Item] | str):
            code (ErrorCode | str): One of `ErrorCode` (the codes of each response are listed in its `x-error-codes`); any
                other
                snake_case string is allowed here so that clients keep working when a later version adds a code.
    """

    detail: ApiErrorResponseDetailType2 | list[ApiErrorResponseDetailType1Item] | str
    code: ErrorCode | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.api_error_response_detail_type_2 import (
            ApiErrorResponseDetailType2,
        )

        detail: dict[str, Any] | list[dict[str, Any]] | str
        if isinstance(self.detail, list):
            detail = []
            for detail_type_1_item_data in self.detail:
                detail_type_1_item = detail_type_1_item_data.to_dict()
                detail.append(detail_type_1_item)

        elif isinstance(self.detail, ApiErrorResponseDetailType2):
            detail = self.detail.to_dict()
        else:
            detail = self.detail

        code: str
        if isinstance(self.code, ErrorCode):
            code = self.code.value
        else:
            code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "detail": detail,
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.api_error_response_detail_type_1_item import (
            ApiErrorResponseDetailType1Item,
        )
        from ..models.api_error_response_detail_type_2 import (
            ApiErrorResponseDetailType2,
        )

        d = dict(src_dict)

        def _parse_detail(
            data: object,
        ) -> ApiErrorResponseDetailType2 | list[ApiErrorResponseDetailType1Item] | str:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                detail_type_1 = []
                _detail_type_1 = data
                for detail_type_1_item_data in _detail_type_1:
                    detail_type_1_item = ApiErrorResponseDetailType1Item.from_dict(detail_type_1_item_data)

                    detail_type_1.append(detail_type_1_item)

                return detail_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                detail_type_2 = ApiErrorResponseDetailType2.from_dict(data)

                return detail_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                "ApiErrorResponseDetailType2 | list[ApiErrorResponseDetailType1Item] | str",
                data,
            )

        detail = _parse_detail(d.pop("detail"))

        def _parse_code(data: object) -> ErrorCode | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                code_type_0 = ErrorCode(data)

                return code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("ErrorCode | str", data)

        code = _parse_code(d.pop("code"))

        api_error_response = cls(
            detail=detail,
            code=code,
        )

        return api_error_response
