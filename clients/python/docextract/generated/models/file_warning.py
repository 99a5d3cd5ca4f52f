from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.file_warning_code import FileWarningCode

T = TypeVar("T", bound="FileWarning")


@_attrs_define
class FileWarning:
    """Something a file's conversion could not do faithfully, and where.

    Attributes:
        code (FileWarningCode): `formula_not_computed`: a spreadsheet formula without a stored value that could not be
            computed; its formula text is shown instead.
        sheet (str): The sheet's name.
        cell (str): The cell's A1 reference, e.g. `B5`.
    """

    code: FileWarningCode
    sheet: str
    cell: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        sheet = self.sheet

        cell = self.cell

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "sheet": sheet,
                "cell": cell,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = FileWarningCode(d.pop("code"))

        sheet = d.pop("sheet")

        cell = d.pop("cell")

        file_warning = cls(
            code=code,
            sheet=sheet,
            cell=cell,
        )

        return file_warning
