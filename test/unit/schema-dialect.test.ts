import { describe, expect, it } from '@jest/globals';
import {
  DIAGNOSTIC_CODES,
  SCHEMA_DIALECT_LIMITS,
  compileDataValidator,
  validateSchema,
  type Diagnostic,
} from '../../src/schema-dialect/index.js';
import { RECEIPT_SCHEMA } from '../../src/domain/prebuilt.js';

type Json = Record<string, unknown>;

/** A root object whose single required property `p` is the schema under test. */
const prop = (schema: unknown): Json => ({
  type: 'object',
  properties: { p: schema },
  required: ['p'],
  additionalProperties: false,
});
const P = '$.properties.p';

interface Case {
  name: string;
  schema: unknown;
  /** Expected errors as "code path"; empty (the default) means the schema is accepted. */
  errors?: string[];
  /** Expected warnings as "code path"; checked exactly. */
  warnings?: string[];
}

const pairs = (ds: Diagnostic[]) => ds.map((d) => `${d.code} ${d.path}`).sort();

const CASES: Case[] = [
  // ── root ───────────────────────────────────────────────────────────────────────────────
  { name: 'root: minimal object', schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
  { name: 'root: empty properties warns', schema: { type: 'object', properties: {} }, warnings: ['empty_properties $.properties'] },
  { name: 'root: array value', schema: [], errors: ['root_not_object $'] },
  { name: 'root: string value', schema: 'object', errors: ['root_not_object $'] },
  { name: 'root: null value', schema: null, errors: ['root_not_object $'] },
  { name: 'root: undefined value', schema: undefined, errors: ['root_not_object $'] },
  { name: 'root: string schema', schema: { type: 'string' }, errors: ['root_not_object $'] },
  { name: 'root: array schema', schema: { type: 'array', items: { type: 'string' } }, errors: ['root_not_object $'] },
  {
    name: 'root: nullable object is accepted with a warning',
    schema: { type: ['object', 'null'], properties: { a: { type: ['string', 'null'] } } },
    warnings: ['nullable_root $.type'],
  },
  {
    name: 'root: nullable object, null first',
    schema: { type: ['null', 'object'], properties: { a: { type: 'string' } }, required: ['a'] },
    warnings: ['nullable_root $.type'],
  },
  {
    name: 'root: nullable union of an object',
    schema: { oneOf: [{ type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }, { type: 'null' }] },
    errors: ['root_not_object $'],
  },
  { name: 'root: no kind at all', schema: {}, errors: ['missing_keyword $', 'root_not_object $'] },

  // ── $schema ────────────────────────────────────────────────────────────────────────────
  { name: '$schema: draft 2020-12', schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'] } },
  { name: '$schema: draft 2020-12 with #', schema: { $schema: 'https://json-schema.org/draft/2020-12/schema#', type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'] } },
  { name: '$schema: allowed on a nested object', schema: prop({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { a: { type: 'number' } }, required: ['a'] }) },
  { name: '$schema: other draft', schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: {} }, errors: ['invalid_value $.$schema'], warnings: ['empty_properties $.properties'] },
  { name: '$schema: not a string', schema: { $schema: 7, type: 'object', properties: {} }, errors: ['invalid_type $.$schema'], warnings: ['empty_properties $.properties'] },
  { name: '$schema: not allowed on a string', schema: prop({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' }), errors: [`unsupported_keyword ${P}.$schema`] },
  { name: '$schema: not allowed on a union', schema: prop({ $schema: 'https://json-schema.org/draft/2020-12/schema', oneOf: [{ const: 'a' }] }), errors: [`unsupported_keyword ${P}.$schema`] },

  // ── annotations ────────────────────────────────────────────────────────────────────────
  { name: 'annotations: title and description', schema: prop({ title: 'T', description: 'D', type: 'string' }) },
  { name: 'annotations: title not a string', schema: prop({ title: 1, type: 'string' }), errors: [`invalid_type ${P}.title`] },
  { name: 'annotations: description not a string', schema: prop({ description: ['x'], type: 'number' }), errors: [`invalid_type ${P}.description`] },

  // ── object ─────────────────────────────────────────────────────────────────────────────
  { name: 'object: nullable [object, null]', schema: prop({ type: ['object', 'null'], properties: { a: { type: 'string' } }, required: ['a'] }) },
  { name: 'object: nullable [null, object]', schema: prop({ type: ['null', 'object'], properties: { a: { type: 'string' } }, required: ['a'] }) },
  { name: 'object: additionalProperties false', schema: prop({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }) },
  { name: 'object: additionalProperties true', schema: prop({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: true }), errors: [`invalid_value ${P}.additionalProperties`] },
  { name: 'object: additionalProperties schema', schema: prop({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: { type: 'string' } }), errors: [`invalid_value ${P}.additionalProperties`] },
  { name: 'object: missing properties', schema: prop({ type: 'object' }), errors: [`missing_keyword ${P}`] },
  { name: 'object: properties is an array', schema: prop({ type: 'object', properties: [{ type: 'string' }] }), errors: [`invalid_type ${P}.properties`] },
  { name: 'object: property schema is not an object', schema: prop({ type: 'object', properties: { a: true }, required: ['a'] }), errors: [`invalid_type ${P}.properties.a`] },
  { name: 'object: unsupported keyword', schema: prop({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], minProperties: 1 }), errors: [`unsupported_keyword ${P}.minProperties`] },
  { name: 'object: type missing but properties given', schema: prop({ properties: { a: { type: 'string' } }, required: ['a'] }), errors: [`missing_keyword ${P}`] },
  { name: 'object: path of a non-identifier key', schema: { type: 'object', properties: { 'odd key': { type: 'strin' } }, required: ['odd key'] }, errors: ["unsupported_type $.properties['odd key'].type"] },
  { name: 'object: path escapes quotes', schema: { type: 'object', properties: { "it's": { type: 5 } }, required: ["it's"] }, errors: ["invalid_type $.properties['it\\'s'].type"] },
  {
    name: 'object: nested path through a property named items',
    schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'strin' } } }, required: ['items'] },
    errors: ['unsupported_type $.properties.items.items.type'],
  },

  // ── required ───────────────────────────────────────────────────────────────────────────
  { name: 'required: unique names', schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['b', 'a'] } },
  { name: 'required: not an array', schema: { type: 'object', properties: { a: { type: 'string' } }, required: 'a' }, errors: ['invalid_type $.required'] },
  { name: 'required: entry not a string', schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 1] }, errors: ['invalid_type $.required[1]'] },
  { name: 'required: duplicate', schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'a'] }, errors: ['duplicate_required $.required[1]'] },
  {
    name: 'required: unknown property warns',
    schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'] },
    warnings: ['required_unknown_property $.required[1]'],
  },
  {
    name: 'required: optional non-nullable property warns',
    schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] },
    warnings: ['optional_not_nullable $.properties.b'],
  },
  {
    name: 'required: optional nullable properties do not warn',
    schema: {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'] },
        b: { anyOf: [{ type: 'number' }, { type: 'null' }] },
        c: { oneOf: [{ const: 'x' }, { type: 'null' }] },
      },
    },
  },

  // ── type forms ─────────────────────────────────────────────────────────────────────────
  { name: 'type: [string, null]', schema: prop({ type: ['string', 'null'] }) },
  { name: 'type: [null, string]', schema: prop({ type: ['null', 'string'] }) },
  { name: 'type: one-element array', schema: prop({ type: ['string'] }), errors: [`invalid_value ${P}.type`] },
  { name: 'type: three-element array', schema: prop({ type: ['string', 'null', 'integer'] }), errors: [`invalid_value ${P}.type`] },
  { name: 'type: two non-null types', schema: prop({ type: ['string', 'integer'] }), errors: [`invalid_value ${P}.type`] },
  { name: 'type: [null, null]', schema: prop({ type: ['null', 'null'] }), errors: [`invalid_value ${P}.type`] },
  { name: 'type: not a string', schema: prop({ type: 5 }), errors: [`invalid_type ${P}.type`] },
  { name: 'type: unknown name', schema: prop({ type: 'date' }), errors: [`unsupported_type ${P}.type`] },
  { name: 'type: unknown name in array', schema: prop({ type: ['float', 'null'] }), errors: [`unsupported_type ${P}.type`] },
  { name: 'type: missing', schema: prop({ description: 'no type' }), errors: [`missing_keyword ${P}`] },
  { name: 'type: null outside a union', schema: prop({ type: 'null' }), errors: [`unsupported_type ${P}.type`] },
  { name: 'type: unknown key and no kind', schema: prop({ format: 'date' }), errors: [`missing_keyword ${P}`, `unsupported_keyword ${P}.format`] },

  // ── array ──────────────────────────────────────────────────────────────────────────────
  { name: 'array: of strings', schema: prop({ type: 'array', items: { type: 'string' } }) },
  { name: 'array: of objects', schema: prop({ type: 'array', items: { type: 'object', properties: { a: { type: ['integer', 'null'] } }, required: ['a'] } }) },
  { name: 'array: missing items', schema: prop({ type: 'array' }), errors: [`missing_keyword ${P}`] },
  { name: 'array: tuple items', schema: prop({ type: 'array', items: [{ type: 'string' }] }), errors: [`invalid_type ${P}.items`] },
  { name: 'array: nullable', schema: prop({ type: ['array', 'null'], items: { type: 'string' } }), errors: [`unsupported_type ${P}.type`] },
  { name: 'array: unsupported keyword', schema: prop({ type: 'array', items: { type: 'string' }, minItems: 1 }), errors: [`unsupported_keyword ${P}.minItems`] },
  { name: 'array: bad items schema', schema: prop({ type: 'array', items: { type: 'string', minLength: -1 } }), errors: [`invalid_value ${P}.items.minLength`] },

  // ── plain string ───────────────────────────────────────────────────────────────────────
  { name: 'string: pattern and lengths', schema: prop({ type: 'string', pattern: '^[A-Z]{3}$', minLength: 0, maxLength: 3 }) },
  { name: 'string: unicode pattern', schema: prop({ type: 'string', pattern: '^\\p{Lu}+$' }) },
  { name: 'string: negative minLength', schema: prop({ type: 'string', minLength: -1 }), errors: [`invalid_value ${P}.minLength`] },
  { name: 'string: fractional maxLength', schema: prop({ type: 'string', maxLength: 1.5 }), errors: [`invalid_value ${P}.maxLength`] },
  { name: 'string: maxLength as a string', schema: prop({ type: 'string', maxLength: '3' }), errors: [`invalid_type ${P}.maxLength`] },
  { name: 'string: invalid pattern', schema: prop({ type: 'string', pattern: '([a-z]' }), errors: [`invalid_pattern ${P}.pattern`] },
  { name: 'string: pattern invalid in unicode mode', schema: prop({ type: 'string', pattern: '\\-' }), errors: [`invalid_pattern ${P}.pattern`] },
  { name: 'string: pattern not a string', schema: prop({ type: 'string', pattern: 5 }), errors: [`invalid_type ${P}.pattern`] },
  { name: 'string: minLength above maxLength warns', schema: prop({ type: 'string', minLength: 5, maxLength: 2 }), warnings: [`contradictory_length ${P}.minLength`] },
  { name: 'string: format is unsupported', schema: prop({ type: 'string', format: 'date' }), errors: [`unsupported_keyword ${P}.format`] },

  // ── semantic string ────────────────────────────────────────────────────────────────────
  { name: 'semantic: date', schema: prop({ type: 'string', 'x-service': { semantic: 'date' } }) },
  { name: 'semantic: nullable region', schema: prop({ type: ['null', 'string'], description: 'd', 'x-service': { semantic: 'region:US' } }) },
  { name: 'semantic: unknown value', schema: prop({ type: 'string', 'x-service': { semantic: 'zip-code' } }), errors: [`invalid_semantic ${P}['x-service'].semantic`] },
  { name: 'semantic: value not a string', schema: prop({ type: 'string', 'x-service': { semantic: 5 } }), errors: [`invalid_type ${P}['x-service'].semantic`] },
  { name: 'semantic: x-service not an object', schema: prop({ type: 'string', 'x-service': ['date'] }), errors: [`invalid_type ${P}['x-service']`] },
  { name: 'semantic: x-service without semantic', schema: prop({ type: 'string', 'x-service': {} }), errors: [`missing_keyword ${P}['x-service']`] },
  { name: 'semantic: x-service extra key', schema: prop({ type: 'string', 'x-service': { semantic: 'date', hint: 'x' } }), errors: [`unsupported_keyword ${P}['x-service'].hint`] },
  { name: 'semantic: pattern not allowed', schema: prop({ type: 'string', pattern: 'a', 'x-service': { semantic: 'date' } }), errors: [`unsupported_keyword ${P}.pattern`] },
  { name: 'semantic: x-service on a number', schema: prop({ type: 'number', 'x-service': { semantic: 'number' } }), errors: [`unsupported_keyword ${P}['x-service']`] },
  { name: 'semantic: x-service on an object', schema: prop({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], 'x-service': { semantic: 'string' } }), errors: [`unsupported_keyword ${P}['x-service']`] },

  // ── number, integer, boolean ───────────────────────────────────────────────────────────
  { name: 'number: plain', schema: prop({ type: 'number', title: 'n' }) },
  { name: 'integer: nullable', schema: prop({ type: ['integer', 'null'] }) },
  { name: 'boolean: [null, boolean]', schema: prop({ type: ['null', 'boolean'] }) },
  { name: 'number: minimum unsupported', schema: prop({ type: 'number', minimum: 0 }), errors: [`unsupported_keyword ${P}.minimum`] },
  { name: 'integer: pattern unsupported', schema: prop({ type: 'integer', pattern: '\\d' }), errors: [`unsupported_keyword ${P}.pattern`] },
  { name: 'boolean: default unsupported', schema: prop({ type: 'boolean', default: false }), errors: [`unsupported_keyword ${P}.default`] },

  // ── enum ───────────────────────────────────────────────────────────────────────────────
  { name: 'enum: strings', schema: prop({ type: 'string', enum: ['a', 'b'] }) },
  { name: 'enum: nullable with null', schema: prop({ type: ['string', 'null'], enum: ['a', null] }) },
  { name: 'enum: with x-service', schema: prop({ type: 'string', enum: ['EUR', 'USD'], 'x-service': { semantic: 'currency' } }) },
  { name: 'enum: with bad x-service', schema: prop({ type: 'string', enum: ['EUR'], 'x-service': { semantic: 'money' } }), errors: [`invalid_semantic ${P}['x-service'].semantic`] },
  { name: 'enum: empty', schema: prop({ type: 'string', enum: [] }), errors: [`empty_enum ${P}.enum`] },
  { name: 'enum: duplicate value', schema: prop({ type: 'string', enum: ['a', 'b', 'a'] }), errors: [`duplicate_enum_value ${P}.enum[2]`] },
  { name: 'enum: duplicate null', schema: prop({ type: ['string', 'null'], enum: [null, 'a', null] }), errors: [`duplicate_enum_value ${P}.enum[2]`] },
  { name: 'enum: number value', schema: prop({ type: 'string', enum: ['a', 1] }), errors: [`invalid_type ${P}.enum[1]`] },
  { name: 'enum: not an array', schema: prop({ type: 'string', enum: 'a' }), errors: [`invalid_type ${P}.enum`] },
  { name: 'enum: integer type', schema: prop({ type: 'integer', enum: ['1'] }), errors: [`unsupported_type ${P}.type`] },
  { name: 'enum: boolean values', schema: prop({ type: 'boolean', enum: [true] }), errors: [`unsupported_type ${P}.type`, `invalid_type ${P}.enum[0]`] },
  { name: 'enum: missing type', schema: prop({ enum: ['a'] }), errors: [`missing_keyword ${P}`] },
  { name: 'enum: pattern unsupported', schema: prop({ type: 'string', enum: ['a'], pattern: 'a' }), errors: [`unsupported_keyword ${P}.pattern`] },
  { name: 'enum: null listed but type not nullable', schema: prop({ type: 'string', enum: ['a', null] }), warnings: [`enum_null_mismatch ${P}.enum`] },
  { name: 'enum: nullable type but null not listed', schema: prop({ type: ['string', 'null'], enum: ['a'] }), warnings: [`enum_null_mismatch ${P}.enum`] },
  { name: 'enum: at the size limit', schema: prop({ type: 'string', enum: Array.from({ length: 500 }, (_, i) => `v${i}`) }) },
  { name: 'enum: over the size limit', schema: prop({ type: 'string', enum: Array.from({ length: 501 }, (_, i) => `v${i}`) }), errors: [`enum_too_large ${P}.enum`] },

  // ── enum union ─────────────────────────────────────────────────────────────────────────
  { name: 'enum union: consts and null', schema: prop({ oneOf: [{ const: 'a' }, { const: 'b', title: 'B', description: 'bee' }, { type: 'null' }] }) },
  { name: 'enum union: anyOf enum and const', schema: prop({ title: 'T', anyOf: [{ enum: ['a', 'b'] }, { const: 'c' }] }) },
  { name: 'enum union: single branch', schema: prop({ oneOf: [{ const: 'a' }] }) },
  { name: 'enum union: empty', schema: prop({ oneOf: [] }), errors: [`invalid_union ${P}.oneOf`] },
  { name: 'enum union: oneOf and anyOf', schema: prop({ oneOf: [{ const: 'a' }], anyOf: [{ const: 'b' }] }), errors: [`invalid_union ${P}`] },
  { name: 'enum union: not an array', schema: prop({ oneOf: { const: 'a' } }), errors: [`invalid_type ${P}.oneOf`] },
  { name: 'enum union: const not a string', schema: prop({ oneOf: [{ const: 1 }, { const: 'a' }] }), errors: [`invalid_type ${P}.oneOf[0].const`] },
  { name: 'enum union: null inside an enum branch', schema: prop({ oneOf: [{ enum: ['a', null] }] }), errors: [`invalid_type ${P}.oneOf[0].enum[1]`] },
  { name: 'enum union: empty enum branch', schema: prop({ anyOf: [{ enum: [] }, { const: 'a' }] }), errors: [`empty_enum ${P}.anyOf[0].enum`] },
  { name: 'enum union: duplicate in an enum branch', schema: prop({ anyOf: [{ enum: ['a', 'a'] }] }), errors: [`duplicate_enum_value ${P}.anyOf[0].enum[1]`] },
  { name: 'enum union: schema branch', schema: prop({ oneOf: [{ const: 'a' }, { type: 'string' }] }), errors: [`invalid_union ${P}.oneOf[1]`] },
  { name: 'enum union: branch not an object', schema: prop({ oneOf: [{ const: 'a' }, 'b'] }), errors: [`invalid_type ${P}.oneOf[1]`] },
  { name: 'enum union: extra key in a const branch', schema: prop({ oneOf: [{ const: 'a', pattern: 'a' }] }), errors: [`unsupported_keyword ${P}.oneOf[0].pattern`] },
  { name: 'enum union: type beside oneOf', schema: prop({ type: 'string', oneOf: [{ const: 'a' }] }), errors: [`unsupported_keyword ${P}.type`] },
  { name: 'enum union: oneOf overlap warns', schema: prop({ oneOf: [{ const: 'a' }, { enum: ['b', 'a'] }] }), warnings: [`overlapping_branches ${P}.oneOf[1]`] },
  { name: 'enum union: anyOf overlap is fine', schema: prop({ anyOf: [{ const: 'a' }, { enum: ['b', 'a'] }] }) },
  { name: 'enum union: too many branches', schema: prop({ oneOf: Array.from({ length: 501 }, (_, i) => ({ const: `v${i}` })) }), errors: [`enum_too_large ${P}.oneOf`] },
  {
    name: 'enum union: too many values in total',
    schema: prop({ anyOf: [{ enum: Array.from({ length: 300 }, (_, i) => `a${i}`) }, { enum: Array.from({ length: 300 }, (_, i) => `b${i}`) }] }),
    errors: [`enum_too_large ${P}.anyOf`],
  },

  // ── nullable union ─────────────────────────────────────────────────────────────────────
  { name: 'nullable union: string', schema: prop({ oneOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] }) },
  { name: 'nullable union: null first, object', schema: prop({ description: 'd', anyOf: [{ type: 'null', title: 'none' }, { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }] }) },
  { name: 'nullable union: semantic string', schema: prop({ oneOf: [{ type: 'string', 'x-service': { semantic: 'iban' } }, { type: 'null' }] }) },
  { name: 'nullable union: boolean', schema: prop({ anyOf: [{ type: 'boolean' }, { type: 'null' }] }) },
  { name: 'nullable union: three branches', schema: prop({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] }), errors: [`invalid_union ${P}.oneOf`] },
  { name: 'nullable union: one branch', schema: prop({ oneOf: [{ type: 'string' }] }), errors: [`invalid_union ${P}.oneOf`] },
  { name: 'nullable union: no null branch', schema: prop({ oneOf: [{ type: 'string' }, { type: 'number' }] }), errors: [`invalid_union ${P}.oneOf`] },
  { name: 'nullable union: two null branches', schema: prop({ anyOf: [{ type: 'null' }, { type: 'null' }] }), errors: [`invalid_union ${P}.anyOf`] },
  { name: 'nullable union: array branch', schema: prop({ oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] }), errors: [`invalid_union ${P}.oneOf[0]`] },
  { name: 'nullable union: nested union branch', schema: prop({ oneOf: [{ anyOf: [{ type: 'string' }, { type: 'null' }] }, { type: 'null' }] }), errors: [`invalid_union ${P}.oneOf[0]`] },
  { name: 'nullable union: enum-style branch', schema: prop({ oneOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] }), errors: [`unsupported_keyword ${P}.oneOf[0].type`] },
  { name: 'nullable union: extra key on the null branch', schema: prop({ oneOf: [{ type: 'string' }, { type: 'null', format: 'x' }] }), errors: [`unsupported_keyword ${P}.oneOf[1].format`] },
  { name: 'nullable union: invalid value branch', schema: prop({ oneOf: [{ type: 'string', minLength: 'x' }, { type: 'null' }] }), errors: [`invalid_type ${P}.oneOf[0].minLength`] },
  { name: 'nullable union: branch not an object', schema: prop({ anyOf: [5, { type: 'null' }] }), errors: [`invalid_type ${P}.anyOf[0]`] },
  { name: 'nullable union: oneOf with a nullable branch warns', schema: prop({ oneOf: [{ type: ['string', 'null'] }, { type: 'null' }] }), warnings: [`overlapping_branches ${P}.oneOf[0]`] },
];

