from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.definition_source import DefinitionSource
from ..models.extractor_response_examples_strategy import (
    ExtractorResponseExamplesStrategy,
)
from ..models.provider_name import ProviderName
from ..models.reasoning_effort import ReasoningEffort

if TYPE_CHECKING:
    from ..models.date_order_rule import DateOrderRule
    from ..models.equals_rule import EqualsRule
    from ..models.example import Example
    from ..models.extractor_response_schema import ExtractorResponseSchema
    from ..models.range_rule_type_0 import RangeRuleType0
    from ..models.range_rule_type_1 import RangeRuleType1
    from ..models.regex_rule import RegexRule
    from ..models.required_rule import RequiredRule
    from ..models.review_thresholds import ReviewThresholds
    from ..models.sum_rule import SumRule


T = TypeVar("T", bound="ExtractorResponse")


@_attrs_define
class ExtractorResponse:
    """
    Attributes:
        id (str): Immutable identifier (`ext_` + ULID).
        name (str): Stable URL-safe name.
        display_name (str):
        instructions (str):
        reasoning_effort (None | ReasoningEffort):
        provider_name (ProviderName): The stable provider name, and the discriminator that selects the provider
            implementation.
        model (str):
        schema (ExtractorResponseSchema): The extraction result JSON Schema, as submitted.
        examples (list[Example]):
        include_text_layer (bool): Our addition. Each page's text layer (where it has one: a digital PDF, a converted
            document) goes in the same user message as its image, so the model reads exact
            characters; the text counts against the window's budget (`SERVICE_EXTRACTION_WINDOW_CHARS`).
            Default true; false sends page images only.
        review_threshold (float | None): Our addition. Below it a value is flagged `low_confidence`; null (always for
            prebuilt extractors) means no job needs review unless `review_thresholds` is set.
        review_thresholds (None | ReviewThresholds):
        version (int): 1 when the extractor is created, one more with every change of its definition (a PUT or PATCH
            that changes nothing keeps it; an example added from a review is a change). Jobs and evaluation runs keep it in
            their snapshot.
        examples_strategy (ExtractorResponseExamplesStrategy):
        max_examples (int | None):
        evaluation_set (None | str): The evaluation set candidate changes are measured on; null for none.
        rules (list[DateOrderRule | EqualsRule | RangeRuleType0 | RangeRuleType1 | RegexRule | RequiredRule | SumRule]):
            The rules of this version (docs/rules.md); `[]` when none.
        source (DefinitionSource): How a definition was created: by a user, or shipped with the service.
        is_prebuilt (bool):
        created_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
        updated_at (datetime.datetime): UTC timestamp (ISO 8601, `Z`).
    """

    id: str
    name: str
    display_name: str
    instructions: str
    reasoning_effort: None | ReasoningEffort
    provider_name: ProviderName
    model: str
    schema: ExtractorResponseSchema
    examples: list[Example]
    include_text_layer: bool
    review_threshold: float | None
    review_thresholds: None | ReviewThresholds
    version: int
    examples_strategy: ExtractorResponseExamplesStrategy
    max_examples: int | None
    evaluation_set: None | str
    rules: list[DateOrderRule | EqualsRule | RangeRuleType0 | RangeRuleType1 | RegexRule | RequiredRule | SumRule]
    source: DefinitionSource
    is_prebuilt: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.date_order_rule import DateOrderRule
        from ..models.range_rule_type_0 import RangeRuleType0
        from ..models.range_rule_type_1 import RangeRuleType1
        from ..models.regex_rule import RegexRule
        from ..models.required_rule import RequiredRule
        from ..models.review_thresholds import ReviewThresholds
        from ..models.sum_rule import SumRule

        id = self.id

        name = self.name

        display_name = self.display_name

        instructions = self.instructions

        reasoning_effort: None | str
        if isinstance(self.reasoning_effort, ReasoningEffort):
            reasoning_effort = self.reasoning_effort.value
        else:
            reasoning_effort = self.reasoning_effort

        provider_name = self.provider_name.value

        model = self.model

        schema = self.schema.to_dict()

        examples = []
        for examples_item_data in self.examples:
            examples_item = examples_item_data.to_dict()
            examples.append(examples_item)

        include_text_layer = self.include_text_layer

        review_threshold: float | None
        review_threshold = self.review_threshold

        review_thresholds: dict[str, Any] | None
        if isinstance(self.review_thresholds, ReviewThresholds):
            review_thresholds = self.review_thresholds.to_dict()
        else:
            review_thresholds = self.review_thresholds

        version = self.version

        examples_strategy = self.examples_strategy.value

        max_examples: int | None
        max_examples = self.max_examples

        evaluation_set: None | str
        evaluation_set = self.evaluation_set

        rules = []
        for rules_item_data in self.rules:
            rules_item: dict[str, Any]
            if (
                isinstance(rules_item_data, SumRule)
                or isinstance(rules_item_data, RegexRule)
                or isinstance(rules_item_data, RangeRuleType0)
                or isinstance(rules_item_data, RangeRuleType1)
                or isinstance(rules_item_data, RequiredRule)
                or isinstance(rules_item_data, DateOrderRule)
            ):
                rules_item = rules_item_data.to_dict()
            else:
                rules_item = rules_item_data.to_dict()

            rules.append(rules_item)

        source = self.source.value

        is_prebuilt = self.is_prebuilt

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "display_name": display_name,
                "instructions": instructions,
                "reasoning_effort": reasoning_effort,
                "provider_name": provider_name,
                "model": model,
                "schema": schema,
                "examples": examples,
                "include_text_layer": include_text_layer,
                "review_threshold": review_threshold,
                "review_thresholds": review_thresholds,
                "version": version,
                "examples_strategy": examples_strategy,
                "max_examples": max_examples,
                "evaluation_set": evaluation_set,
                "rules": rules,
                "source": source,
                "is_prebuilt": is_prebuilt,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.date_order_rule import DateOrderRule
        from ..models.equals_rule import EqualsRule
        from ..models.example import Example
        from ..models.extractor_response_schema import ExtractorResponseSchema
        from ..models.range_rule_type_0 import RangeRuleType0
        from ..models.range_rule_type_1 import RangeRuleType1
        from ..models.regex_rule import RegexRule
        from ..models.required_rule import RequiredRule
        from ..models.review_thresholds import ReviewThresholds
        from ..models.sum_rule import SumRule

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        display_name = d.pop("display_name")

        instructions = d.pop("instructions")

        def _parse_reasoning_effort(data: object) -> None | ReasoningEffort:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reasoning_effort_type_0 = ReasoningEffort(data)

                return reasoning_effort_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ReasoningEffort", data)

        reasoning_effort = _parse_reasoning_effort(d.pop("reasoning_effort"))

        provider_name = ProviderName(d.pop("provider_name"))

        model = d.pop("model")

        schema = ExtractorResponseSchema.from_dict(d.pop("schema"))

        examples = []
        _examples = d.pop("examples")
        for examples_item_data in _examples:
            examples_item = Example.from_dict(examples_item_data)

            examples.append(examples_item)

        include_text_layer = d.pop("include_text_layer")

        def _parse_review_threshold(data: object) -> float | None:
            if data is None:
                return data
            return cast("float | None", data)

        review_threshold = _parse_review_threshold(d.pop("review_threshold"))

        def _parse_review_thresholds(data: object) -> None | ReviewThresholds:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                review_thresholds_type_0 = ReviewThresholds.from_dict(data)

                return review_thresholds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ReviewThresholds", data)

        review_thresholds = _parse_review_thresholds(d.pop("review_thresholds"))

        version = d.pop("version")

        examples_strategy = ExtractorResponseExamplesStrategy(d.pop("examples_strategy"))

        def _parse_max_examples(data: object) -> int | None:
            if data is None:
                return data
            return cast("int | None", data)

        max_examples = _parse_max_examples(d.pop("max_examples"))

        def _parse_evaluation_set(data: object) -> None | str:
            if data is None:
                return data
            return cast("None | str", data)

        evaluation_set = _parse_evaluation_set(d.pop("evaluation_set"))

        rules = []
        _rules = d.pop("rules")
        for rules_item_data in _rules:

            def _parse_rules_item(
                data: object,
            ) -> DateOrderRule | EqualsRule | RangeRuleType0 | RangeRuleType1 | RegexRule | RequiredRule | SumRule:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_rule_type_0 = SumRule.from_dict(data)

                    return componentsschemas_rule_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_rule_type_1 = RegexRule.from_dict(data)

                    return componentsschemas_rule_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_range_rule_type_0 = RangeRuleType0.from_dict(data)

                    return componentsschemas_range_rule_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_range_rule_type_1 = RangeRuleType1.from_dict(data)

                    return componentsschemas_range_rule_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_rule_type_3 = RequiredRule.from_dict(data)

                    return componentsschemas_rule_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_rule_type_4 = DateOrderRule.from_dict(data)

                    return componentsschemas_rule_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_rule_type_5 = EqualsRule.from_dict(data)

                return componentsschemas_rule_type_5

            rules_item = _parse_rules_item(rules_item_data)

            rules.append(rules_item)

        source = DefinitionSource(d.pop("source"))

        is_prebuilt = d.pop("is_prebuilt")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at").replace("Z", "+00:00"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at").replace("Z", "+00:00"))

        extractor_response = cls(
            id=id,
            name=name,
            display_name=display_name,
            instructions=instructions,
            reasoning_effort=reasoning_effort,
            provider_name=provider_name,
            model=model,
            schema=schema,
            examples=examples,
            include_text_layer=include_text_layer,
            review_threshold=review_threshold,
            review_thresholds=review_thresholds,
            version=version,
            examples_strategy=examples_strategy,
            max_examples=max_examples,
            evaluation_set=evaluation_set,
            rules=rules,
            source=source,
            is_prebuilt=is_prebuilt,
            created_at=created_at,
            updated_at=updated_at,
        )

        return extractor_response
