from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from typing_extensions import Self

from ..models.extractor_definition_input_examples_strategy import (
    ExtractorDefinitionInputExamplesStrategy,
)
from ..models.provider_name import ProviderName
from ..models.reasoning_effort import ReasoningEffort
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.date_order_rule import DateOrderRule
    from ..models.equals_rule import EqualsRule
    from ..models.example_input import ExampleInput
    from ..models.json_object import JsonObject
    from ..models.range_rule_type_0 import RangeRuleType0
    from ..models.range_rule_type_1 import RangeRuleType1
    from ..models.regex_rule import RegexRule
    from ..models.required_rule import RequiredRule
    from ..models.review_thresholds import ReviewThresholds
    from ..models.sum_rule import SumRule


T = TypeVar("T", bound="ExtractorDefinitionInput")


@_attrs_define
class ExtractorDefinitionInput:
    """The complete extractor definition (body of the create-or-replace operation).

    Attributes:
        display_name (str): Human-readable label, not only whitespace; stored without surrounding whitespace.
        instructions (str): Natural-language extraction instructions.
        schema (JsonObject): A free-form JSON object whose strings and keys are free of NUL.
        name (None | str | Unset): The name comes from the path, so a request need not send it (readOnly); one that does
            must send the path's name (else `400 name_mismatch`).
        reasoning_effort (None | ReasoningEffort | Unset):
        provider_name (None | ProviderName | Unset): Defaults to `compatible_api`.
        model (None | str | Unset): Defaults to `SERVICE_LOCAL_MODEL` for `compatible_api`; required for hosted
            providers.
        examples (list[ExampleInput] | Unset):
        include_text_layer (bool | Unset): Our addition. Each page's text layer (where it has one: a digital PDF, a
            converted
            document) goes in the same user message as its image, so the model reads exact
            characters; the text counts against the window's budget (`SERVICE_EXTRACTION_WINDOW_CHARS`).
            Default true; false sends page images only.
        review_threshold (float | None | Unset): Our addition. A value whose confidence is below this is flagged
            `low_confidence`, and a
            completed job with any flag is put in review (`review.status = pending`). Null (the
            default): no job of this extractor needs review.
        review_thresholds (None | ReviewThresholds | Unset): Per-field thresholds (see `ReviewThresholds`); null (the
            default) or absent for none.
        examples_strategy (ExtractorDefinitionInputExamplesStrategy | Unset): `all` (the default): every example goes
            into every prompt. `similar`: the `max_examples` whose input text is most similar to the job's (text layer for
            files), ranked in Postgres full-text search, ties to the newest.
        max_examples (int | None | Unset): With `similar`, how many examples (5 when null).
        evaluation_set (None | str | Unset): The name of an existing evaluation set (404 when there is none) that
            candidate changes are measured on (the release gate, `POST /v1/extractors/{extractor_ref}/candidates`); null
            (the default) for none.
        rules (list[DateOrderRule | EqualsRule | RangeRuleType0 | RangeRuleType1 | RegexRule | RequiredRule | SumRule] |
            None | Unset): Our addition (docs/rules.md). Checks run on every answer of the extractor and again after
            each review correction; a failed rule flags its values `rule:<id>` and puts the job in
            review. Each pointer must name a field of `schema` (`*` for the items of an array); ids
            are unique (`422 invalid_rules` otherwise). Absent on `PUT`: none; on `PATCH`: unchanged;
            `[]` or null removes them. Versioned with the extractor: each job keeps the rules of the
            version it ran with.
    """

    display_name: str
    instructions: str
    schema: JsonObject
    name: None | str | Unset = UNSET
    reasoning_effort: None | ReasoningEffort | Unset = UNSET
    provider_name: None | ProviderName | Unset = UNSET
    model: None | str | Unset = UNSET
    examples: list[ExampleInput] | Unset = UNSET
    include_text_layer: bool | Unset = UNSET
    review_threshold: float | None | Unset = UNSET
    review_thresholds: None | ReviewThresholds | Unset = UNSET
    examples_strategy: ExtractorDefinitionInputExamplesStrategy | Unset = UNSET
    max_examples: int | None | Unset = UNSET
    evaluation_set: None | str | Unset = UNSET
    rules: (
        list[DateOrderRule | EqualsRule | RangeRuleType0 | RangeRuleType1 | RegexRule | RequiredRule | SumRule]
        | None
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.date_order_rule import DateOrderRule
        from ..models.range_rule_type_0 import RangeRuleType0
        from ..models.range_rule_type_1 import RangeRuleType1
        from ..models.regex_rule import RegexRule
        from ..models.required_rule import RequiredRule
        from ..models.review_thresholds import ReviewThresholds
        from ..models.sum_rule import SumRule

        display_name = self.display_name

        instructions = self.instructions

        schema = self.schema.to_dict()

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        reasoning_effort: None | str | Unset
        if isinstance(self.reasoning_effort, Unset):
            reasoning_effort = UNSET
        elif isinstance(self.reasoning_effort, ReasoningEffort):
            reasoning_effort = self.reasoning_effort.value
        else:
            reasoning_effort = self.reasoning_effort

        provider_name: None | str | Unset
        if isinstance(self.provider_name, Unset):
            provider_name = UNSET
        elif isinstance(self.provider_name, ProviderName):
            provider_name = self.provider_name.value
        else:
            provider_name = self.provider_name

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        examples: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.examples, Unset):
            examples = []
            for examples_item_data in self.examples:
                examples_item = examples_item_data.to_dict()
                examples.append(examples_item)

        include_text_layer = self.include_text_layer

        review_threshold: float | None | Unset
        if isinstance(self.review_threshold, Unset):
            review_threshold = UNSET
        else:
            review_threshold = self.review_threshold

        review_thresholds: dict[str, Any] | None | Unset
        if isinstance(self.review_thresholds, Unset):
            review_thresholds = UNSET
        elif isinstance(self.review_thresholds, ReviewThresholds):
            review_thresholds = self.review_thresholds.to_dict()
        else:
            review_thresholds = self.review_thresholds

        examples_strategy: str | Unset = UNSET
        if not isinstance(self.examples_strategy, Unset):
            examples_strategy = self.examples_strategy.value

        max_examples: int | None | Unset
        if isinstance(self.max_examples, Unset):
            max_examples = UNSET
        else:
            max_examples = self.max_examples

        evaluation_set: None | str | Unset
        if isinstance(self.evaluation_set, Unset):
            evaluation_set = UNSET
        else:
            evaluation_set = self.evaluation_set

        rules: list[dict[str, Any]] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, list):
            rules = []
            for rules_type_0_item_data in self.rules:
                rules_type_0_item: dict[str, Any]
                if (
                    isinstance(rules_type_0_item_data, SumRule)
                    or isinstance(rules_type_0_item_data, RegexRule)
                    or isinstance(rules_type_0_item_data, RangeRuleType0)
                    or isinstance(rules_type_0_item_data, RangeRuleType1)
                    or isinstance(rules_type_0_item_data, RequiredRule)
                    or isinstance(rules_type_0_item_data, DateOrderRule)
                ):
                    rules_type_0_item = rules_type_0_item_data.to_dict()
                else:
                    rules_type_0_item = rules_type_0_item_data.to_dict()

                rules.append(rules_type_0_item)

        else:
            rules = self.rules

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "display_name": display_name,
                "instructions": instructions,
                "schema": schema,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if reasoning_effort is not UNSET:
            field_dict["reasoning_effort"] = reasoning_effort
        if provider_name is not UNSET:
            field_dict["provider_name"] = provider_name
        if model is not UNSET:
            field_dict["model"] = model
        if examples is not UNSET:
            field_dict["examples"] = examples
        if include_text_layer is not UNSET:
            field_dict["include_text_layer"] = include_text_layer
        if review_threshold is not UNSET:
            field_dict["review_threshold"] = review_threshold
        if review_thresholds is not UNSET:
            field_dict["review_thresholds"] = review_thresholds
        if examples_strategy is not UNSET:
            field_dict["examples_strategy"] = examples_strategy
        if max_examples is not UNSET:
            field_dict["max_examples"] = max_examples
        if evaluation_set is not UNSET:
            field_dict["evaluation_set"] = evaluation_set
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.date_order_rule import DateOrderRule
        from ..models.equals_rule import EqualsRule
        from ..models.example_input import ExampleInput
        from ..models.json_object import JsonObject
        from ..models.range_rule_type_0 import RangeRuleType0
        from ..models.range_rule_type_1 import RangeRuleType1
        from ..models.regex_rule import RegexRule
        from ..models.required_rule import RequiredRule
        from ..models.review_thresholds import ReviewThresholds
        from ..models.sum_rule import SumRule

        d = dict(src_dict)
        display_name = d.pop("display_name")

        instructions = d.pop("instructions")

        schema = JsonObject.from_dict(d.pop("schema"))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_reasoning_effort(data: object) -> None | ReasoningEffort | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reasoning_effort_type_0 = ReasoningEffort(data)

                return reasoning_effort_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ReasoningEffort | Unset", data)

        reasoning_effort = _parse_reasoning_effort(d.pop("reasoning_effort", UNSET))

        def _parse_provider_name(data: object) -> None | ProviderName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                provider_name_type_0 = ProviderName(data)

                return provider_name_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ProviderName | Unset", data)

        provider_name = _parse_provider_name(d.pop("provider_name", UNSET))

        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        model = _parse_model(d.pop("model", UNSET))

        _examples = d.pop("examples", UNSET)
        examples: list[ExampleInput] | Unset = UNSET
        if _examples is not UNSET:
            examples = []
            for examples_item_data in _examples:
                examples_item = ExampleInput.from_dict(examples_item_data)

                examples.append(examples_item)

        include_text_layer = d.pop("include_text_layer", UNSET)

        def _parse_review_threshold(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("float | None | Unset", data)

        review_threshold = _parse_review_threshold(d.pop("review_threshold", UNSET))

        def _parse_review_thresholds(data: object) -> None | ReviewThresholds | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                review_thresholds_type_0 = ReviewThresholds.from_dict(data)

                return review_thresholds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast("None | ReviewThresholds | Unset", data)

        review_thresholds = _parse_review_thresholds(d.pop("review_thresholds", UNSET))

        _examples_strategy = d.pop("examples_strategy", UNSET)
        examples_strategy: ExtractorDefinitionInputExamplesStrategy | Unset
        if isinstance(_examples_strategy, Unset):
            examples_strategy = UNSET
        else:
            examples_strategy = ExtractorDefinitionInputExamplesStrategy(_examples_strategy)

        def _parse_max_examples(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("int | None | Unset", data)

        max_examples = _parse_max_examples(d.pop("max_examples", UNSET))

        def _parse_evaluation_set(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast("None | str | Unset", data)

        evaluation_set = _parse_evaluation_set(d.pop("evaluation_set", UNSET))

        def _parse_rules(
            data: object,
        ) -> (
            list[DateOrderRule | EqualsRule | RangeRuleType0 | RangeRuleType1 | RegexRule | RequiredRule | SumRule]
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rules_type_0 = []
                _rules_type_0 = data
                for rules_type_0_item_data in _rules_type_0:

                    def _parse_rules_type_0_item(
                        data: object,
                    ) -> (
                        DateOrderRule
                        | EqualsRule
                        | RangeRuleType0
                        | RangeRuleType1
                        | RegexRule
                        | RequiredRule
                        | SumRule
                    ):
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

                    rules_type_0_item = _parse_rules_type_0_item(rules_type_0_item_data)

                    rules_type_0.append(rules_type_0_item)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                "list[ DateOrderRule | EqualsRule | RangeRuleType0 | RangeRuleType1 | RegexRule | RequiredRule | SumRule ] | None | Unset",
                data,
            )

        rules = _parse_rules(d.pop("rules", UNSET))

        extractor_definition_input = cls(
            display_name=display_name,
            instructions=instructions,
            schema=schema,
            name=name,
            reasoning_effort=reasoning_effort,
            provider_name=provider_name,
            model=model,
            examples=examples,
            include_text_layer=include_text_layer,
            review_threshold=review_threshold,
            review_thresholds=review_thresholds,
            examples_strategy=examples_strategy,
            max_examples=max_examples,
            evaluation_set=evaluation_set,
            rules=rules,
        )

        return extractor_definition_input