describe('validateSchema: the dialect table', () => {
  it('has plenty of cases, accepted and rejected', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(CASES.filter((c) => !c.errors?.length).length).toBeGreaterThanOrEqual(30);
    expect(CASES.filter((c) => c.errors?.length).length).toBeGreaterThanOrEqual(60);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = validateSchema(c.schema);
    expect(pairs(result.errors)).toEqual([...(c.errors ?? [])].sort());
    expect(pairs(result.warnings)).toEqual([...(c.warnings ?? [])].sort());
    expect(result.valid).toBe(!c.errors?.length);
    if (result.valid) expect(result.canonical_schema).not.toBeNull();
    else expect(result.canonical_schema).toBeNull();
    for (const d of [...result.errors, ...result.warnings]) {
      expect(d.message).toEqual(expect.any(String));
      expect(d.message.length).toBeGreaterThan(0);
    }
  });
});

describe('validateSchema: behaviour', () => {
  it('accepts the prebuilt receipt schema with no errors and no warnings', () => {
    const result = validateSchema(RECEIPT_SCHEMA);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('reports every problem in one pass', () => {
    const result = validateSchema({
      type: 'object',
      properties: {
        a: { type: 'strin' },
        b: { type: 'array' },
        c: { type: 'string', enum: ['x', 'x'] },
        d: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        e: { type: 'string', 'x-service': { semantic: 'nope' }, format: 'date' },
        f: { type: 'number', minimum: 0 },
      },
      required: ['a', 'b', 'c', 'd', 'e', 'f', 'a'],
      additionalProperties: true,
    });
    expect(result.valid).toBe(false);
    expect(pairs(result.errors)).toEqual(
      [
        'unsupported_type $.properties.a.type',
        'missing_keyword $.properties.b',
        'duplicate_enum_value $.properties.c.enum[1]',
        'invalid_union $.properties.d.oneOf',
        'invalid_semantic $.properties.e[\'x-service\'].semantic',
        'unsupported_keyword $.properties.e.format',
        'unsupported_keyword $.properties.f.minimum',
        'duplicate_required $.required[6]',
        'invalid_value $.additionalProperties',
      ].sort(),
    );
  });

  it('never throws on odd values anywhere', () => {
    const cyclic: Json = { type: 'object', properties: {}, required: [] };
    (cyclic.properties as Json).self = cyclic;
    const odd: unknown[] = [
      undefined, null, 0, NaN, 'x', true, [], () => 1, Symbol('s'), 10n, new Date(), new Map(), Object.create(null),
      cyclic,
      { type: 'object', properties: { a: null, b: [], c: () => 1, d: new Date() } },
      { type: 'object', properties: { a: { type: 'string', 'x-service': null } }, required: [null, {}] },
      { type: 'object', properties: { a: { oneOf: [null, undefined, [], { const: {} }] } } },
      { type: 'object', properties: { a: { type: ['string', 5] } } },
    ];
    for (const value of odd) {
      const result = validateSchema(value);
      expect(result.valid).toBe(false);
      expect(result.errors.length).toBeGreaterThan(0);
    }
  });

  it('rejects a property named __proto__ and keeps other prototype names ordinary', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}},"required":["__proto__","constructor"]}');
    const result = validateSchema(schema);
    expect(pairs(result.errors)).toEqual(['reserved_property_name $.properties.__proto__']);
    const ok = validateSchema({ type: 'object', properties: { constructor: { type: 'string' }, toString: { type: 'string' } }, required: ['constructor', 'toString'] });
    expect(ok.errors).toEqual([]);
    expect(Object.keys(ok.canonical_schema!.properties as Json)).toEqual(['constructor', 'toString']);
  });

  it('reports an unknown key named __proto__ without touching prototypes', () => {
    const result = validateSchema(JSON.parse('{"type":"object","properties":{},"__proto__":{"x":1}}'));
    expect(pairs(result.errors)).toEqual(['unsupported_keyword $.__proto__']);
    expect(({} as Json).x).toBeUndefined();
  });

  it('documents every code it emits', () => {
    const codes = new Set(DIAGNOSTIC_CODES.map((d) => d.code));
    const emitted = CASES.flatMap((c) => [...(c.errors ?? []), ...(c.warnings ?? [])]).map((s) => s.split(' ')[0]);
    for (const code of emitted) expect(codes).toContain(code);
    for (const d of DIAGNOSTIC_CODES) {
      expect(d.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(d.description.length).toBeGreaterThan(10);
    }
    expect(codes.size).toBe(DIAGNOSTIC_CODES.length);
  });
});

