// Rules on extractors (issue 51): validation against the schema and evaluation of every kind, with
// `*` over arrays, the sum's tolerance and lenient dates; each outcome worked out by hand.
import { describe, expect, it } from '@jest/globals';
import { evaluateRules, failedRulePaths, readDate, toNumber, validateRules, type Rule } from '../../src/rules/index.js';

const schema = {
  type: 'object',
  properties: {
    invoice_number: { type: ['string', 'null'] },
    issue_date: { type: ['string', 'null'] },
    due_date: { type: ['string', 'null'] },
    currency: { type: ['string', 'null'] },
    total: { type: ['number', 'null'] },
    vendor: { type: ['object', 'null'], properties: { name: { type: ['string', 'null'] } }, required: ['name'], additionalProperties: false },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { amount: { type: ['number', 'null'] }, quantity: { type: ['integer', 'null'] }, currency: { type: ['string', 'null'] } },
        required: ['amount', 'quantity', 'currency'],
        additionalProperties: false,
      },
    },
  },
  required: ['invoice_number', 'issue_date', 'due_date', 'currency', 'total', 'vendor', 'items'],
  additionalProperties: false,
};

const valid = (rules: unknown[]): Rule[] => {
  const v = validateRules(rules, schema);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return v.rules;
};
const one = (rule: Record<string, unknown>, data: unknown) => evaluateRules(valid([{ id: 'r', ...rule }]), data)[0]!;

describe('validateRules', () => {
  it('accepts one rule of every kind and absent or null lists', () => {
    const rules = valid([
      { id: 'total-adds-up', kind: 'sum', items: '/items/*/amount', equals: '/total', tolerance: 0.05 },
      { id: 'number-format', kind: 'regex', path: '/invoice_number', pattern: '^INV-\\d+$' },
      { id: 'qty', kind: 'range', path: '/items/*/quantity', min: 1, max: 1000 },
      { id: 'has-total', kind: 'required', path: '/total' },
      { id: 'dates', kind: 'date_order', before: '/issue_date', after: '/due_date' },
      { id: 'same-currency', kind: 'equals', path: '/items/*/currency', other: '/currency' },
    ]);
    expect(rules.map((r) => r.kind)).toEqual(['sum', 'regex', 'range', 'required', 'date_order', 'equals']);
    expect(validateRules(undefined, schema)).toEqual({ ok: true, rules: [] });
    expect(validateRules(null, schema)).toEqual({ ok: true, rules: [] });
  });

  it('refuses an unknown kind, a pointer outside the schema, a bad regex, a duplicate id and more than 50 rules', () => {
    const v = validateRules(
      [
        { id: 'a', kind: 'checksum', path: '/total' },
        { id: 'b', kind: 'required', path: '/subtotal' },
        { id: 'c', kind: 'regex', path: '/invoice_number', pattern: '([' },
        { id: 'c', kind: 'required', path: '/total' },
        { id: 'd', kind: 'sum', items: '/items/amount', equals: '/total' },
        { id: 'e', kind: 'range', path: '/total' },
        { id: 'has space', kind: 'required', path: '/total' },
        { id: 'f', kind: 'required', path: '/total', extra: 1 },
        { id: 'g', kind: 'sum', items: '/vendor', equals: '/total' },
      ],
      schema,
    );
    expect(v.ok).toBe(false);
    if (v.ok) return;
    const reasons = (id: string | null) => v.errors.filter((e) => e.rule === id).map((e) => e.reason);
    expect(reasons('a')[0]).toMatch(/unknown kind "checksum"/);
    expect(reasons('b')[0]).toMatch(/'\/subtotal' does not name a field of the schema: the top level has no property 'subtotal'/);
    expect(reasons('c')[0]).toMatch(/not a valid regular expression/);
    expect(reasons('c')[1]).toMatch(/used by an earlier rule/);
    expect(reasons('d')[0]).toMatch(/'\/items' is an array, so the next token must be '\*'/);
    expect(reasons('e')[0]).toMatch(/needs 'min', 'max' or both/);
    expect(v.errors.find((e) => e.index === 6)!.reason).toMatch(/URL-safe/);
    expect(reasons('f')[0]).toMatch(/no field 'extra'/);
    expect(reasons('g')[0]).toMatch(/not numbers to add up/);
    const many = Array.from({ length: 51 }, (_, i) => ({ id: `r${i}`, kind: 'required', path: '/total' }));
    const tooMany = validateRules(many, schema);
    expect(tooMany.ok).toBe(false);
    expect(!tooMany.ok && tooMany.errors[0]).toEqual({ index: null, rule: null, reason: 'at most 50 rules, not 51' });
    expect(validateRules({}, schema).ok).toBe(false);
    expect(validateRules([null], schema).ok).toBe(false);
  });
});

