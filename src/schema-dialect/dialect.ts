// The extraction schema dialect as data: which keys each kind allows, which type names exist,
// the `x-service.semantic` vocabulary and the hardening limits. The validator and the
// canonicaliser both read these tables, so the dialect is defined in exactly one place.

/** The only JSON Schema draft the dialect speaks; `$schema`, when given, must name it. */
export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
export const ACCEPTED_SCHEMA_URIS: readonly string[] = [DRAFT_2020_12, `${DRAFT_2020_12}#`];

/** Allowed values of `x-service.semantic` (they are NuExtract's field types). */
export const SEMANTIC_VALUES = [
  'string',
  'verbatim-string',
  'integer',
  'number',
  'boolean',
  'date',
  'time',
  'date-time',
  'duration',
  'country',
  'currency',
  'language',
  'language-tag',
  'script',
  'url',
  'email-address',
  'phone-number',
  'iban',
  'bic',
  'unit-code',
  'region:US',
  'region:FR',
  'region:IE',
  'region:GB',
  'region:IT',
  'region:ES',
  'region:DE',
  'region:PT',
  'region:CA',
  'region:MX',
  'region:BR',
  'region:AU',
  'region:JP',
  'region:KR',
] as const;
export type SemanticValue = (typeof SEMANTIC_VALUES)[number];

/** Bounds that keep validation linear and shallow whatever a client submits. */
export const LIMITS = {
  /** Schema nesting below the root (properties, items, union branches each add one level). */
  maxDepth: 32,
  /** Values in one enum, or across all branches of one enum union. */
  maxEnumValues: 500,
  /** Properties of one object schema. */
  maxProperties: 500,
  /** Schema objects visited in one document. */
  maxSchemaNodes: 5000,
  /** Diagnostics reported per list (errors, warnings); the rest is summarised in one entry. */
  maxDiagnostics: 200,
} as const;

export type Kind =
  | 'object'
  | 'array'
  | 'string'
  | 'semantic_string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'enum'
  | 'enum_union'
  | 'nullable_union'
  | 'null';

const COMMON = ['title', 'description'] as const;

/** Keys allowed per kind, in canonical output order. */
export const KIND_KEYS: Record<Kind, readonly string[]> = {
  object: ['$schema', ...COMMON, 'type', 'properties', 'required', 'additionalProperties'],
  array: [...COMMON, 'type', 'items'],
  string: [...COMMON, 'type', 'pattern', 'minLength', 'maxLength'],
  semantic_string: [...COMMON, 'type', 'x-service'],
  number: [...COMMON, 'type'],
  integer: [...COMMON, 'type'],
  boolean: [...COMMON, 'type'],
  enum: [...COMMON, 'type', 'enum', 'x-service'],
  enum_union: [...COMMON, 'oneOf', 'anyOf'],
  nullable_union: [...COMMON, 'oneOf', 'anyOf'],
  null: [...COMMON, 'type'],
};

/** Keys of the two value branches of an enum union, in canonical order. */
export const CONST_BRANCH_KEYS: readonly string[] = [...COMMON, 'const'];
export const ENUM_BRANCH_KEYS: readonly string[] = [...COMMON, 'enum'];

/** Every key any kind allows; used when a schema's kind cannot be told. */
export const ALL_SCHEMA_KEYS: ReadonlySet<string> = new Set(Object.values(KIND_KEYS).flat());

export const TYPE_NAMES = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'] as const;
export type TypeName = (typeof TYPE_NAMES)[number];

/** Types that may take the two-element `[T, "null"]` form. Arrays never may (see the table). */
export const NULLABLE_TYPES: ReadonlySet<TypeName> = new Set(['object', 'string', 'number', 'integer', 'boolean']);

/** Kinds the non-null branch of a nullable union may have. */
export const NULLABLE_UNION_VALUE_KINDS: ReadonlySet<Kind> = new Set([
  'string',
  'semantic_string',
  'number',
  'integer',
  'boolean',
  'object',
]);

