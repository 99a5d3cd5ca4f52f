from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.extraction_result_confidence_type_0 import (
        ExtractionResultConfidenceType0,
    )
    from ..models.extraction_result_data import ExtractionResultData
    from ..models.extraction_result_provenance import ExtractionResultProvenance
    from ..models.rule_result import RuleResult
    from ..models.value_conflict import ValueConflict
    from ..models.value_flag import ValueFlag


T = TypeVar("T", bound="ExtractionResult")


@_attrs_define
class ExtractionResult:
    """
    Attributes:
        data (ExtractionResultData): The extracted data; it satisfies the extractor's schema.
        provenance (ExtractionResultProvenance | Unset): Where each value came from (file inputs only; our addition).
            Keys are JSON Pointers
            (RFC 6901) of every non-null leaf value of `data`, e.g. `/items/3/amount`.
        conflicts (list[ValueConflict] | Unset): Present when the document was extracted in more than one window (our
            addition): every
            scalar that windows disagreed on. `data` holds the first non-null value in page order;
            the others are listed here, never dropped silently. Empty when the windows agreed.
        confidence (ExtractionResultConfidenceType0 | None | Unset): Our addition (docs/confidence-and-review.md). The
            JSON Pointer of every leaf of `data`
            (nulls included) → the lowest probability among the tokens that carry the value itself
            (a string's characters, a number, `true`/`false`/`null`), from the model's token
            probabilities; each value takes those of the window it came from. A model's certainty,
            not a calibrated probability of being right. Null when the model returned no token
            probabilities; a value whose answer's tokens did not reproduce the text has no entry.
        flags (list[ValueFlag] | Unset): Our addition. The leaves of `data` that need a human, in document order, each
            with its
            reasons. Empty when nothing needs review.
        rule_results (list[RuleResult] | Unset): Our addition (docs/rules.md). The outcome of each of the extractor
            version's rules on
            `data`, in the rules' order; `[]` without rules. After a review correction they are those
            of `review.reviewed_data` (and the `rule:<id>` reasons of `flags` follow them).
    """

    data: ExtractionResultData
    provenance: ExtractionResultProvenance | Unset = UNSET
    conflicts: list[ValueConflict] | Unset = UNSET
    confidence: ExtractionResultConfidenceType0 | None | Unset = UNSET
    flags: list[ValueFlag] | Unset = UNSET
    rule_results: list[RuleResult] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.extraction_result_confidence_type_0 import (
            ExtractionResultConfidenceType0,
        )

        data = self.data.to_dict()

        provenance: dict[str, Any] | Unset = UNSET
        if not isinstance(self.provenance, Unset):
            provenance = self.provenance.to_dict()

        conflicts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.conflicts, Unset):
            conflicts = []
            for conflicts_item_data in self.conflicts:
                conflicts_item = conflicts_item_data.to_dict()
                conflicts.append(conflicts_item)

        confidence: dict[str, Any] | None | Unset
        if isinstance(self.confidence, Unset):
            confidence = UNSET
        elif isinstance(self.confidence, ExtractionResultConfidenceType0):
            confidence = self.confidence.to_dict()
        else:
            confidence = self.confidence

        flags: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.flags, Unset):
            flags = []
            for flags_item_data in self.flags:
                flags_item = flags_item_data.to_dict()
                flags.append(flags_item)

        rule_results: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rule_results, Unset):
            rule_results = []
            for rule_results_item_data in self.rule_results:
                rule_results_item = rule_results_item_data.to_dict()
                rule_results.append(rule_results_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )
        if provenance is not UNSET:
            field_dict["provenance"] = provenance
        if conflicts is not UNSET:
            field_dict["conflicts"] = conflicts
        if confidence is not UNSET:
            field_dict["confidence"] = confidence
        if flags is not UNSET:
            field_dict["flags"] = flags
        if rule_results is not UNSET:
            field_dict["rule_results"] = rule_results

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extraction_result_confidence_type_0 import (
            ExtractionResultConfidenceType0,
        )
        from ..models.extraction_result_data import ExtractionResultData
        from ..models.extraction_result_provenance import ExtractionResultProvenance
        from ..models.rule_result import RuleResult
        from ..models.value_conflict import ValueConflict
        from ..models.value_flag import ValueFlag

        d = dict(src_dict)
        data = ExtractionResultData.from_dict(d.pop("data"))

        _provenance = d.pop("provenance", UNSET)
        provenance: ExtractionResultProvenance | Unset
        if isinstance(_provenance, Unset):
            provenance = UNSET
        else:
            provenance = ExtractionResultProvenance.from_dict(_provenance)

        _conflicts = d.pop("conflicts", UNSET)
        conflicts: list[ValueConflict] | Unset = UNSET
        if _conflicts is not UNSET:
            conflicts = []
            for conflicts_item_data in _conflicts:
                conflicts_item = ValueConflict.from_dict(conflicts_item_data)

                conflicts.append(conflicts_item)

        def _parse_confidence(
            data: object,
        ) -> ExtractionResultConfidenceType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                confidence_type_0 = ExtractionResultConfidenceType0.from_dict(data)

                return confidence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("ExtractionResultConfidenceType0 | None | Unset", data)

        confidence = _parse_confidence(d.pop("confidence", UNSET))

        _flags = d.pop("flags", UNSET)
        flags: list[ValueFlag] | Unset = UNSET
        if _flags is not UNSET:
            flags = []
            for flags_item_data in _flags:
                flags_item = ValueFlag.from_dict(flags_item_data)

                flags.append(flags_item)

        _rule_results = d.pop("rule_results", UNSET)
        rule_results: list[RuleResult] | Unset = UNSET
        if _rule_results is not UNSET:
            rule_results = []
            for rule_results_item_data in _rule_results:
                rule_results_item = RuleResult.from_dict(rule_results_item_data)

                rule_results.append(rule_results_item)

        extraction_result = cls(
            data=data,
            provenance=provenance,
            conflicts=conflicts,
            confidence=confidence,
            flags=flags,
            rule_results=rule_results,
        )

        return extraction_result
