// Extraction schema → the subset accepted by OpenAI's strict structured outputs:
// every property required (optional ones become nullable), `additionalProperties: false` on every
// object, no `oneOf`, no `title`/`$schema`/`x-service`, no string length keywords.
// Values made nullable here that the stored schema does not allow are removed again by conformToSchema.
import { shapeOf, type Shape } from './schema-shape.js';
import type { JsonSchema } from './types.js';

// Semantic types become a hint in the description: JSON Schema `format` would be stricter than
// the service's own validation (e.g. RFC 3339 `time` demands a UTC offset).
const SEMANTIC_HINTS: Record<string, string> = {
  'verbatim-string': 'copied verbatim from the document',
  date: 'ISO 8601 calendar date, YYYY-MM-DD',
  time: 'time of day, 24-hour HH:MM or HH:MM:SS',
  'date-time': 'ISO 8601 date and time, YYYY-MM-DDTHH:MM:SS',
  duration: 'ISO 8601 duration, e.g. P3D or PT2H30M',
  country: 'ISO 3166-1 alpha-2 country code',
  currency: 'ISO 4217 currency code',
  language: 'ISO 639-1 language code',
  'language-tag': 'BCP 47 language tag',
  script: 'ISO 15924 script code',
  url: 'absolute URL',
  'email-address': 'email address',
  'phone-number': 'phone number',
  iban: 'IBAN without spaces',
  bic: 'BIC (SWIFT) code',
  'unit-code': 'UN/ECE Recommendation 20 unit code',
  integer: 'integer written with digits only',
  number: 'number written with digits',
  boolean: '"true" or "false"',
};

export function semanticHint(semantic: string | undefined): string | undefined {
  if (!semantic) return undefined;
  if (semantic.startsWith('region:')) return `ISO 3166-2 subdivision code of ${semantic.slice('region:'.length)}`;
  return SEMANTIC_HINTS[semantic];
}

function describe(shape: Shape): { description?: string } {
  const parts: string[] = [];
  if (shape.description) parts.push(shape.description);
  if (shape.kind === 'string') {
    const hint = semanticHint(shape.semantic);
    if (hint) parts.push(`Format: ${hint}.`);
  }
  if (shape.kind === 'enum' && shape.notes.length > 0) parts.push(`Values: ${shape.notes.join('; ')}.`);
  return parts.length > 0 ? { description: parts.join(' ') } : {};
}

const orNull = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const scalarType = (type: string, nullable: boolean) => (nullable ? [type, 'null'] : type);

function convert(shape: Shape, nullable: boolean): JsonSchema {
  switch (shape.kind) {
    case 'object': {
      const keys = Object.keys(shape.properties);
      const properties = Object.fromEntries(
        keys.map((k) => {
          const child = shapeOf(shape.properties[k]);
          return [k, convert(child, child.nullable || !shape.required.has(k))];
        }),
      );
      const schema = { type: 'object', ...describe(shape), properties, required: keys, additionalProperties: false };
      return nullable ? orNull(schema) : schema;
    }
    case 'array': {
      const items = shapeOf(shape.items);
      const schema = { type: 'array', ...describe(shape), items: convert(items, items.nullable) };
      return nullable ? orNull(schema) : schema;
    }
    case 'enum':
      return { type: scalarType('string', nullable), ...describe(shape), enum: nullable ? [...shape.values, null] : shape.values };
    case 'string':
      return { type: scalarType('string', nullable), ...describe(shape), ...(shape.pattern ? { pattern: shape.pattern } : {}) };
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: scalarType(shape.kind, nullable), ...describe(shape) };
    default:
      // Outside the dialect: pass it on without the keys strict mode refuses.
      return stripKeywords(shape.node);
  }
}

function stripKeywords(node: unknown): any {
  if (Array.isArray(node)) return node.map(stripKeywords);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !['$schema', 'title', 'x-service', 'minLength', 'maxLength'].includes(k))
      .map(([k, v]) => [k, stripKeywords(v)]),
  );
}

/** The root is always a non-null object: strict mode refuses anything else at the top. */
export function toStrictJsonSchema(schema: JsonSchema): JsonSchema {
  return convert(shapeOf(schema), false);
}

/** `json_schema.name` must match ^[a-zA-Z0-9_-]{1,64}$. */
export function responseFormatName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64);
  return cleaned || 'extraction';
}