describe('validateSchema: hardening limits', () => {
  /** Objects nested `levels` deep below the root, each through the property `n`. */
  function nestedObjects(levels: number): Json {
    let node: Json = { type: 'string' };
    for (let i = 0; i < levels; i++) node = { type: 'object', properties: { n: node }, required: ['n'] };
    return node;
  }

  it(`accepts nesting up to ${SCHEMA_DIALECT_LIMITS.maxDepth} levels`, () => {
    const result = validateSchema(nestedObjects(SCHEMA_DIALECT_LIMITS.maxDepth));
    expect(result.errors).toEqual([]);
  });

  it('reports one schema_too_deep just past the limit and stops descending', () => {
    const result = validateSchema(nestedObjects(SCHEMA_DIALECT_LIMITS.maxDepth + 1));
    expect(result.errors.map((e) => e.code)).toEqual(['schema_too_deep']);
    expect(result.errors[0].path).toBe('$' + '.properties.n'.repeat(SCHEMA_DIALECT_LIMITS.maxDepth + 1));
  });

  it('handles schemas nested thousands deep without blowing the stack', () => {
    const depth = 20_000;
    const text = '{"type":"array","items":'.repeat(depth) + '{"type":"string"}' + '}'.repeat(depth);
    const deepArrays = JSON.parse(text);
    const result = validateSchema({ type: 'object', properties: { a: deepArrays }, required: ['a'] });
    expect(result.errors.map((e) => e.code)).toEqual(['schema_too_deep']);

    const deepObjects = nestedObjects(5_000);
    expect(validateSchema(deepObjects).errors.map((e) => e.code)).toEqual(['schema_too_deep']);

    const deepUnions = (() => {
      let node: Json = { type: 'string' };
      for (let i = 0; i < 5_000; i++) node = { anyOf: [node, { type: 'null' }] };
      return { type: 'object', properties: { u: node }, required: ['u'] };
    })();
    expect(validateSchema(deepUnions).errors.map((e) => e.code)).toContain('schema_too_deep');
  });

  it('bounds the number of properties of one object', () => {
    const props = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: ['string', 'null'] }]));
    expect(validateSchema({ type: 'object', properties: props(SCHEMA_DIALECT_LIMITS.maxProperties) }).valid).toBe(true);
    const result = validateSchema({ type: 'object', properties: props(SCHEMA_DIALECT_LIMITS.maxProperties + 1) });
    expect(pairs(result.errors)).toEqual(['too_many_properties $.properties']);
  });

  it('bounds the number of schema objects in one document', () => {
    const wide = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`p${i}`, { type: ['string', 'null'] }]));
    const properties = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`o${i}`, { type: 'object', properties: wide, required: Object.keys(wide) }]),
    );
    const result = validateSchema({ type: 'object', properties, required: Object.keys(properties) });
    expect(result.errors.map((e) => e.code)).toEqual(['schema_too_large']);
  });

  it('bounds the number of diagnostics and says how many were left out', () => {
    const schema: Json = { type: 'object', properties: { a: { type: ['string', 'null'] } } };
    for (let i = 0; i < 1000; i++) schema[`k${i}`] = i;
    const result = validateSchema(schema);
    expect(result.errors).toHaveLength(SCHEMA_DIALECT_LIMITS.maxDiagnostics + 1);
    const last = result.errors[result.errors.length - 1];
    expect(last.code).toBe('too_many_diagnostics');
    expect(last.message).toContain(String(1000 - SCHEMA_DIALECT_LIMITS.maxDiagnostics));
  });

  it('keeps too many warnings non-blocking', () => {
    const properties = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const result = validateSchema({ type: 'object', properties });
    expect(result.valid).toBe(true);
    expect(result.warnings).toHaveLength(SCHEMA_DIALECT_LIMITS.maxDiagnostics + 1);
    expect(result.warnings[result.warnings.length - 1].code).toBe('too_many_diagnostics');
  });
});

