from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.word_box import WordBox


T = TypeVar("T", bound="PageWord")


@_attrs_define
class PageWord:
    """
    Attributes:
        text (str):
        box (WordBox): Where on the page, as fractions of its width and height (0..1, origin top-left), the same
            coordinates as provenance boxes.
        confidence (float | Unset): OCR words only - the OCR engine's confidence in the word.
        sheet (str | Unset): Spreadsheets only, where the word is a cell's displayed value - the sheet's name.
        cell (str | Unset): Spreadsheets only - the cell in A1 notation.
    """

    text: str
    box: WordBox
    confidence: float | Unset = UNSET
    sheet: str | Unset = UNSET
    cell: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        box = self.box.to_dict()

        confidence = self.confidence

        sheet = self.sheet

        cell = self.cell

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
                "box": box,
            }
        )
        if confidence is not UNSET:
            field_dict["confidence"] = confidence
        if sheet is not UNSET:
            field_dict["sheet"] = sheet
        if cell is not UNSET:
            field_dict["cell"] = cell

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.word_box import WordBox

        d = dict(src_dict)
        text = d.pop("text")

        box = WordBox.from_dict(d.pop("box"))

        confidence = d.pop("confidence", UNSET)

        sheet = d.pop("sheet", UNSET)

        cell = d.pop("cell", UNSET)

        page_word = cls(
            text=text,
            box=box,
            confidence=confidence,
            sheet=sheet,
            cell=cell,
        )

        return page_word