export type JsonObject = Record<string, unknown>;

export function isPlainObject(v: unknown): v is JsonObject {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function hasOwn(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

export function describeJsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export type ParsedType =
  | { ok: true; base: TypeName; nullable: boolean }
  | { ok: false; code: 'invalid_type' | 'invalid_value' | 'unsupported_type'; message: string };

/** Read a `type` value: a type name, or `[T, "null"]` / `["null", T]`. */
export function parseType(value: unknown): ParsedType {
  if (typeof value === 'string') {
    if (!isTypeName(value)) {
      return { ok: false, code: 'unsupported_type', message: `type '${value}' is not part of the dialect` };
    }
    return { ok: true, base: value, nullable: false };
  }
  if (!Array.isArray(value)) {
    return { ok: false, code: 'invalid_type', message: `type must be a string or a two-element array, got ${describeJsonType(value)}` };
  }
  const shapeError = {
    ok: false as const,
    code: 'invalid_value' as const,
    message: 'a type array must have exactly two elements: a type name and "null"',
  };
  if (value.length !== 2 || !value.every((t) => typeof t === 'string')) return shapeError;
  const others = (value as string[]).filter((t) => t !== 'null');
  if (others.length !== 1) return shapeError;
  const base = others[0];
  if (!isTypeName(base)) {
    return { ok: false, code: 'unsupported_type', message: `type '${base}' is not part of the dialect` };
  }
  return { ok: true, base, nullable: true };
}

function isTypeName(v: string): v is TypeName {
  return (TYPE_NAMES as readonly string[]).includes(v);
}

/** The union keyword a schema uses, preferring `oneOf` when (invalidly) both are present. */
export function unionKey(node: JsonObject): 'oneOf' | 'anyOf' | undefined {
  if (hasOwn(node, 'oneOf')) return 'oneOf';
  if (hasOwn(node, 'anyOf')) return 'anyOf';
  return undefined;
}

/** A null branch is recognised by `type: "null"` alone; its other keys are checked separately. */
export function isNullBranch(v: unknown): boolean {
  return isPlainObject(v) && v.type === 'null';
}

/**
 * Tell which kind of the dialect table a schema object is meant to be. Unions are told apart by
 * their branches (any `const`/`enum` branch makes an enum union); otherwise `enum`, then the type
 * name decide; when `type` is missing or unreadable the kind is inferred from kind-specific keys so
 * the remaining keys can still be checked. `undefined` means nothing identifies a kind.
 */
export function classify(node: JsonObject): Kind | undefined {
  const uk = unionKey(node);
  if (uk) {
    const branches = node[uk];
    const enumLike = Array.isArray(branches) && branches.some((b) => isPlainObject(b) && (hasOwn(b, 'const') || hasOwn(b, 'enum')));
    return enumLike ? 'enum_union' : 'nullable_union';
  }
  if (hasOwn(node, 'enum')) return 'enum';
  const parsed = parseType(node.type);
  if (parsed.ok) {
    if (parsed.base === 'string') return hasOwn(node, 'x-service') ? 'semantic_string' : 'string';
    return parsed.base;
  }
  if (hasOwn(node, 'properties') || hasOwn(node, 'required') || hasOwn(node, 'additionalProperties') || hasOwn(node, '$schema')) {
    return 'object';
  }
  if (hasOwn(node, 'items')) return 'array';
  if (hasOwn(node, 'x-service')) return 'semantic_string';
  if (hasOwn(node, 'pattern') || hasOwn(node, 'minLength') || hasOwn(node, 'maxLength')) return 'string';
  return undefined;
}

/** Whether a (valid) schema admits null: a `[T, "null"]` type or a union with a null branch. */
export function acceptsNull(node: unknown): boolean {
  if (!isPlainObject(node)) return false;
  const uk = unionKey(node);
  if (uk) {
    const branches = node[uk];
    return Array.isArray(branches) && branches.some(isNullBranch);
  }
  const parsed = parseType(node.type);
  return parsed.ok && parsed.nullable;
}
