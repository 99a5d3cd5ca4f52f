// Validates data (extraction results, few-shot example outputs) against a dialect schema.
import Ajv2020Module, { type ErrorObject } from 'ajv/dist/2020.js';
import { isPlainObject } from './dialect.js';
import { checkSchema } from './validate.js';

// ajv is CommonJS: under NodeNext the default import is its module.exports, whose `default` is the class.
const Ajv2020 = Ajv2020Module.default;

export interface DataValidationResult {
  valid: boolean;
  /** One line per problem, `<instance path>: <message>`; empty when valid. */
  errors: string[];
}
export type DataValidator = (data: unknown) => DataValidationResult;

/** Compiled validators kept per schema text; bounded so a long-lived worker cannot grow without limit. */
const CACHE_LIMIT = 256;
const cache = new Map<string, DataValidator>();
/** At most this many error lines per validation; a huge wrong document must not yield a huge answer. */
const MAX_ERROR_LINES = 50;

const ajv = new Ajv2020({
  allErrors: true,
  strict: true,
  // Only the data's own keys count: `{}` must not satisfy a required "constructor" through its prototype.
  ownProperties: true,
  // `[T, "null"]` is the dialect's nullable form; strict mode would otherwise refuse union types.
  allowUnionTypes: true,
});
// The service's own annotation: accepted and ignored when validating data.
ajv.addKeyword({ keyword: 'x-service', schemaType: 'object' });

/**
 * A validator for data against a dialect schema (throws if the schema is not in the dialect).
 * Compiled validators are cached by the schema's JSON text.
 */
export function compileDataValidator(schema: unknown): DataValidator {
  const key = JSON.stringify(schema);
  const hit = cache.get(key);
  if (hit) {
    // Re-insert so the Map's order is least-recently-used first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const { errors } = checkSchema(schema);
  if (errors.length > 0) {
    const first = errors.slice(0, 3).map((e) => `${e.path}: ${e.message}`).join('; ');
    throw new Error(`not a valid extraction schema (${errors.length} errors): ${first}`);
  }
  const validate = ajv.compile(withoutSchemaKeyword(schema) as Record<string, unknown>);
  const validator: DataValidator = (data) => {
    if (validate(data)) return { valid: true, errors: [] };
    return { valid: false, errors: formatErrors(validate.errors ?? []) };
  };
  cache.set(key, validator);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return validator;
}

/**
 * A validator for a schema the service derived from a dialect schema (e.g. the window schema of
 * long documents, whose lists may be null), which the dialect itself would not admit; cached like compileDataValidator.
 */
export function compileDerivedValidator(schema: unknown): DataValidator {
  const key = `derived:${JSON.stringify(schema)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const validate = ajv.compile(withoutSchemaKeyword(schema) as Record<string, unknown>);
  const validator: DataValidator = (data) =>
    validate(data) ? { valid: true, errors: [] } : { valid: false, errors: formatErrors(validate.errors ?? []) };
  cache.set(key, validator);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return validator;
}

/**
 * `$schema` is dropped before compiling: the dialect only admits draft 2020-12, which this Ajv
 * class speaks anyway, and Ajv rejects `$schema` on nested subschemas.
 */
function withoutSchemaKeyword(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSchemaKeyword);
  if (!isPlainObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    Object.defineProperty(out, key, { value: withoutSchemaKeyword(value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function formatErrors(errors: ErrorObject[]): string[] {
  const lines = errors.slice(0, MAX_ERROR_LINES).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'is invalid'}${detail(e)}`);
  if (errors.length > MAX_ERROR_LINES) lines.push(`... and ${errors.length - MAX_ERROR_LINES} more`);
  return lines;
}

function detail(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return ` ('${String(p.additionalProperty)}')`;
  if (e.keyword === 'enum') return ` (${JSON.stringify(p.allowedValues)})`;
  if (e.keyword === 'const') return ` (${JSON.stringify(p.allowedValue)})`;
  return '';
}
