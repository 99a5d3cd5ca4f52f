from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.direct_upload_ticket_method import DirectUploadTicketMethod

if TYPE_CHECKING:
    from ..models.direct_upload_ticket_headers import DirectUploadTicketHeaders


T = TypeVar("T", bound="DirectUploadTicket")


@_attrs_define
class DirectUploadTicket:
    """Where and how to PUT a direct upload's bytes.

    Attributes:
        id (str):
        url (str): The presigned URL of the upload's object in the bucket.
        method (DirectUploadTicketMethod):
        headers (DirectUploadTicketHeaders): Headers the PUT must carry exactly (they are signed).
        expires_at (datetime.datetime): The URL stops working, and the upload can no longer be completed, at this time
            (`SERVICE_DIRECT_UPLOAD_EXPIRY_SECONDS` after it was made).
    """

    id: str
    url: str
    method: DirectUploadTicketMethod
    headers: DirectUploadTicketHeaders
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        method = self.method.value

        headers = self.headers.to_dict()

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "method": method,
                "headers": headers,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.direct_upload_ticket_headers import DirectUploadTicketHeaders

        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        method = DirectUploadTicketMethod(d.pop("method"))

        headers = DirectUploadTicketHeaders.from_dict(d.pop("headers"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at").replace("Z", "+00:00"))

        direct_upload_ticket = cls(
            id=id,
            url=url,
            method=method,
            headers=headers,
            expires_at=expires_at,
        )

        return direct_upload_ticket
