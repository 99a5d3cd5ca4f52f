from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.file_kind import FileKind
from ..models.file_response_converter_type_1 import FileResponseConverterType1
from ..models.file_response_converter_type_2_type_1 import (
    FileResponseConverterType2Type1,
)
from ..models.file_response_converter_type_3_type_1 import (
    FileResponseConverterType3Type1,
)
from ..models.file_response_media_type import FileResponseMediaType

if TYPE_CHECKING:
    from ..models.file_warning import FileWarning
    from ..models.skipped_attachment import SkippedAttachment


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
        parent_file_id (None | str): The e-mail this file was attached to; null for an upload.
        attachment_filename (None | str): The attachment's name in that e-mail (`attachment-N.ext` when it had none);
            null for an upload.
        converter (FileResponseConverterType1 | FileResponseConverterType2Type1 | FileResponseConverterType3Type1 |
            None): Which made the pages of an Office file: `libreoffice` (DOCX and PPTX where LibreOffice
            is installed and `SERVICE_LIBREOFFICE` is not `off`; always for ODT, ODS, ODP, RTF, DOC,
            XLS and PPT), or `builtin`, the service's own converters (DOCX and PPTX without
            LibreOffice; docs/formats.md says what they leave out). Null for every other file: a PDF
            or an image is its own pages, and other formats have one converter. Our addition.
        attachment_file_ids (list[str]): The files made of this e-mail's attachments, in attachment order; empty for any
            other file.
        skipped_attachments (list[SkippedAttachment]): This e-mail's attachments that were not stored as files, in
            attachment order; empty for any
            other file.
        warnings (list[FileWarning]): What the conversion could not do faithfully; empty for most files. A spreadsheet
            formula with no stored value (a file written by a library such as openpyxl, not by
            Excel) is computed for the common functions (arithmetic, `SUM`, `AVERAGE`, `MIN`, `MAX`,
            `COUNT`, `ROUND`, `IF`, references to other sheets, and most of Excel's others); one
            that cannot be computed is shown on the page as its formula text (`=FOO(A1)`) and listed
            here as `formula_not_computed` with its sheet and cell (at most 1,000 are listed).
            Stored values (what Excel saved) are shown as saved, never recomputed. Our addition.
    """

    id: str
    filename: str
    media_type: FileResponseMediaType
    kind: FileKind
    page_count: int | None
    size_bytes: int
    sha256: str
    created_at: datetime.datetime
    parent_file_id: None | str
    attachment_filename: None | str
    converter: FileResponseConverterType1 | FileResponseConverterType2Type1 | FileResponseConverterType3Type1 | None
    attachment_file_ids: list[str]
    skipped_attachments: list[SkippedAttachment]
    warnings: list[FileWarning]

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

        parent_file_id: None | str
        parent_file_id = self.parent_file_id

        attachment_filename: None | str
        attachment_filename = self.attachment_filename

        converter: None | str
        if (
            isinstance(self.converter, FileResponseConverterType1)
            or isinstance(self.converter, FileResponseConverterType2Type1)
            or isinstance(self.converter, FileResponseConverterType3Type1)
        ):
            converter = self.converter.value
        else:
            converter = self.converter

        attachment_file_ids = self.attachment_file_ids

        skipped_attachments = []
        for skipped_attachments_item_data in self.skipped_attachments:
            skipped_attachments_item = skipped_attachments_item_data.to_dict()
            skipped_attachments.append(skipped_attachments_item)

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

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
                "parent_file_id": parent_file_id,
                "attachment_filename": attachment_filename,
                "converter": converter,
                "attachment_file_ids": attachment_file_ids,
                "skipped_attachments": skipped_attachments,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.file_warning import FileWarning
        from ..models.skipped_attachment import SkippedAttachment

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

        def _parse_parent_file_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        parent_file_id = _parse_parent_file_id(d.pop("parent_file_id"))

        def _parse_attachment_filename(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        attachment_filename = _parse_attachment_filename(d.pop("attachment_filename"))

        def _parse_converter(
            data: object,
        ) -> FileResponseConverterType1 | FileResponseConverterType2Type1 | FileResponseConverterType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                converter_type_1 = FileResponseConverterType1(data)

                return converter_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                converter_type_2_type_1 = FileResponseConverterType2Type1(data)

                return converter_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                converter_type_3_type_1 = FileResponseConverterType3Type1(data)

                return converter_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                "FileResponseConverterType1 | FileResponseConverterType2Type1 | FileResponseConverterType3Type1 | None",
                data,
            )

        converter = _parse_converter(d.pop("converter"))

        attachment_file_ids = cast(list[str], d.pop("attachment_file_ids"))

        skipped_attachments = []
        _skipped_attachments = d.pop("skipped_attachments")
        for skipped_attachments_item_data in _skipped_attachments:
            skipped_attachments_item = SkippedAttachment.from_dict(skipped_attachments_item_data)

            skipped_attachments.append(skipped_attachments_item)

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = FileWarning.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        file_response = cls(
            id=id,
            filename=filename,
            media_type=media_type,
            kind=kind,
            page_count=page_count,
            size_bytes=size_bytes,
            sha256=sha256,
            created_at=created_at,
            parent_file_id=parent_file_id,
            attachment_filename=attachment_filename,
            converter=converter,
            attachment_file_ids=attachment_file_ids,
            skipped_attachments=skipped_attachments,
            warnings=warnings,
        )

        return file_response
