from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="BatchResponseSourceType0")


@_attrs_define
class BatchResponseSourceType0:
    """
    Attributes:
        s3_prefix (str):
    """

    s3_prefix: str

    def to_dict(self) -> dict[str, Any]:
        s3_prefix = self.s3_prefix

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "s3_prefix": s3_prefix,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        s3_prefix = d.pop("s3_prefix")

        batch_response_source_type_0 = cls(
            s3_prefix=s3_prefix,
        )

        return batch_response_source_type_0
