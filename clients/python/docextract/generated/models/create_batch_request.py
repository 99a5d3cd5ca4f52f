from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.create_batch_request_kind import CreateBatchRequestKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_batch_request_metadata import CreateBatchRequestMetadata


T = TypeVar("T", bound="CreateBatchRequest")


@_attrs_define
class CreateBatchRequest:
    """`extractor_name` for an extraction batch, `parser_name` for a parse batch.

    Attributes:
        kind (CreateBatchRequestKind):
        inputs (list[Any]): At most 50,000 (`422 too_many_inputs` beyond). Each `custom_id` unique in the batch.
        extractor_name (str | Unset):
        parser_name (str | Unset):
        concurrency (int | Unset): Items in flight at once; default `SERVICE_BATCH_CONCURRENCY` (16).
        metadata (CreateBatchRequestMetadata | Unset): At most 16 string pairs (keys 1-64, values 0-512 characters),
            returned as given.
    """

    kind: CreateBatchRequestKind
    inputs: list[Any]
    extractor_name: str | Unset = UNSET
    parser_name: str | Unset = UNSET
    concurrency: int | Unset = UNSET
    metadata: CreateBatchRequestMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        inputs = []
        for inputs_item_data in self.inputs:
            inputs_item: Any
            inputs_item = inputs_item_data
            inputs.append(inputs_item)

        extractor_name = self.extractor_name

        parser_name = self.parser_name

        concurrency = self.concurrency

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "inputs": inputs,
            }
        )
        if extractor_name is not UNSET:
            field_dict["extractor_name"] = extractor_name
        if parser_name is not UNSET:
            field_dict["parser_name"] = parser_name
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_batch_request_metadata import CreateBatchRequestMetadata

        d = dict(src_dict)
        kind = CreateBatchRequestKind(d.pop("kind"))

        inputs = []
        _inputs = d.pop("inputs")
        for inputs_item_data in _inputs:

            def _parse_inputs_item(data: object) -> Any:
                return cast(Any, data)

            inputs_item = _parse_inputs_item(inputs_item_data)

            inputs.append(inputs_item)

        extractor_name = d.pop("extractor_name", UNSET)

        parser_name = d.pop("parser_name", UNSET)

        concurrency = d.pop("concurrency", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: CreateBatchRequestMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CreateBatchRequestMetadata.from_dict(_metadata)

        create_batch_request = cls(
            kind=kind,
            inputs=inputs,
            extractor_name=extractor_name,
            parser_name=parser_name,
            concurrency=concurrency,
            metadata=metadata,
        )

        return create_batch_request
