// Puts a parsed model answer into the shape of the stored schema before validation:
// missing keys become null (or [] for non-nullable arrays), nulls that strict mode allowed on
// optional fields are dropped again, unknown keys are dropped, and scalars the model wrote in
// the wrong JSON type ("12.5" for a number, "true" for a boolean, a lone value for a
// multi-label list) are converted. Anything that still does not fit is left for validation.
import { shapeOf, type Shape } from './schema-shape.js';
import type { JsonSchema } from './types.js';

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function empty(shape: Shape): unknown {
  if (shape.nullable) return null;
  if (shape.kind === 'array') return [];
  if (shape.kind === 'object') return conform(shape, {});
  return null;
}

function conform(shape: Shape, value: unknown): unknown {
  if (value === undefined || value === null) return empty(shape);
  switch (shape.kind) {
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return value;
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(shape.properties)) {
        const childShape = shapeOf(child);
        const v = source[key];
        if (v === undefined || v === null) {
          // Optional keys stay absent unless the model wrote a null the schema allows.
          if (shape.required.has(key) || (childShape.nullable && v === null)) out[key] = empty(childShape);
          continue;
        }
        out[key] = conform(childShape, v);
      }
      return out;
    }
    case 'array': {
      const items = shapeOf(shape.items);
      const list = Array.isArray(value) ? value : [value];
      return list.filter((x) => x !== null || items.nullable).map((x) => conform(items, x));
    }
    case 'enum':
      return Array.isArray(value) && value.length === 1 ? value[0] : value;
    case 'string':
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    case 'number':
    case 'integer':
      if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
      return value;
    case 'boolean':
      if (value === 'true') return true;
      if (value === 'false') return false;
      return value;
    default:
      return value;
  }
}

export function conformToSchema(schema: JsonSchema, value: unknown): unknown {
  // The root is an object even when the schema allows null there (`["object", "null"]`): an
  // extraction result is always an object, so a null answer becomes the empty-shaped object.
  return conform({ ...shapeOf(schema), nullable: false }, value);
}
