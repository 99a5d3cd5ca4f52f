from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.job_status import JobStatus

if TYPE_CHECKING:
    from ..models.page_range import PageRange


T = TypeVar("T", bound="ClassificationSegment")


@_attrs_define
class ClassificationSegment:
    """
    Attributes:
        class_ (str):
        pages (PageRange): Pages `start` to `end` of a file, 1-based and inclusive.
        confidence (float | None): The lowest of its pages' confidences.
        extraction_job_id (None | str): The extraction job the segment was routed to.
        extraction_job_status (JobStatus | None): That job's status now (null when not routed, or the job was deleted).
    """

    class_: str
    pages: PageRange
    confidence: float | None
    extraction_job_id: None | str
    extraction_job_status: JobStatus | None

    def to_dict(self) -> dict[str, Any]:
        class_ = self.class_

        pages = self.pages.to_dict()

        confidence: float | None
        confidence = self.confidence

        extraction_job_id: None | str
        extraction_job_id = self.extraction_job_id

        extraction_job_status: None | str
        if isinstance(self.extraction_job_status, JobStatus):
            extraction_job_status = self.extraction_job_status.value
        else:
            extraction_job_status = self.extraction_job_status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "class": class_,
                "pages": pages,
                "confidence": confidence,
                "extraction_job_id": extraction_job_id,
                "extraction_job_status": extraction_job_status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.page_range import PageRange

        d = dict(src_dict)
        class_ = d.pop("class")

        pages = PageRange.from_dict(d.pop("pages"))

        def _parse_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        confidence = _parse_confidence(d.pop("confidence"))

        def _parse_extraction_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        extraction_job_id = _parse_extraction_job_id(d.pop("extraction_job_id"))

        def _parse_extraction_job_status(data: object) -> JobStatus | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                extraction_job_status_type_0 = JobStatus(data)

                return extraction_job_status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("JobStatus | None", data)

        extraction_job_status = _parse_extraction_job_status(d.pop("extraction_job_status"))

        classification_segment = cls(
            class_=class_,
            pages=pages,
            confidence=confidence,
            extraction_job_id=extraction_job_id,
            extraction_job_status=extraction_job_status,
        )

        return classification_segment
