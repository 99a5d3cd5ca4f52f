from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="SkippedAttachment")


@_attrs_define
class SkippedAttachment:
    """An e-mail attachment that is not stored as a file, and why.

    Attributes:
        filename (str): Its name in the e-mail (may be empty).
        media_type (str): The media type the e-mail declares for it.
        reason (str): `unsupported_media_type` (not an accepted format), `empty_file`, `too_many_attachments`
            (past `SERVICE_MAX_ATTACHMENTS`), `nesting_too_deep` (an e-mail attached more than three
            levels down), or the `document_*` code of an attachment that cannot be made into pages.
    """

    filename: str
    media_type: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        filename = self.filename

        media_type = self.media_type

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "filename": filename,
                "media_type": media_type,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        filename = d.pop("filename")

        media_type = d.pop("media_type")

        reason = d.pop("reason")

        skipped_attachment = cls(
            filename=filename,
            media_type=media_type,
            reason=reason,
        )

        return skipped_attachment
