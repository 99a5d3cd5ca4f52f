// Validation of an extractor's rules against its schema (422 invalid_rules at the edge): every rule a
// known kind with its fields, a unique URL-safe id, pointers that name fields of the schema, a
// pattern that compiles. Pure: the schema suggestions (issue 51) check the rules a model proposes
// with the same function.
import type { JsonSchema } from '../providers/types.js';
import { compilePattern } from './evaluate.js';
import { schemaField } from './pointers.js';
import { MAX_PATTERN_LENGTH, MAX_POINTER_LENGTH, MAX_RULES, POINTER_FIELDS, RULE_FIELDS, RULE_ID_PATTERN, RULE_KINDS, type Rule, type RuleKind } from './types.js';

/** One refused rule: its index in the list, its id (when it has a usable one) and why. */
export interface RuleError {
  index: number | null;
  rule: string | null;
  reason: string;
}

export type RulesValidation = { ok: true; rules: Rule[] } | { ok: false; errors: RuleError[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const NUMERIC_KINDS = new Set(['number', 'integer', 'string', 'enum', 'unknown']);
const SINGLE_VALUE_KINDS = new Set(['number', 'integer', 'string', 'enum', 'boolean', 'unknown']);

/** Problems of one rule (empty: the rule is good). */
function ruleProblems(raw: Record<string, unknown>, schema: JsonSchema): string[] {
  const kind = raw.kind;
  if (typeof kind !== 'string' || !(RULE_KINDS as readonly string[]).includes(kind)) {
    return [`unknown kind ${JSON.stringify(kind ?? null)}: expected one of ${RULE_KINDS.join(', ')}`];
  }
  const k = kind as RuleKind;
  const problems: string[] = [];
  const extra = Object.keys(raw).filter((f) => !RULE_FIELDS[k].includes(f));
  if (extra.length > 0) problems.push(`a ${k} rule has no field ${extra.map((f) => `'${f}'`).join(', ')} (its fields: ${RULE_FIELDS[k].join(', ')})`);
  const kinds: Record<string, string> = {};
  for (const field of POINTER_FIELDS[k]) {
    const v = raw[field];
    if (typeof v !== 'string') {
      problems.push(`'${field}' must be a JSON Pointer string`);
      continue;
    }
    if (v.length > MAX_POINTER_LENGTH) {
      problems.push(`'${field}' is longer than ${MAX_POINTER_LENGTH} characters`);
      continue;
    }
    const found = schemaField(schema, v);
    if (!found.ok) problems.push(`${field}: ${found.reason}`);
    else kinds[field] = found.kind;
  }
  const number = (field: string) => {
    const v = raw[field];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))) problems.push(`'${field}' must be a number`);
  };
  switch (k) {
    case 'sum':
      number('tolerance');
      if (typeof raw.tolerance === 'number' && raw.tolerance < 0) problems.push("'tolerance' must not be negative");
      if (kinds.items && !NUMERIC_KINDS.has(kinds.items) && kinds.items !== 'array') problems.push(`items: '${raw.items}' is a ${kinds.items}, not numbers to add up`);
      if (kinds.equals && !NUMERIC_KINDS.has(kinds.equals)) problems.push(`equals: '${raw.equals}' is a ${kinds.equals}, not a number`);
      break;
    case 'regex':
      if (typeof raw.pattern !== 'string') problems.push("'pattern' must be a string (an ECMAScript regular expression)");
      else if (raw.pattern.length > MAX_PATTERN_LENGTH) problems.push(`'pattern' is longer than ${MAX_PATTERN_LENGTH} characters`);
      else {
        try {
          compilePattern(raw.pattern);
        } catch (err) {
          problems.push(`'pattern' is not a valid regular expression: ${(err as Error).message}`);
        }
      }
      if (kinds.path && !SINGLE_VALUE_KINDS.has(kinds.path)) problems.push(`path: '${raw.path}' is an ${kinds.path}, not a single value`);
      break;
    case 'range':
      number('min');
      number('max');
      if (raw.min === undefined && raw.max === undefined) problems.push("a range rule needs 'min', 'max' or both");
      if (typeof raw.min === 'number' && typeof raw.max === 'number' && raw.min > raw.max) problems.push("'min' is greater than 'max'");
      if (kinds.path && !NUMERIC_KINDS.has(kinds.path)) problems.push(`path: '${raw.path}' is a ${kinds.path}, not a number`);
      break;
    case 'date_order':
      for (const f of ['before', 'after']) if (kinds[f] && !SINGLE_VALUE_KINDS.has(kinds[f]!)) problems.push(`${f}: '${raw[f]}' is an ${kinds[f]}, not a date`);
      break;
    case 'required':
    case 'equals':
      break;
  }
  return problems;
}

/**
 * Check `rules` (as a client or a model sent them) against the extractor's `schema`. ok: the rules,
 * typed (an absent or null list is no rules); else every problem found, one entry per problem.
 */
export function validateRules(rules: unknown, schema: object): RulesValidation {
  if (rules === undefined || rules === null) return { ok: true, rules: [] };
  if (!Array.isArray(rules)) return { ok: false, errors: [{ index: null, rule: null, reason: 'rules must be an array' }] };
  const errors: RuleError[] = [];
  if (rules.length > MAX_RULES) errors.push({ index: null, rule: null, reason: `at most ${MAX_RULES} rules, not ${rules.length}` });
  const seen = new Set<string>();
  rules.slice(0, MAX_RULES * 2).forEach((raw, index) => {
    if (!isObject(raw)) {
      errors.push({ index, rule: null, reason: 'a rule must be an object with an id and a kind' });
      return;
    }
    const id = typeof raw.id === 'string' && RULE_ID_PATTERN.test(raw.id) ? raw.id : null;
    if (id === null) errors.push({ index, rule: null, reason: `'id' must be 1–64 URL-safe characters (letters, digits, '-', '_', '.'), starting with a letter or digit; got ${JSON.stringify(raw.id ?? null).slice(0, 80)}` });
    else if (seen.has(id)) errors.push({ index, rule: id, reason: `the id '${id}' is used by an earlier rule` });
    else seen.add(id);
    for (const reason of ruleProblems(raw, schema as JsonSchema)) errors.push({ index, rule: id, reason });
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, rules: rules.map((r) => normalise(r as Record<string, unknown>)) };
}

/** A valid rule with its fields in a stable order (what is stored and returned). */
function normalise(raw: Record<string, unknown>): Rule {
  const kind = raw.kind as RuleKind;
  const out: Record<string, unknown> = {};
  for (const f of RULE_FIELDS[kind]) if (raw[f] !== undefined) out[f] = raw[f];
  return out as unknown as Rule;
}
