from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.classifier_evaluation_report_boundaries import (
        ClassifierEvaluationReportBoundaries,
    )
    from ..models.classifier_evaluation_report_confusion_matrix import (
        ClassifierEvaluationReportConfusionMatrix,
    )
    from ..models.classifier_evaluation_report_item_results_item import (
        ClassifierEvaluationReportItemResultsItem,
    )


T = TypeVar("T", bound="ClassifierEvaluationReport")


@_attrs_define
class ClassifierEvaluationReport:
    """The report of a classifier run (issue 44), summed over every item. A page is right when the
    predicted split gives it its expected class; an item whose job did not complete has every page
    wrong (predicted `(none)`). Ratios are null when their denominator is 0.

        Attributes:
            items (int):
            items_failed (int): Items whose classification job did not complete.
            pages (int): Pages of the expected splits.
            page_accuracy (float | None): Pages right / pages.
            confusion_matrix (ClassifierEvaluationReportConfusionMatrix): `counts[i][j]`: pages expected of `classes[i]`
                predicted as `classes[j]` (the classifier's classes, `other`, then any other label seen, such as `(none)`).
            boundaries (ClassifierEvaluationReportBoundaries): A predicted segment start is right when the expected split
                starts a segment there.
            item_results (list[ClassifierEvaluationReportItemResultsItem]):
    """

    items: int
    items_failed: int
    pages: int
    page_accuracy: float | None
    confusion_matrix: ClassifierEvaluationReportConfusionMatrix
    boundaries: ClassifierEvaluationReportBoundaries
    item_results: list[ClassifierEvaluationReportItemResultsItem]

    def to_dict(self) -> dict[str, Any]:
        items = self.items

        items_failed = self.items_failed

        pages = self.pages

        page_accuracy: float | None
        page_accuracy = self.page_accuracy

        confusion_matrix = self.confusion_matrix.to_dict()

        boundaries = self.boundaries.to_dict()

        item_results = []
        for item_results_item_data in self.item_results:
            item_results_item = item_results_item_data.to_dict()
            item_results.append(item_results_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items": items,
                "items_failed": items_failed,
                "pages": pages,
                "page_accuracy": page_accuracy,
                "confusion_matrix": confusion_matrix,
                "boundaries": boundaries,
                "item_results": item_results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.classifier_evaluation_report_boundaries import (
            ClassifierEvaluationReportBoundaries,
        )
        from ..models.classifier_evaluation_report_confusion_matrix import (
            ClassifierEvaluationReportConfusionMatrix,
        )
        from ..models.classifier_evaluation_report_item_results_item import (
            ClassifierEvaluationReportItemResultsItem,
        )

        d = dict(src_dict)
        items = d.pop("items")

        items_failed = d.pop("items_failed")

        pages = d.pop("pages")

        def _parse_page_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        page_accuracy = _parse_page_accuracy(d.pop("page_accuracy"))

        confusion_matrix = ClassifierEvaluationReportConfusionMatrix.from_dict(d.pop("confusion_matrix"))

        boundaries = ClassifierEvaluationReportBoundaries.from_dict(d.pop("boundaries"))

        item_results = []
        _item_results = d.pop("item_results")
        for item_results_item_data in _item_results:
            item_results_item = ClassifierEvaluationReportItemResultsItem.from_dict(item_results_item_data)

            item_results.append(item_results_item)

        classifier_evaluation_report = cls(
            items=items,
            items_failed=items_failed,
            pages=pages,
            page_accuracy=page_accuracy,
            confusion_matrix=confusion_matrix,
            boundaries=boundaries,
            item_results=item_results,
        )

        return classifier_evaluation_report