describe('evaluateRules', () => {
  const invoice = {
    invoice_number: 'INV-1042',
    issue_date: '2024-03-01',
    due_date: '2024-03-31',
    currency: 'EUR',
    total: 60.5,
    vendor: { name: 'ACME' },
    items: [
      { amount: 10.25, quantity: 1, currency: 'EUR' },
      { amount: 20.25, quantity: 2, currency: 'EUR' },
      { amount: 30, quantity: 3, currency: 'EUR' },
    ],
  };

  it('sum: `*` adds up every item; a sum that does not add up names the total and every item', () => {
    expect(one({ kind: 'sum', items: '/items/*/amount', equals: '/total' }, invoice)).toMatchObject({ passed: true, kind: 'sum' });
    const off = one({ kind: 'sum', items: '/items/*/amount', equals: '/total' }, { ...invoice, total: 70 });
    expect(off).toEqual({
      id: 'r',
      kind: 'sum',
      passed: false,
      paths: ['/items/0/amount', '/items/1/amount', '/items/2/amount', '/total'],
      message: 'the 3 values of /items/*/amount add up to 60.5, but /total is 70 (off by 9.5, tolerance 0.01)',
    });
    expect(failedRulePaths([off]).get('/total')).toEqual(['r']);
  });

  it('sum: the tolerance (default 0.01) and float error', () => {
    const data = { ...invoice, total: 60.51 };
    expect(one({ kind: 'sum', items: '/items/*/amount', equals: '/total' }, data).passed).toBe(true); // off by 0.01
    expect(one({ kind: 'sum', items: '/items/*/amount', equals: '/total' }, { ...invoice, total: 60.52 }).passed).toBe(false);
    expect(one({ kind: 'sum', items: '/items/*/amount', equals: '/total', tolerance: 0 }, data).passed).toBe(false);
    expect(one({ kind: 'sum', items: '/items/*/amount', equals: '/total', tolerance: 1 }, { ...invoice, total: 61.5 }).passed).toBe(true);
    const floats = { ...invoice, total: 0.3, items: [{ amount: 0.1, quantity: 1, currency: null }, { amount: 0.2, quantity: 1, currency: null }] };
    expect(one({ kind: 'sum', items: '/items/*/amount', equals: '/total', tolerance: 0 }, floats).passed).toBe(true);
  });

  it('sum: not applicable when the total is null or there is nothing to add; null items are left out', () => {
    expect(one({ kind: 'sum', items: '/items/*/amount', equals: '/total' }, { ...invoice, total: null })).toMatchObject({ passed: null, message: '/total is null' });
    expect(one({ kind: 'sum', items: '/items/*/amount', equals: '/total' }, { ...invoice, items: [] }).passed).toBeNull();
    const withNull = { ...invoice, total: 30.5, items: [...invoice.items.slice(0, 2), { amount: null, quantity: 1, currency: 'EUR' }] };
    expect(one({ kind: 'sum', items: '/items/*/amount', equals: '/total' }, withNull).passed).toBe(true);
  });

  it('regex: every value `*` reaches; only the failing ones are named', () => {
    expect(one({ kind: 'regex', path: '/invoice_number', pattern: '^INV-\\d+$' }, invoice).passed).toBe(true);
    expect(one({ kind: 'regex', path: '/invoice_number', pattern: '^INV-\\d+$' }, { ...invoice, invoice_number: 'N1042' })).toMatchObject({ passed: false, paths: ['/invoice_number'] });
    expect(one({ kind: 'regex', path: '/invoice_number', pattern: 'x' }, { ...invoice, invoice_number: null }).passed).toBeNull();
    const r = one({ kind: 'regex', path: '/items/*/currency', pattern: '^[A-Z]{3}$' }, { ...invoice, items: [invoice.items[0], { ...invoice.items[1], currency: 'eur' }] });
    expect(r).toMatchObject({ passed: false, paths: ['/items/1/currency'] });
  });

  it('range: inclusive bounds; numbers written as text count', () => {
    expect(one({ kind: 'range', path: '/items/*/quantity', min: 1, max: 3 }, invoice).passed).toBe(true);
    expect(one({ kind: 'range', path: '/items/*/quantity', min: 2 }, invoice)).toMatchObject({ passed: false, paths: ['/items/0/quantity'], message: '/items/0/quantity is 1: not at least 2' });
    expect(one({ kind: 'range', path: '/total', max: 60 }, invoice).passed).toBe(false);
    expect(one({ kind: 'range', path: '/invoice_number', max: 60 }, { ...invoice, invoice_number: '$ 1,234.50' }).passed).toBe(false);
    expect(one({ kind: 'range', path: '/total', min: 0 }, { ...invoice, total: null }).passed).toBeNull();
  });

  it('required: null fails, through a null parent too; `*` over an empty list does not apply', () => {
    expect(one({ kind: 'required', path: '/total' }, invoice).passed).toBe(true);
    expect(one({ kind: 'required', path: '/total' }, { ...invoice, total: null })).toMatchObject({ passed: false, paths: ['/total'] });
    expect(one({ kind: 'required', path: '/vendor/name' }, { ...invoice, vendor: null })).toMatchObject({ passed: false, paths: ['/vendor/name'] });
    expect(one({ kind: 'required', path: '/items/*/amount' }, { ...invoice, items: [] }).passed).toBeNull();
    expect(one({ kind: 'required', path: '/items' }, { ...invoice, items: [] }).passed).toBe(true);
  });

  it('date_order: each value in its own format; unreadable or ambiguous is not applicable; equal days pass', () => {
    const rule = { kind: 'date_order', before: '/issue_date', after: '/due_date' };
    const at = (issue: string | null, due: string | null) => one(rule, { ...invoice, issue_date: issue, due_date: due }).passed;
    expect(at('2024-03-01', '2024-03-31')).toBe(true);
    expect(at('2024-03-31', '2024-03-01')).toBe(false);
    expect(at('1 March 2024', '2024-03-01')).toBe(true);
    expect(at('March 2, 2024', '01.03.2024')).toBe(false);
    expect(at('15/03/2024', '14/04/2024')).toBe(true); // day first: the 15 says so
    expect(at('03/15/2024', '04/14/2024')).toBe(true); // month first
    expect(at('05/03/2024', '04/03/2024')).toBe(false); // either way the first is later
    expect(at('03/04/2024', '04/03/2024')).toBeNull(); // 3 April before 4 March, or 4 March before 3 April
    expect(at('soon', '2024-03-01')).toBeNull();
    expect(at(null, '2024-03-01')).toBeNull();
    expect(at('2024-03-01T10:00:00Z', '20240301')).toBe(true);
  });

  it('equals: same value, numbers as text, and `*` against one value', () => {
    expect(one({ kind: 'equals', path: '/items/*/currency', other: '/currency' }, invoice).passed).toBe(true);
    const r = one({ kind: 'equals', path: '/items/*/currency', other: '/currency' }, { ...invoice, items: [invoice.items[0], { ...invoice.items[1], currency: 'USD' }] });
    expect(r).toMatchObject({ passed: false, paths: ['/items/1/currency', '/currency'], message: '/items/1/currency ("USD") differs from /currency ("EUR")' });
    expect(one({ kind: 'equals', path: '/total', other: '/invoice_number' }, { ...invoice, invoice_number: '60.50' }).passed).toBe(true);
    expect(one({ kind: 'equals', path: '/total', other: '/currency' }, { ...invoice, currency: null }).passed).toBeNull();
  });

  it('pairs the items of two `*` pointers by index', () => {
    const s = { type: 'object', properties: { lines: { type: 'array', items: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } } } };
    const v = validateRules([{ id: 'ab', kind: 'equals', path: '/lines/*/a', other: '/lines/*/b' }], s);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    const [r] = evaluateRules(v.rules, { lines: [{ a: 1, b: 1 }, { a: 2, b: 3 }] });
    expect(r).toMatchObject({ passed: false, paths: ['/lines/1/a', '/lines/1/b'] });
  });
});

