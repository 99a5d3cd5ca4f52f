from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.form_field_type import FormFieldType

if TYPE_CHECKING:
    from ..models.word_box import WordBox


T = TypeVar("T", bound="FormField")


@_attrs_define
class FormField:
    """A PDF form field (GET /v1/files/{file_id}/form-fields). Our addition.

    Attributes:
        name (str): The field's fully qualified name (parent names joined by dots).
        type_ (FormFieldType):
        value (bool | str): Text and choice fields - the text (empty when not filled); checkbox - true/false; radio -
            the chosen option or false; signature - true when signed.
        page (int): One-based page the field is on.
        box (WordBox): Where on the page, as fractions of its width and height (0..1, origin top-left), the same
            coordinates as provenance boxes.
    """

    name: str
    type_: FormFieldType
    value: bool | str
    page: int
    box: WordBox

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_.value

        value: bool | str
        value = self.value

        page = self.page

        box = self.box.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "type": type_,
                "value": value,
                "page": page,
                "box": box,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.word_box import WordBox

        d = dict(src_dict)
        name = d.pop("name")

        type_ = FormFieldType(d.pop("type"))

        def _parse_value(data: object) -> bool | str:
            return cast("bool | str", data)

        value = _parse_value(d.pop("value"))

        page = d.pop("page")

        box = WordBox.from_dict(d.pop("box"))

        form_field = cls(
            name=name,
            type_=type_,
            value=value,
            page=page,
            box=box,
        )

        return form_field
