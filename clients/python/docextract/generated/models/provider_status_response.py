from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.provider_name import ProviderName

if TYPE_CHECKING:
    from ..models.provider_status_response_error_type_1 import (
        ProviderStatusResponseErrorType1,
    )


T = TypeVar("T", bound="ProviderStatusResponse")


@_attrs_define
class ProviderStatusResponse:
    """Whether a provider's endpoint answered its latest check, and when. Our addition.

    Attributes:
        name (ProviderName): The stable provider name, and the discriminator that selects the provider implementation.
        url (None | str): The URL asked (the endpoint jobs use, with `/models` or `/deployments`); null when the
            provider's settings are incomplete and it was not asked.
        answered (bool): True when the endpoint answered the listing.
        checked_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        error (None | ProviderStatusResponseErrorType1): Why it did not answer (null when it did); `code` is a
            `JobErrorCode` such as `provider_unavailable`, `provider_timeout`, `provider_auth_failed`, or an `ErrorCode`
            such as `provider_key_missing`.
    """

    name: ProviderName
    url: None | str
    answered: bool
    checked_at: datetime.datetime
    error: None | ProviderStatusResponseErrorType1

    def to_dict(self) -> dict[str, Any]:
        from ..models.provider_status_response_error_type_1 import (
            ProviderStatusResponseErrorType1,
        )

        name = self.name.value

        url: None | str
        url = self.url

        answered = self.answered

        checked_at = self.checked_at.isoformat()

        error: dict[str, Any] | None
        if isinstance(self.error, ProviderStatusResponseErrorType1):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "url": url,
                "answered": answered,
                "checked_at": checked_at,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.provider_status_response_error_type_1 import (
            ProviderStatusResponseErrorType1,
        )

        d = dict(src_dict)
        name = ProviderName(d.pop("name"))

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        url = _parse_url(d.pop("url"))

        answered = d.pop("answered")

        checked_at = datetime.datetime.fromisoformat(d.pop("checked_at").replace("Z", "+00:00"))

        def _parse_error(data: object) -> None | ProviderStatusResponseErrorType1:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_1 = ProviderStatusResponseErrorType1.from_dict(data)

                return error_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ProviderStatusResponseErrorType1", data)

        error = _parse_error(d.pop("error"))

        provider_status_response = cls(
            name=name,
            url=url,
            answered=answered,
            checked_at=checked_at,
            error=error,
        )

        return provider_status_response
