// Evaluation of an extractor's rules on one answer: pure, no I/O. Run where a job's flags are
// computed and again when a review correction changes the data (docs/rules.md).
import { deepEqual } from '../long-documents/pointer.js';
import { correlated, expand, type Match } from './pointers.js';
import { DEFAULT_SUM_TOLERANCE, type Rule, type RuleResult } from './types.js';
import { readDate, toNumber, type Day } from './values.js';

/** Compiled patterns, by source: evaluation runs after every extraction. */
const patterns = new Map<string, RegExp>();

/** The pattern as a rule uses it: ECMAScript with the `u` flag where it compiles so, else without. */
export function compilePattern(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) {
    try {
      re = new RegExp(source, 'u');
    } catch {
      re = new RegExp(source);
    }
    if (patterns.size > 1000) patterns.clear();
    patterns.set(source, re);
  }
  return re;
}

const absent = (v: unknown) => v === null || v === undefined;
const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
/** Sums are shown without floating-point noise. */
const fmt = (n: number) => String(Math.round(n * 1e9) / 1e9);

/** One check of a rule on some of the values it reaches: the rule's outcome joins them. */
interface Check {
  passed: boolean | null;
  paths: string[];
  message: string;
}

function result(rule: Rule, checks: Check[], emptyMessage: string): RuleResult {
  const failed = checks.filter((c) => c.passed === false);
  const passed = checks.filter((c) => c.passed === true);
  const base = { id: rule.id, kind: rule.kind };
  const unique = (cs: Check[]) => [...new Set(cs.flatMap((c) => c.paths))];
  if (failed.length > 0) {
    const more = failed.length > 1 ? ` (and ${failed.length - 1} more)` : '';
    return { ...base, passed: false, paths: unique(failed), message: `${failed[0]!.message}${more}` };
  }
  if (passed.length > 0) return { ...base, passed: true, paths: unique(checks), message: passed.length > 1 ? `${passed.length} values pass` : passed[0]!.message };
  return { ...base, passed: null, paths: unique(checks), message: checks[0]?.message ?? emptyMessage };
}

/** One check per value the pointer reaches. */
function each(pointer: string, data: unknown, check: (m: Match) => Check): Check[] {
  return expand(data, pointer).map(check);
}

/** One check per pair of correlated values of two pointers. */
function pairs(a: string, b: string, data: unknown, check: (x: Match, y: Match) => Check): Check[] {
  const left = expand(data, a);
  const right = expand(data, b);
  return left.flatMap((x) => right.filter((y) => correlated(x, y)).map((y) => check(x, y)));
}

function sum(rule: Extract<Rule, { kind: 'sum' }>, data: unknown): Check[] {
  const tolerance = rule.tolerance ?? DEFAULT_SUM_TOLERANCE;
  const items = expand(data, rule.items).flatMap((m) => (Array.isArray(m.value) ? m.value.map((v, i) => ({ pointer: `${m.pointer}/${i}`, value: v as unknown, bindings: [...m.bindings, i] })) : [m]));
  return expand(data, rule.equals).map((total): Check => {
    const mine = items.filter((m) => correlated(m, total) && !absent(m.value));
    const paths = [...mine.map((m) => m.pointer), total.pointer];
    if (absent(total.value)) return { passed: null, paths, message: `${total.pointer} is ${show(total.value ?? null)}` };
    const expected = toNumber(total.value);
    if (expected === null) return { passed: null, paths, message: `${total.pointer} is not a number (${show(total.value)})` };
    if (mine.length === 0) return { passed: null, paths, message: `${rule.items} has no values to add up` };
    const notNumber = mine.find((m) => toNumber(m.value) === null);
    if (notNumber) return { passed: null, paths, message: `${notNumber.pointer} is not a number (${show(notNumber.value)})` };
    const total_ = mine.reduce((s, m) => s + toNumber(m.value)!, 0);
    const diff = Math.abs(total_ - expected);
    // A hair of float error (0.1 + 0.2) never fails a sum.
    const ok = diff <= tolerance + 1e-9 * Math.max(1, Math.abs(expected));
    const what = `the ${mine.length} value${mine.length === 1 ? '' : 's'} of ${rule.items} add up to ${fmt(total_)}`;
    return ok
      ? { passed: true, paths, message: `${what}, as ${total.pointer} (${fmt(expected)}) says` }
      : { passed: false, paths, message: `${what}, but ${total.pointer} is ${fmt(expected)} (off by ${fmt(diff)}, tolerance ${fmt(tolerance)})` };
  });
}

function regex(rule: Extract<Rule, { kind: 'regex' }>, data: unknown): Check[] {
  const re = compilePattern(rule.pattern);
  return each(rule.path, data, (m) => {
    if (absent(m.value)) return { passed: null, paths: [m.pointer], message: `${m.pointer} is ${show(m.value ?? null)}` };
    if (typeof m.value === 'object') return { passed: null, paths: [m.pointer], message: `${m.pointer} is not a single value` };
    const text = String(m.value);
    return re.test(text)
      ? { passed: true, paths: [m.pointer], message: `${m.pointer} matches ${rule.pattern}` }
      : { passed: false, paths: [m.pointer], message: `${m.pointer} (${show(m.value)}) does not match ${rule.pattern}` };
  });
}

