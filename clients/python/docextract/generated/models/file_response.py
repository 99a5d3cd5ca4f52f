from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.file_response_media_type import FileResponseMediaType

T = TypeVar("T", bound="FileResponse")


@_attrs_define
class FileResponse:
    """An uploaded file's record.

    Attributes:
        id (str):
        filename (str): The filename given on upload without directory parts and control characters (`upload` if none).
        media_type (FileResponseMediaType): The media type detected from the bytes.
        size_bytes (int):
        sha256 (str): Hex SHA-256 of the bytes.
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    id: str
    filename: str
    media_type: FileResponseMediaType
    size_bytes: int
    sha256: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        filename = self.filename

        media_type = self.media_type.value

        size_bytes = self.size_bytes

        sha256 = self.sha256

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "filename": filename,
                "media_type": media_type,
                "size_bytes": size_bytes,
                "sha256": sha256,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        filename = d.pop("filename")

        media_type = FileResponseMediaType(d.pop("media_type"))

        size_bytes = d.pop("size_bytes")

        sha256 = d.pop("sha256")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        file_response = cls(
            id=id,
            filename=filename,
            media_type=media_type,
            size_bytes=size_bytes,
            sha256=sha256,
            created_at=created_at,
        )

        return file_response
