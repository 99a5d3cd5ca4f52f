from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.page_box import PageBox
    from ..models.value_provenance_cells_item import ValueProvenanceCellsItem


T = TypeVar("T", bound="ValueProvenance")


@_attrs_define
class ValueProvenance:
    """
    Attributes:
        pages (list[int]): One-based pages the value came from: the pages where its text was found when `boxes`
            is present, otherwise the pages of the window whose answer held it.
        boxes (list[PageBox] | Unset): Where the value's text is printed, found in the PDF's text layer (absent for
            scans,
            images and values not printed verbatim). Coordinates are fractions of the page's
            width and height (0..1), origin at the top-left corner.
        cells (list[ValueProvenanceCellsItem] | Unset): For a spreadsheet: the cells the value's boxes lie in, each once
            (a header row repeated
            on several pages is one cell). Absent for other files and for values not found in a cell.
    """

    pages: list[int]
    boxes: list[PageBox] | Unset = UNSET
    cells: list[ValueProvenanceCellsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        pages = self.pages

        boxes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.boxes, Unset):
            boxes = []
            for boxes_item_data in self.boxes:
                boxes_item = boxes_item_data.to_dict()
                boxes.append(boxes_item)

        cells: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.cells, Unset):
            cells = []
            for cells_item_data in self.cells:
                cells_item = cells_item_data.to_dict()
                cells.append(cells_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pages": pages,
            }
        )
        if boxes is not UNSET:
            field_dict["boxes"] = boxes
        if cells is not UNSET:
            field_dict["cells"] = cells

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.page_box import PageBox
        from ..models.value_provenance_cells_item import ValueProvenanceCellsItem

        d = dict(src_dict)
        pages = cast(list[int], d.pop("pages"))

        _boxes = d.pop("boxes", UNSET)
        boxes: list[PageBox] | Unset = UNSET
        if _boxes is not UNSET:
            boxes = []
            for boxes_item_data in _boxes:
                boxes_item = PageBox.from_dict(boxes_item_data)

                boxes.append(boxes_item)

        _cells = d.pop("cells", UNSET)
        cells: list[ValueProvenanceCellsItem] | Unset = UNSET
        if _cells is not UNSET:
            cells = []
            for cells_item_data in _cells:
                cells_item = ValueProvenanceCellsItem.from_dict(cells_item_data)

                cells.append(cells_item)

        value_provenance = cls(
            pages=pages,
            boxes=boxes,
            cells=cells,
        )

        return value_provenance
