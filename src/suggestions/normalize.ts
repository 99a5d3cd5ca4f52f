// A suggested schema made ready for `PUT /v1/extractors/{name}` as it is (issue 51): checked
// against the extraction schema dialect, then every property made required-or-nullable (a
// property the model left optional becomes required and, where its kind can be, nullable: an
// extractor then answers null instead of leaving it out), then written in canonical form. Pure.
import { NULLABLE_TYPES, classify, hasOwn, isPlainObject, parseType, type JsonObject, type TypeName } from '../schema-dialect/dialect.js';
import { validateSchema, type Diagnostic } from '../schema-dialect/index.js';

export type SuggestedSchemaCheck =
  | { valid: true; schema: Record<string, unknown>; warnings: Diagnostic[] }
  | { valid: false; errors: Diagnostic[] };

/** Check a suggested schema against the dialect and normalise it; `errors` are the dialect's diagnostics. */
export function checkSuggestedSchema(schema: unknown): SuggestedSchemaCheck {
  const first = validateSchema(schema);
  if (!first.valid || !first.canonical_schema) return { valid: false, errors: first.errors };
  // A JSON round trip, not structuredClone: its objects may come from another realm (Jest), which
  // the dialect's plain-object checks refuse.
  const normalised = requireEveryProperty(JSON.parse(JSON.stringify(first.canonical_schema)) as JsonObject);
  const second = validateSchema(normalised);
  // Normalising never makes a valid schema invalid; if it ever did, the accepted form is kept.
  if (!second.valid || !second.canonical_schema) return { valid: true, schema: first.canonical_schema, warnings: first.warnings };
  return { valid: true, schema: second.canonical_schema, warnings: second.warnings };
}

/** Every property of every object schema in `required`; the ones that were optional made nullable. */
export function requireEveryProperty(node: JsonObject): JsonObject {
  visit(node);
  return node;
}

function visit(node: unknown): void {
  if (!isPlainObject(node)) return;
  const kind = classify(node);
  if (kind === 'object' && isPlainObject(node.properties)) {
    const props = node.properties as JsonObject;
    const required = Array.isArray(node.required) ? (node.required as unknown[]).filter((r): r is string => typeof r === 'string') : [];
    for (const name of Object.keys(props)) {
      if (!required.includes(name)) {
        required.push(name);
        makeNullable(props[name]);
      }
      visit(props[name]);
    }
    if (required.length > 0) node.required = required;
  } else if (kind === 'array') {
    visit(node.items);
  } else if (kind === 'nullable_union') {
    for (const key of ['oneOf', 'anyOf']) if (Array.isArray(node[key])) (node[key] as unknown[]).forEach(visit);
  }
}

/** Nullable where the dialect allows it (not arrays, enum unions or unions: they stay required only). */
function makeNullable(node: unknown): void {
  if (!isPlainObject(node) || hasOwn(node, 'oneOf') || hasOwn(node, 'anyOf')) return;
  const parsed = parseType(node.type);
  if (!parsed.ok || parsed.nullable || !NULLABLE_TYPES.has(parsed.base as TypeName)) return;
  node.type = [parsed.base, 'null'];
  if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
}
