// The document as the project's own clients are generated from it. The served openapi.yaml itself
// generates every operation without a warning in each generator test/clients/generators.test.ts runs;
// this view only shapes the generated classes: openapi-python-client turns constraint-only
// combinators ("a hosted provider needs a model" as anyOf/not; the two shapes of an example's input)
// into one class per branch, and reads an event stream's schema (one event, as Schemathesis
// validates it) as the whole body. The view leaves those validations out: the same operations,
// fields and types, and the service still enforces every rule.
import YAML from 'yaml';

/** Schemas whose top-level anyOf / not only constrain the fields of the object. */
const CONSTRAINT_ONLY = ['ExtractorDefinitionInput', 'ClassifierDefinitionInput', 'ParserCreateInput', 'ParserDefinitionInput', 'ExtractorUpdateInput', 'ParserUpdateInput'];

export function codegenView(documentText: string): string {
  const doc = YAML.parse(documentText);
  const schemas = doc.components.schemas;
  for (const name of CONSTRAINT_ONLY) {
    delete schemas[name].anyOf;
    delete schemas[name].not;
  }
  // An event stream's schema describes one event (as Schemathesis validates it); the generated
  // client reads the whole stream as text, so the generator is told it is a string.
  for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
    for (const op of Object.values(item)) {
      const stream = op?.responses?.['200']?.content?.['text/event-stream'];
      if (stream) stream.schema = { type: 'string' };
    }
  }
  // One object for both shapes of an example's input, as the service reads it.
  const input = schemas.ExampleInput.properties.input;
  schemas.ExampleInput.properties.input = {
    type: 'object',
    additionalProperties: false,
    description: input.description,
    properties: {
      type: { type: 'string', enum: ['text', 'file'], default: 'text' },
      text: { type: ['string', 'null'] },
      file_id: { type: ['string', 'null'] },
    },
  };
  return YAML.stringify(doc);
}
