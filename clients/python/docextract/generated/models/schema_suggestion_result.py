from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.schema_suggestion_result_field_notes_item import (
        SchemaSuggestionResultFieldNotesItem,
    )
    from ..models.schema_suggestion_result_rules_item import (
        SchemaSuggestionResultRulesItem,
    )
    from ..models.schema_suggestion_result_schema import SchemaSuggestionResultSchema


T = TypeVar("T", bound="SchemaSuggestionResult")


@_attrs_define
class SchemaSuggestionResult:
    """
    Attributes:
        schema (SchemaSuggestionResultSchema): A JSON Schema of the extraction dialect in canonical form, every property
            required (and
            nullable where its kind allows it): use it as the `schema` of `PUT /v1/extractors/{name}`.
        field_notes (list[SchemaSuggestionResultFieldNotesItem]): What each field holds and where the model found it
            (JSON Pointers of the schema's fields).
        instructions (str): Instructions for the extractor, as the model suggested them (else the request's, else
            empty).
        rules (list[SchemaSuggestionResultRulesItem]): Suggested rules that pass the checks of an extractor's `rules`
            against this schema (others
            are left out). Never applied: they take effect only when you PUT them with the extractor.
    """

    schema: SchemaSuggestionResultSchema
    field_notes: list[SchemaSuggestionResultFieldNotesItem]
    instructions: str
    rules: list[SchemaSuggestionResultRulesItem]

    def to_dict(self) -> dict[str, Any]:
        schema = self.schema.to_dict()

        field_notes = []
        for field_notes_item_data in self.field_notes:
            field_notes_item = field_notes_item_data.to_dict()
            field_notes.append(field_notes_item)

        instructions = self.instructions

        rules = []
        for rules_item_data in self.rules:
            rules_item = rules_item_data.to_dict()
            rules.append(rules_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "schema": schema,
                "field_notes": field_notes,
                "instructions": instructions,
                "rules": rules,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.schema_suggestion_result_field_notes_item import (
            SchemaSuggestionResultFieldNotesItem,
        )
        from ..models.schema_suggestion_result_rules_item import (
            SchemaSuggestionResultRulesItem,
        )
        from ..models.schema_suggestion_result_schema import (
            SchemaSuggestionResultSchema,
        )

        d = dict(src_dict)
        schema = SchemaSuggestionResultSchema.from_dict(d.pop("schema"))

        field_notes = []
        _field_notes = d.pop("field_notes")
        for field_notes_item_data in _field_notes:
            field_notes_item = SchemaSuggestionResultFieldNotesItem.from_dict(field_notes_item_data)

            field_notes.append(field_notes_item)

        instructions = d.pop("instructions")

        rules = []
        _rules = d.pop("rules")
        for rules_item_data in _rules:
            rules_item = SchemaSuggestionResultRulesItem.from_dict(rules_item_data)

            rules.append(rules_item)

        schema_suggestion_result = cls(
            schema=schema,
            field_notes=field_notes,
            instructions=instructions,
            rules=rules,
        )

        return schema_suggestion_result