// ── canonical form ──────────────────────────────────────────────────────────────────────

/** Deterministic PRNG (mulberry32) so failures reproduce. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random valid dialect schemas, written in deliberately non-canonical ways. */
function generator(rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const chance = (p: number) => rand() < p;
  const shuffle = <T>(xs: T[]): T[] => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  /** Rebuild an object with its keys in random order. */
  const scramble = (o: Json): Json => Object.fromEntries(shuffle(Object.entries(o)));
  const typeOf = (base: string, nullable: boolean) => (nullable ? (chance(0.5) ? [base, 'null'] : ['null', base]) : base);
  const annotate = (o: Json): Json => ({
    ...o,
    ...(chance(0.3) ? { title: `t${Math.floor(rand() * 100)}` } : {}),
    ...(chance(0.5) ? { description: `d${Math.floor(rand() * 100)}` } : {}),
  });

  function leaf(nullable: boolean): Json {
    switch (pick(['string', 'semantic', 'number', 'integer', 'boolean', 'enum', 'enum_union'] as const)) {
      case 'string':
        return annotate({
          type: typeOf('string', nullable),
          ...(chance(0.3) ? { pattern: '^[a-z]*$' } : {}),
          ...(chance(0.3) ? { minLength: 0 } : {}),
          ...(chance(0.3) ? { maxLength: 40 } : {}),
        });
      case 'semantic':
        return annotate({ type: typeOf('string', nullable), 'x-service': { semantic: pick(['date', 'currency', 'region:JP', 'verbatim-string']) } });
      case 'enum': {
        const values: (string | null)[] = shuffle(['a', 'b', 'c', 'd']).slice(0, 1 + Math.floor(rand() * 3));
        if (nullable) values.splice(Math.floor(rand() * values.length), 0, null);
        return annotate({ type: typeOf('string', nullable), enum: values, ...(chance(0.3) ? { 'x-service': { semantic: 'string' } } : {}) });
      }
      case 'enum_union': {
        const branches: Json[] = [{ const: 'x' }, annotate({ enum: ['y', 'z'] })];
        if (nullable) branches.push(annotate({ type: 'null' }));
        return annotate({ [pick(['oneOf', 'anyOf'])]: shuffle(branches).map(scramble) });
      }
      default: {
        const base = pick(['number', 'integer', 'boolean']);
        if (nullable && chance(0.4)) {
          const branches = shuffle([{ type: base }, annotate({ type: 'null' })]);
          return annotate({ [pick(['oneOf', 'anyOf'])]: branches });
        }
        return annotate({ type: typeOf(base, nullable) });
      }
    }
  }

  function object(depth: number, nullable: boolean, root: boolean): Json {
    const names = shuffle(['alpha', 'beta', 'gamma', 'odd key', 'delta', 'x-y']).slice(0, 1 + Math.floor(rand() * 5));
    const properties: Json = {};
    const required: string[] = [];
    for (const name of names) {
      const isRequired = chance(0.7);
      if (isRequired) required.push(name);
      properties[name] = node(depth + 1, !isRequired || chance(0.3));
    }
    const o = annotate({
      ...(root && chance(0.5) ? { $schema: pick(['https://json-schema.org/draft/2020-12/schema', 'https://json-schema.org/draft/2020-12/schema#']) } : {}),
      type: typeOf('object', nullable),
      properties,
      ...(required.length || chance(0.5) ? { required: shuffle(required) } : {}),
      ...(chance(0.6) ? { additionalProperties: false } : {}),
    });
    if (nullable && chance(0.4)) {
      o.type = 'object';
      return annotate({ [pick(['oneOf', 'anyOf'])]: shuffle([scramble(o), { type: 'null' }]) });
    }
    return scramble(o);
  }

  function node(depth: number, nullable: boolean): Json {
    const r = rand();
    if (depth < 4 && r < 0.2) return object(depth, nullable, false);
    if (depth < 4 && r < 0.35 && !nullable) return annotate({ type: 'array', items: node(depth + 1, false) });
    return scramble(leaf(nullable));
  }

  return { root: () => object(0, false, true) };
}

