from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="BatchBucketPrefix")


@_attrs_define
class BatchBucketPrefix:
    """Our addition (issue 53). A key prefix in the service's bucket, relative to `S3_PREFIX` (as an
    object's `custom_id` is). It may not start with `/` nor reach into the service's own objects
    (`files/`, `renditions/`, `uploads/`): `422`.

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

        batch_bucket_prefix = cls(
            s3_prefix=s3_prefix,
        )

        return batch_bucket_prefix
