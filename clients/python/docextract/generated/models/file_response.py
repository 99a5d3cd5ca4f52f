from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.file_kind import FileKind
from ..models.file_response_media_type import FileResponseMediaType

T = TypeVar("T", bound="FileResponse")


@_attrs_define
class FileResponse:
    """An uploaded file's record.

    Attributes:
        id (str):
        filename (str): The filename given on upload without directory parts and control characters (`upload` if none).
        media_type (FileResponseMediaType): The media type detected from the bytes (the README's table of formats).
            Where the bytes
            are ambiguous (a ZIP container, text) they win over the declared type and the filename;
            Markdown and CSV are told from plain text by the declared type or the extension.
        kind (FileKind): What a file is, whatever its format. Every kind has pages: a PDF and a PNG or JPEG are read as
            they are; any other format is converted at upload to a PDF rendition stored with the file
            (pages, page images, the text layer and provenance boxes are of that rendition). Our addition.
        page_count (int | None): Pages of the file (those of its rendition for a converted format; 1 for an image but
            TIFF, which has one a frame). Null only for a PDF that cannot be read (its jobs fail
            with the document's code) or one stored before this field existed. Our addition.
        size_bytes (int):
        sha256 (str): Hex SHA-256 of the bytes.
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    id: str
    filename: str
    media_type: FileResponseMediaType
    kind: FileKind
    page_count: int | None
    size_bytes: int
    sha256: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        filename = self.filename

        media_type = self.media_type.value

        kind = self.kind.value

        page_count: int | None
        page_count = self.page_count

        size_bytes = self.size_bytes

        sha256 = self.sha256

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "filename": filename,
                "media_type": media_type,
                "kind": kind,
                "page_count": page_count,
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

        kind = FileKind(d.pop("kind"))

        def _parse_page_count(data: object) -> int | None:
            if data is None:
                return data
            return cast("int | None", data)

        page_count = _parse_page_count(d.pop("page_count"))

        size_bytes = d.pop("size_bytes")

        sha256 = d.pop("sha256")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        file_response = cls(
            id=id,
            filename=filename,
            media_type=media_type,
            kind=kind,
            page_count=page_count,
            size_bytes=size_bytes,
            sha256=sha256,
            created_at=created_at,
        )

        return file_response