describe('canonical form', () => {
  it('writes a fixed key order, [T, "null"] types, required in property order', () => {
    const result = validateSchema({
      additionalProperties: false,
      required: ['b', 'a'],
      properties: {
        a: { description: 'A', type: ['null', 'string'], 'x-service': { semantic: 'date' } },
        b: { anyOf: [{ type: 'null' }, { maxLength: 3, type: 'string', minLength: 1 }] },
        c: { enum: ['x', null], type: ['null', 'string'] },
        d: { items: { type: 'integer' }, type: 'array' },
      },
      type: 'object',
      title: 'T',
      $schema: 'https://json-schema.org/draft/2020-12/schema#',
    });
    expect(result.errors).toEqual([]);
    expect(JSON.stringify(result.canonical_schema)).toBe(
      JSON.stringify({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        title: 'T',
        type: 'object',
        properties: {
          a: { description: 'A', type: ['string', 'null'], 'x-service': { semantic: 'date' } },
          b: { anyOf: [{ type: 'string', minLength: 1, maxLength: 3 }, { type: 'null' }] },
          c: { type: ['string', 'null'], enum: ['x', null] },
          d: { type: 'array', items: { type: 'integer' } },
        },
        required: ['a', 'b'],
        additionalProperties: false,
      }),
    );
  });

  it('omits an empty required and keeps unknown required names after the known ones', () => {
    const empty = validateSchema({ type: 'object', properties: { a: { type: ['string', 'null'] } }, required: [] });
    expect(empty.canonical_schema).toEqual({ type: 'object', properties: { a: { type: ['string', 'null'] } } });
    const unknown = validateSchema({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['zz', 'b', 'a'] });
    expect(unknown.canonical_schema!.required).toEqual(['a', 'b', 'zz']);
  });

  it('writes a nullable object root as ["object", "null"], idempotently, and data may be an object', () => {
    const result = validateSchema({ properties: { a: { type: 'string' } }, required: ['a'], type: ['null', 'object'] });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toEqual(['nullable_root']);
    expect(JSON.stringify(result.canonical_schema)).toBe(
      JSON.stringify({ type: ['object', 'null'], properties: { a: { type: 'string' } }, required: ['a'] }),
    );
    expect(validateSchema(result.canonical_schema).canonical_schema).toEqual(result.canonical_schema);
    const data = compileDataValidator(result.canonical_schema!);
    expect(data({ a: 'x' }).valid).toBe(true);
    expect(data({}).valid).toBe(false);
  });

  it('does not modify the submitted schema', () => {
    const schema = { required: ['a'], properties: { a: { type: ['null', 'string'] } }, type: 'object' };
    const before = JSON.stringify(schema);
    validateSchema(schema);
    expect(JSON.stringify(schema)).toBe(before);
  });

  it('is idempotent on the receipt schema', () => {
    const once = validateSchema(RECEIPT_SCHEMA).canonical_schema!;
    const twice = validateSchema(once);
    expect(twice.errors).toEqual([]);
    expect(JSON.stringify(twice.canonical_schema)).toBe(JSON.stringify(once));
  });

  it('is idempotent on 500 generated schemas and keeps them valid', () => {
    const gen = generator(prng(20240601));
    let changed = 0;
    for (let i = 0; i < 500; i++) {
      const schema = gen.root();
      const first = validateSchema(schema);
      expect({ i, errors: first.errors }).toEqual({ i, errors: [] });
      const canonical = first.canonical_schema!;
      const second = validateSchema(canonical);
      expect(second.errors).toEqual([]);
      expect(second.warnings).toEqual(first.warnings.map((w) => ({ ...w, path: expect.any(String) })));
      expect(JSON.stringify(second.canonical_schema)).toBe(JSON.stringify(canonical));
      if (JSON.stringify(canonical) !== JSON.stringify(schema)) changed++;
    }
    // The generator writes non-canonical schemas on purpose; most must actually be rewritten.
    expect(changed).toBeGreaterThan(400);
  });

  it('accepts the same data before and after canonicalisation', () => {
    const gen = generator(prng(7));
    const samples: unknown[] = [{}, null, { alpha: null }, { alpha: 'a', beta: 1, gamma: true }, { alpha: 'x', 'odd key': [] }];
    for (let i = 0; i < 50; i++) {
      const schema = gen.root();
      const canonical = validateSchema(schema).canonical_schema!;
      const a = compileDataValidator(schema);
      const b = compileDataValidator(canonical);
      for (const data of samples) expect(b(data).valid).toBe(a(data).valid);
    }
  });
});