describe('lenient values', () => {
  it('reads numbers written as text', () => {
    expect(toNumber('1,234.50')).toBe(1234.5);
    expect(toNumber('1.234,50 €')).toBe(1234.5);
    expect(toNumber('12,50')).toBe(12.5);
    expect(toNumber('$ 99')).toBe(99);
    expect(toNumber('-5')).toBe(-5);
    expect(toNumber('(5.00)')).toBe(-5);
    expect(toNumber('abc')).toBeNull();
    expect(toNumber(true)).toBeNull();
  });

  it('reads dates in several formats', () => {
    expect(readDate('2024-02-29')).toEqual({ dmy: 20240229, mdy: 20240229 });
    expect(readDate('2023-02-29')).toBeNull();
    expect(readDate('12th of March 2024')).toEqual({ dmy: 20240312, mdy: 20240312 });
    expect(readDate('Sept 1, 24')).toEqual({ dmy: 20240901, mdy: 20240901 });
    expect(readDate('12-Mar-2024')).toEqual({ dmy: 20240312, mdy: 20240312 });
    expect(readDate('03/04/2024')).toEqual({ dmy: 20240403, mdy: 20240304 });
    expect(readDate('13/04/2024')).toEqual({ dmy: 20240413, mdy: null });
    expect(readDate('Smarch 3 2024')).toBeNull();
    expect(readDate(20240301)).toBeNull();
  });
});
