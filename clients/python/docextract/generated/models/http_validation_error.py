from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.http_validation_error_code import HTTPValidationErrorCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.validation_error import ValidationError


T = TypeVar("T", bound="HTTPValidationError")


@_attrs_define
class HTTPValidationError:
    """Request-shape errors, one entry per problem.

    Attributes:
        detail (list[ValidationError]):
        code (HTTPValidationErrorCode | Unset): `json_too_deep` when the JSON body nests deeper than 128 levels;
            `validation_error` for every other request-shape error.
    """

    detail: list[ValidationError]
    code: HTTPValidationErrorCode | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        detail = []
        for detail_item_data in self.detail:
            detail_item = detail_item_data.to_dict()
            detail.append(detail_item)

        code: str | Unset = UNSET
        if not isinstance(self.code, Unset):
            code = self.code.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "detail": detail,
            }
        )
        if code is not UNSET:
            field_dict["code"] = code

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.validation_error import ValidationError

        d = dict(src_dict)
        detail = []
        _detail = d.pop("detail")
        for detail_item_data in _detail:
            detail_item = ValidationError.from_dict(detail_item_data)

            detail.append(detail_item)

        _code = d.pop("code", UNSET)
        code: HTTPValidationErrorCode | Unset
        if isinstance(_code, Unset):
            code = UNSET
        else:
            code = HTTPValidationErrorCode(_code)

        http_validation_error = cls(
            detail=detail,
            code=code,
        )

        return http_validation_error