describe('compileDataValidator', () => {
  const receipt = {
    merchant_name: 'Shop',
    merchant_address: null,
    merchant_phone: '+1 555 0100',
    date: '2024-05-01',
    time: null,
    currency: 'USD',
    subtotal: 10,
    tax: 0.8,
    tip: null,
    total: 10.8,
    payment_method: 'cash',
    line_items: [{ description: 'Tea', quantity: 2, unit_price: 5, amount: 10 }],
  };

  it('accepts a conforming receipt (x-service and $schema tolerated)', () => {
    expect(compileDataValidator(RECEIPT_SCHEMA)(receipt)).toEqual({ valid: true, errors: [] });
  });

  it('rejects non-conforming data with readable errors', () => {
    const validate = compileDataValidator(RECEIPT_SCHEMA);
    const result = validate({ ...receipt, total: '10.80', payment_method: 'cheque', extra: 1, line_items: [{ description: 'Tea' }] });
    expect(result.valid).toBe(false);
    const text = result.errors.join('\n');
    expect(text).toMatch(/\/total: must be number/);
    expect(text).toMatch(/\/payment_method: must be equal to one of the allowed values/);
    expect(text).toMatch(/must NOT have additional properties \('extra'\)/);
    expect(text).toMatch(/\/line_items\/0: must have required property 'quantity'/);
    expect(validate('not an object').valid).toBe(false);
  });

  it('validates unions and tolerates $schema on nested objects', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        kind: { oneOf: [{ const: 'a' }, { enum: ['b', 'c'] }, { type: 'null' }] },
        when: { anyOf: [{ type: 'string', 'x-service': { semantic: 'date' } }, { type: 'null' }] },
        nested: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: ['null', 'object'], properties: { n: { type: 'integer' } }, required: ['n'] },
      },
      required: ['kind', 'when', 'nested'],
      additionalProperties: false,
    };
    const validate = compileDataValidator(schema);
    expect(validate({ kind: 'c', when: null, nested: { n: 1 } }).valid).toBe(true);
    expect(validate({ kind: null, when: '2024-01-01', nested: null }).valid).toBe(true);
    expect(validate({ kind: 'd', when: null, nested: null }).valid).toBe(false);
    expect(validate({ kind: 'a', when: 3, nested: null }).valid).toBe(false);
    expect(validate({ kind: 'a', when: null, nested: { n: 1.5 } }).valid).toBe(false);
  });

  it('counts only own keys of the data (no inherited "constructor")', () => {
    const validate = compileDataValidator({ type: 'object', properties: { constructor: { type: ['string', 'null'] } }, required: ['constructor'] });
    expect(validate({}).valid).toBe(false);
    expect(validate({ constructor: null }).valid).toBe(true);
  });

  it('caches compiled validators by schema JSON', () => {
    const schema = () => ({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
    expect(compileDataValidator(schema())).toBe(compileDataValidator(schema()));
    expect(compileDataValidator(schema())).not.toBe(compileDataValidator({ ...schema(), additionalProperties: false }));
  });

  it('refuses a schema outside the dialect', () => {
    expect(() => compileDataValidator({ type: 'object', properties: { a: { type: 'date' } } })).toThrow(/not a valid extraction schema/);
    expect(() => compileDataValidator([])).toThrow(/not a valid extraction schema/);
  });
});