function range(rule: Extract<Rule, { kind: 'range' }>, data: unknown): Check[] {
  const bounds = [rule.min !== undefined ? `at least ${rule.min}` : '', rule.max !== undefined ? `at most ${rule.max}` : ''].filter(Boolean).join(' and ');
  return each(rule.path, data, (m) => {
    if (absent(m.value)) return { passed: null, paths: [m.pointer], message: `${m.pointer} is ${show(m.value ?? null)}` };
    const n = toNumber(m.value);
    if (n === null) return { passed: null, paths: [m.pointer], message: `${m.pointer} is not a number (${show(m.value)})` };
    const ok = (rule.min === undefined || n >= rule.min) && (rule.max === undefined || n <= rule.max);
    return { passed: ok, paths: [m.pointer], message: `${m.pointer} is ${fmt(n)}: ${ok ? '' : 'not '}${bounds}` };
  });
}

function required(rule: Extract<Rule, { kind: 'required' }>, data: unknown): Check[] {
  return each(rule.path, data, (m) =>
    absent(m.value) ? { passed: false, paths: [m.pointer], message: `${m.pointer} is required but is ${show(m.value ?? null)}` } : { passed: true, paths: [m.pointer], message: `${m.pointer} has a value` },
  );
}

function dateOrder(rule: Extract<Rule, { kind: 'date_order' }>, data: unknown): Check[] {
  return pairs(rule.before, rule.after, data, (b, a) => {
    const paths = [b.pointer, a.pointer];
    const nullOne = [b, a].find((m) => absent(m.value));
    if (nullOne) return { passed: null, paths, message: `${nullOne.pointer} is ${show(nullOne.value ?? null)}` };
    const rb = readDate(b.value);
    const ra = readDate(a.value);
    const unread = !rb ? b : !ra ? a : null;
    if (unread || !rb || !ra) return { passed: null, paths, message: `${unread!.pointer} (${show(unread!.value)}) is not a date this rule can read` };
    // Where day and month could be either way round, both readings must agree on the order.
    const outcomes = new Set<boolean>();
    for (const order of ['dmy', 'mdy'] as const) {
      const x: Day | null = rb[order];
      const y: Day | null = ra[order];
      if (x !== null && y !== null) outcomes.add(x <= y);
    }
    if (outcomes.size !== 1) return { passed: null, paths, message: `${b.pointer} (${show(b.value)}) and ${a.pointer} (${show(a.value)}) cannot be told apart day from month` };
    const ok = [...outcomes][0]!;
    return ok
      ? { passed: true, paths, message: `${b.pointer} (${show(b.value)}) is not after ${a.pointer} (${show(a.value)})` }
      : { passed: false, paths, message: `${b.pointer} (${show(b.value)}) is after ${a.pointer} (${show(a.value)})` };
  });
}

/** Equal as JSON, as numbers (either may be written as text), or as text with the spaces around it trimmed. */
function same(x: unknown, y: unknown): boolean {
  if (deepEqual(x, y)) return true;
  const nx = toNumber(x);
  const ny = toNumber(y);
  if (nx !== null && ny !== null && (typeof x === 'number' || typeof y === 'number')) return Math.abs(nx - ny) <= 1e-9 * Math.max(1, Math.abs(nx));
  return typeof x === 'string' && typeof y === 'string' && x.trim() === y.trim();
}

function equals(rule: Extract<Rule, { kind: 'equals' }>, data: unknown): Check[] {
  return pairs(rule.path, rule.other, data, (x, y) => {
    const paths = [x.pointer, y.pointer];
    const nullOne = [x, y].find((m) => absent(m.value));
    if (nullOne) return { passed: null, paths, message: `${nullOne.pointer} is ${show(nullOne.value ?? null)}` };
    return same(x.value, y.value)
      ? { passed: true, paths, message: `${x.pointer} equals ${y.pointer}` }
      : { passed: false, paths, message: `${x.pointer} (${show(x.value)}) differs from ${y.pointer} (${show(y.value)})` };
  });
}

/** The outcome of one rule on `data`. */
export function evaluateRule(rule: Rule, data: unknown): RuleResult {
  switch (rule.kind) {
    case 'sum':
      return result(rule, sum(rule, data), `${rule.equals} is not in the answer`);
    case 'regex':
      return result(rule, regex(rule, data), `${rule.path} has no values`);
    case 'range':
      return result(rule, range(rule, data), `${rule.path} has no values`);
    case 'required':
      return result(rule, required(rule, data), `${rule.path} has no values (an empty list)`);
    case 'date_order':
      return result(rule, dateOrder(rule, data), `${rule.before} or ${rule.after} has no values`);
    case 'equals':
      return result(rule, equals(rule, data), `${rule.path} or ${rule.other} has no values`);
  }
}

/** Every rule's outcome on `data`, in the rules' order. Rules must have passed validateRules. */
export function evaluateRules(rules: readonly Rule[] | null | undefined, data: unknown): RuleResult[] {
  return (rules ?? []).map((rule) => evaluateRule(rule, data));
}

/** Pointer → the ids of the failed rules that name it (`rule:<id>` flag reasons). */
export function failedRulePaths(results: readonly RuleResult[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of results) {
    if (r.passed !== false) continue;
    for (const p of r.paths) {
      const ids = out.get(p) ?? [];
      if (!ids.includes(r.id)) ids.push(r.id);
      out.set(p, ids);
    }
  }
  return out;
}
