// Extraction schema → NuExtract 2.0 template. A template is JSON mirroring the output's shape,
// each leaf naming a field type: "verbatim-string", "string", "integer", "number", "date-time",
// "boolean", ...; an enum is the list of its choices ["a", "b"]; a multi-label field (array of
// enum) is [["a", "b"]]; any other array is [<item template>]; objects nest.
// The schema's `x-service.semantic` values are NuExtract field types and are used as they are.
import { shapeOf, type Shape } from './schema-shape.js';
import type { JsonSchema } from './types.js';

function template(shape: Shape): unknown {
  switch (shape.kind) {
    case 'object':
      return Object.fromEntries(Object.entries(shape.properties).map(([k, v]) => [k, template(shapeOf(v))]));
    case 'array': {
      const items = shapeOf(shape.items);
      return items.kind === 'enum' ? [items.values] : [template(items)];
    }
    case 'enum':
      return shape.values;
    case 'string':
      return shape.semantic ?? 'string';
    case 'number':
    case 'integer':
    case 'boolean':
      return shape.kind;
    default:
      return 'string';
  }
}

export function toNuExtractTemplate(schema: JsonSchema): Record<string, unknown> {
  return template(shapeOf(schema)) as Record<string, unknown>;
}

/** The template as the chat template expects it: a JSON string (indented like NuMind's examples). */
export function nuextractTemplateString(schema: JsonSchema): string {
  return JSON.stringify(toNuExtractTemplate(schema), null, 4);
}
