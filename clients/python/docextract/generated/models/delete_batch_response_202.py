from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.delete_batch_response_202_status import DeleteBatchResponse202Status

T = TypeVar("T", bound="DeleteBatchResponse202")


@_attrs_define
class DeleteBatchResponse202:
    """
    Attributes:
        id (str):
        status (DeleteBatchResponse202Status):
    """

    id: str
    status: DeleteBatchResponse202Status

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        status = DeleteBatchResponse202Status(d.pop("status"))

        delete_batch_response_202 = cls(
            id=id,
            status=status,
        )

        return delete_batch_response_202
