from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="DirectUploadRequest")


@_attrs_define
class DirectUploadRequest:
    """A direct upload's announcement (`POST /v1/uploads`).

    Attributes:
        filename (str): The file's name (recorded as `POST /v1/files` records an upload's; a hint for ambiguous bytes
            such as text).
        size_bytes (int): The file's exact size; the PUT must send exactly this many bytes. At most
            `SERVICE_MAX_DIRECT_UPLOAD_BYTES` (413 above).
        content_type (str | Unset): The file's media type, checked against its bytes as a multipart part's is; the PUT
            must send it as `Content-Type`.
    """

    filename: str
    size_bytes: int
    content_type: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        filename = self.filename

        size_bytes = self.size_bytes

        content_type = self.content_type

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "filename": filename,
                "size_bytes": size_bytes,
            }
        )
        if content_type is not UNSET:
            field_dict["content_type"] = content_type

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        filename = d.pop("filename")

        size_bytes = d.pop("size_bytes")

        content_type = d.pop("content_type", UNSET)

        direct_upload_request = cls(
            filename=filename,
            size_bytes=size_bytes,
            content_type=content_type,
        )

        return direct_upload_request
