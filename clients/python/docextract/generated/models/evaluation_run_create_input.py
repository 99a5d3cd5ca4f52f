from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.evaluation_options import EvaluationOptions


T = TypeVar("T", bound="EvaluationRunCreateInput")


@_attrs_define
class EvaluationRunCreateInput:
    """Exactly one of `extractor_name` (an extractor run) and `classifier_name` (a classifier run, which takes no
    `options`).

        Attributes:
            evaluation_set (str): The set's id or name.
            extractor_name (str | Unset): The extractor's name (or id).
            classifier_name (str | Unset): The classifier's name (or id): every item runs as a classification job in split
                mode and is scored against its `expected_segments`.
            options (EvaluationOptions | Unset): How values are compared (docs/evaluation.md). Pointers are JSON Pointers of
                fields, with `*` for
                array indices (`/items/*/amount`), or concrete (`/items/0/amount`); a pointer also covers
                everything below it.
    """

    evaluation_set: str
    extractor_name: str | Unset = UNSET
    classifier_name: str | Unset = UNSET
    options: EvaluationOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        evaluation_set = self.evaluation_set

        extractor_name = self.extractor_name

        classifier_name = self.classifier_name

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "evaluation_set": evaluation_set,
            }
        )
        if extractor_name is not UNSET:
            field_dict["extractor_name"] = extractor_name
        if classifier_name is not UNSET:
            field_dict["classifier_name"] = classifier_name
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evaluation_options import EvaluationOptions

        d = dict(src_dict)
        evaluation_set = d.pop("evaluation_set")

        extractor_name = d.pop("extractor_name", UNSET)

        classifier_name = d.pop("classifier_name", UNSET)

        _options = d.pop("options", UNSET)
        options: EvaluationOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = EvaluationOptions.from_dict(_options)

        evaluation_run_create_input = cls(
            evaluation_set=evaluation_set,
            extractor_name=extractor_name,
            classifier_name=classifier_name,
            options=options,
        )

        return evaluation_run_create_input
