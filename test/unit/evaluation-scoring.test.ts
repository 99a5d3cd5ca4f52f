// The scorer of evaluation runs (issue 34): every rule pinned with its exact metrics.
import { describe, expect, it } from '@jest/globals';
import {
  asIsoDate,
  asNumber,
  collectLeaves,
  compareRuns,
  maximumAssignment,
  normaliseString,
  scoreRun,
  similarity,
  withDefaults,
  type ItemOutcome,
  type ScoringOptions,
} from '../../src/evaluation/scoring/index.js';

const NO_SCHEMA = { type: 'object', properties: {} };

/** One completed item scored alone. */
function score(expected: unknown, extracted: unknown, options: Partial<ScoringOptions> = {}, schema: unknown = NO_SCHEMA, confidence: Record<string, unknown> | null = null) {
  return scoreRun([{ item_id: 'i1', job_id: 'j1', status: 'completed', expected, extracted, confidence, error: null }], schema, options).report;
}

const counts = (m: { n: number; tp: number; fp: number; fn: number; tn: number }) => ({ n: m.n, tp: m.tp, fp: m.fp, fn: m.fn, tn: m.tn });

describe('leaves by JSON Pointer', () => {
  it('flattens nested objects; a key missing on one side is null there', () => {
    const leaves = collectLeaves({ a: { b: 1, 'x/y': 'k' }, c: null }, { a: { b: 1 }, d: 'extra' }, { options: withDefaults(), dateFields: new Set() });
    expect(leaves.map((l) => [l.path, l.expected, l.extracted, l.outcome])).toEqual([
      ['/a/b', 1, 1, 'tp'],
      ['/a/x~1y', 'k', null, 'fn'],
      ['/c', null, null, 'tn'],
      ['/d', null, 'extra', 'fp'],
    ]);
  });

  it('counts tp, fp, fn, tn exactly; a wrong value is both fp and fn', () => {
    const r = score({ right: 'a', wrong: 'b', missing: 'c', unexpected: null, empty: null }, { right: 'a', wrong: 'z', missing: null, unexpected: 'u', empty: null });
    expect(counts(r.overall)).toEqual({ n: 5, tp: 1, fp: 2, fn: 2, tn: 1 });
    expect(r.overall.precision).toBeCloseTo(1 / 3, 10);
    expect(r.overall.recall).toBeCloseTo(1 / 3, 10);
    expect(r.overall.f1).toBeCloseTo(1 / 3, 10);
    expect(r.overall.accuracy).toBeCloseTo(2 / 5, 10);
    expect(r.fields['/wrong']).toMatchObject({ n: 1, tp: 0, fp: 1, fn: 1, tn: 0, precision: 0, recall: 0, f1: 0, accuracy: 0 });
    expect(r.fields['/empty']).toMatchObject({ n: 1, tn: 1, precision: null, recall: null, f1: null, accuracy: 1 });
    expect(r.items[0]!.accuracy).toBeCloseTo(2 / 5, 10);
    expect(r.items[0]!.mismatches).toEqual([
      { path: '/wrong', expected: 'b', extracted: 'z', confidence: null },
      { path: '/missing', expected: 'c', extracted: null, confidence: null },
      { path: '/unexpected', expected: null, extracted: 'u', confidence: null },
    ]);
  });

  it('nulls on each side: expected null vs value is fp; value vs null is fn; both null tn', () => {
    expect(counts(score({ a: null }, { a: 3 }).overall)).toEqual({ n: 1, tp: 0, fp: 1, fn: 0, tn: 0 });
    expect(counts(score({ a: 3 }, { a: null }).overall)).toEqual({ n: 1, tp: 0, fp: 0, fn: 1, tn: 0 });
    expect(counts(score({ a: 3 }, {}).overall)).toEqual({ n: 1, tp: 0, fp: 0, fn: 1, tn: 0 });
    expect(counts(score({ a: null }, {}).overall)).toEqual({ n: 1, tp: 0, fp: 0, fn: 0, tn: 1 });
    // An object on one side and null on the other: its leaves, each missing or unexpected.
    expect(counts(score({ v: { name: 'A', id: 1 } }, { v: null }).overall)).toEqual({ n: 2, tp: 0, fp: 0, fn: 2, tn: 0 });
    expect(counts(score({ v: null }, { v: { name: 'A', id: 1 } }).overall)).toEqual({ n: 2, tp: 0, fp: 2, fn: 0, tn: 0 });
  });
});

describe('arrays of objects: Hungarian pairing', () => {
  const expected = {
    items: [
      { sku: 'A1', qty: 1, amount: 10 },
      { sku: 'B2', qty: 2, amount: 20 },
      { sku: 'C3', qty: 3, amount: 30 },
    ],
  };

  it('pairs shuffled rows regardless of order: all right', () => {
    const r = score(expected, { items: [expected.items[2], expected.items[0], expected.items[1]] });
    expect(counts(r.overall)).toEqual({ n: 9, tp: 9, fp: 0, fn: 0, tn: 0 });
    expect(Object.keys(r.fields)).toEqual(['/items/*/amount', '/items/*/qty', '/items/*/sku']);
    expect(counts(r.fields['/items/*/amount']!)).toEqual({ n: 3, tp: 3, fp: 0, fn: 0, tn: 0 });
    expect(r.items[0]!.mismatches).toEqual([]);
  });

  it('pairs by most matching leaves, not by position; a wrong cell is fp and fn at the expected row', () => {
    // Extracted: C3 with a wrong amount, then A1, then B2 — a positional pairing would get 0 right.
    const r = score(expected, { items: [{ sku: 'C3', qty: 3, amount: 31 }, expected.items[0], expected.items[1]] });
    expect(counts(r.overall)).toEqual({ n: 9, tp: 8, fp: 1, fn: 1, tn: 0 });
    expect(counts(r.fields['/items/*/amount']!)).toEqual({ n: 3, tp: 2, fp: 1, fn: 1, tn: 0 });
    expect(r.items[0]!.mismatches).toEqual([{ path: '/items/2/amount', expected: 30, extracted: 31, confidence: null }]);
  });

  it('an unpaired expected row counts its leaves missing; an extra row counts them unexpected', () => {
    const missing = score(expected, { items: [expected.items[1], expected.items[0]] });
    expect(counts(missing.overall)).toEqual({ n: 9, tp: 6, fp: 0, fn: 3, tn: 0 });
    expect(missing.items[0]!.mismatches.map((m) => m.path)).toEqual(['/items/2/sku', '/items/2/qty', '/items/2/amount']);

    const extra = score(expected, { items: [...expected.items, { sku: 'D4', qty: 4, amount: null }] });
    // The extra row is numbered after the expected ones; its null amount is a true negative.
    expect(counts(extra.overall)).toEqual({ n: 12, tp: 9, fp: 2, fn: 0, tn: 1 });
    expect(extra.items[0]!.mismatches).toEqual([
      { path: '/items/3/sku', expected: null, extracted: 'D4', confidence: null },
      { path: '/items/3/qty', expected: null, extracted: 4, confidence: null },
    ]);
    expect(extra.overall.precision).toBeCloseTo(9 / 11, 10);
    expect(extra.overall.recall).toBe(1);
    expect(extra.overall.accuracy).toBeCloseTo(10 / 12, 10);
  });

  it('maximumAssignment finds the best total, not a greedy one', () => {
    // Greedy on row 0 would take column 0 (5) and leave row 1 with 0: total 5. Best is 4 + 4 = 8.
    expect(maximumAssignment([[5, 4], [4, 0]], 2, 2)).toEqual([1, 0]);
    expect(maximumAssignment([[1], [3], [2]], 3, 1)).toEqual([-1, 0, -1]);
    expect(maximumAssignment([], 0, 0)).toEqual([]);
  });
});

describe('arrays of scalars: multisets', () => {
  it('compares regardless of order and counts duplicates', () => {
    const r = score({ tags: ['a', 'b', 'b'] }, { tags: ['b', 'a', 'b'] });
    expect(counts(r.overall)).toEqual({ n: 3, tp: 3, fp: 0, fn: 0, tn: 0 });
    expect(Object.keys(r.fields)).toEqual(['/tags/*']);
  });

  it('a value left over on both sides is one wrong value; what remains is missing or extra', () => {
    const wrong = score({ tags: ['a', 'b', 'c'] }, { tags: ['c', 'x', 'a'] });
    expect(counts(wrong.overall)).toEqual({ n: 3, tp: 2, fp: 1, fn: 1, tn: 0 });
    expect(wrong.items[0]!.mismatches).toEqual([{ path: '/tags/1', expected: 'b', extracted: 'x', confidence: null }]);

    const fewer = score({ tags: ['a', 'a', 'b'] }, { tags: ['a'] });
    expect(counts(fewer.overall)).toEqual({ n: 3, tp: 1, fp: 0, fn: 2, tn: 0 });

    const more = score({ tags: ['a'] }, { tags: ['b', 'a', 'c'] });
    expect(counts(more.overall)).toEqual({ n: 3, tp: 1, fp: 2, fn: 0, tn: 0 });
  });
});

describe('values', () => {
  it('strings: NFKC, trimmed, whitespace collapsed, case ignored', () => {
    expect(normaliseString('  ＡＣＭＥ\u00a0 Corp\n')).toBe('acme corp');
    expect(counts(score({ v: 'ACME   Corp' }, { v: ' acme corp ' }).overall)).toEqual({ n: 1, tp: 1, fp: 0, fn: 0, tn: 0 });
    expect(counts(score({ v: 'ﬁle' }, { v: 'FILE' }).overall)).toMatchObject({ tp: 1 });
    expect(counts(score({ v: 'acme' }, { v: 'acne' }).overall)).toMatchObject({ tp: 0, fp: 1, fn: 1 });
  });

  it('fuzzy fields: equal at normalised Levenshtein similarity ≥ the threshold (default 0.9)', () => {
    expect(similarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7, 10);
    // 'acme corporation' vs 'acme corporatoin': distance 2 over 16 → 0.875.
    const a = { v: 'ACME Corporation' };
    const b = { v: 'acme corporatoin' };
    expect(score(a, b, { fuzzy_fields: ['/v'] }).overall.tp).toBe(0); // 0.875 < 0.9
    expect(score(a, b, { fuzzy_fields: ['/v'], fuzzy_threshold: 0.875 }).overall.tp).toBe(1); // at the threshold
    expect(score(a, b).overall.tp).toBe(0); // not listed: exact after normalisation
    // One typo in 'Acme Corporation Ltd' (20 characters): 0.95 ≥ 0.9, by field pointer with `*`.
    const rows = score({ lines: [{ name: 'Acme Corporation Ltd' }] }, { lines: [{ name: 'Acme Corporatiom Ltd' }] }, { fuzzy_fields: ['/lines/*/name'] });
    expect(counts(rows.overall)).toEqual({ n: 1, tp: 1, fp: 0, fn: 0, tn: 0 });
  });

  it('numbers and numeric strings within a relative tolerance (default exact)', () => {
    expect(asNumber('1,240.00')).toBe(1240);
    expect(asNumber('12,40')).toBeNull();
    expect(asNumber('abc')).toBeNull();
    expect(score({ total: 1240 }, { total: '1,240.00' }).overall.tp).toBe(1);
    expect(score({ total: '1,240.00' }, { total: '1240' }).overall.tp).toBe(1);
    expect(score({ total: 100 }, { total: 101 }).overall.tp).toBe(0);
    expect(score({ total: 100 }, { total: 101 }, { numeric_tolerance: 0.01 }).overall.tp).toBe(1); // 1 ≤ 0.01 × 101
    expect(score({ total: 100 }, { total: 102 }, { numeric_tolerance: 0.01 }).overall.tp).toBe(0); // 2 > 1.02
    expect(counts(score({ total: 100 }, { total: 102 }, { numeric_tolerance: 0.01 }).overall)).toEqual({ n: 1, tp: 0, fp: 1, fn: 1, tn: 0 });
  });

  it('dates: strings of a semantic date field compare as ISO dates; others as strings', () => {
    const schema = {
      type: 'object',
      properties: {
        date: { type: 'string', 'x-service': { semantic: 'date' } },
        note: { type: 'string' },
        payments: { type: 'array', items: { type: 'object', properties: { on: { anyOf: [{ type: 'string', 'x-service': { semantic: 'date' } }, { type: 'null' }] } } } },
      },
    };
    expect(asIsoDate('March 5, 2024')).toBe('2024-03-05');
    expect(asIsoDate('05.03.2024')).toBe('2024-03-05');
    expect(asIsoDate('2024-03-05T10:00:00Z')).toBe('2024-03-05');
    expect(asIsoDate('03/04/2024')).toBeNull(); // day and month could be either
    expect(asIsoDate('2024-02-30')).toBeNull();
    const r = score(
      { date: '2024-03-05', note: '2024-03-05', payments: [{ on: '2024-01-31' }] },
      { date: '5 March 2024', note: '5 March 2024', payments: [{ on: '31/01/2024' }] },
      {},
      schema,
    );
    expect(counts(r.fields['/date']!)).toEqual({ n: 1, tp: 1, fp: 0, fn: 0, tn: 0 });
    expect(counts(r.fields['/note']!)).toEqual({ n: 1, tp: 0, fp: 1, fn: 1, tn: 0 });
    expect(counts(r.fields['/payments/*/on']!)).toEqual({ n: 1, tp: 1, fp: 0, fn: 0, tn: 0 });
    expect(counts(score({ date: '2024-03-05' }, { date: '2024-03-06' }, {}, schema).overall)).toEqual({ n: 1, tp: 0, fp: 1, fn: 1, tn: 0 });
  });

  it('excluded fields are skipped, by field pointer (with *) or a whole subtree', () => {
    const expected = { id: 'x', total: 1, items: [{ sku: 'a', amount: 1 }], meta: { a: 1, b: 2 } };
    const extracted = { id: 'y', total: 1, items: [{ sku: 'a', amount: 9 }], meta: { a: 0, b: 0 } };
    const all = score(expected, extracted);
    expect(counts(all.overall)).toEqual({ n: 6, tp: 2, fp: 4, fn: 4, tn: 0 });
    const r = score(expected, extracted, { exclude_fields: ['/id', '/items/*/amount', 'meta'] });
    expect(counts(r.overall)).toEqual({ n: 2, tp: 2, fp: 0, fn: 0, tn: 0 });
    expect(Object.keys(r.fields)).toEqual(['/items/*/sku', '/total']);
  });
});

describe('the run report', () => {
  const outcomes: ItemOutcome[] = [
    {
      item_id: 'a',
      job_id: 'ja',
      status: 'completed',
      expected: { total: 10, vendor: 'Acme' },
      extracted: { total: 10, vendor: 'Acne' },
      confidence: { '/total': 0.97, '/vendor': 0.6 },
      error: null,
    },
    {
      item_id: 'b',
      job_id: 'jb',
      status: 'completed',
      expected: { total: 20, vendor: null },
      extracted: { total: 20, vendor: 'X' },
      confidence: { '/total': 0.85, '/vendor': null },
      error: null,
    },
    {
      item_id: 'c',
      job_id: 'jc',
      status: 'failed',
      expected: { total: 30, vendor: null },
      extracted: null,
      confidence: null,
      error: { code: 'provider_error', message: 'boom' },
    },
  ];

  it('a failed item is all wrong and listed with its error; calibration buckets and thresholds', () => {
    const { report } = scoreRun(outcomes, NO_SCHEMA);
    // a: tp total, fp+fn vendor; b: tp total, fp vendor; c: fn total, vendor wrong (n only).
    expect(counts(report.overall)).toEqual({ n: 6, tp: 2, fp: 2, fn: 2, tn: 0 });
    expect(report.overall.precision).toBe(0.5);
    expect(report.overall.recall).toBe(0.5);
    expect(report.overall.f1).toBe(0.5);
    expect(report.overall.accuracy).toBeCloseTo(2 / 6, 10);
    expect(counts(report.fields['/total']!)).toEqual({ n: 3, tp: 2, fp: 0, fn: 1, tn: 0 });
    expect(counts(report.fields['/vendor']!)).toEqual({ n: 3, tp: 0, fp: 2, fn: 1, tn: 0 });
    expect(report.items.map((i) => [i.item_id, i.status, i.accuracy])).toEqual([
      ['a', 'completed', 0.5],
      ['b', 'completed', 0.5],
      ['c', 'failed', 0],
    ]);
    expect(report.items[0]!.mismatches).toEqual([{ path: '/vendor', expected: 'Acme', extracted: 'Acne', confidence: 0.6 }]);
    expect(report.items[2]!.error).toEqual({ code: 'provider_error', message: 'boom' });
    expect(report.items[2]!.mismatches).toEqual([
      { path: '/total', expected: 30, extracted: null, confidence: null },
      { path: '/vendor', expected: null, extracted: null, confidence: null },
    ]);
    // Extracted non-null leaves: 0.97 right, 0.6 wrong, 0.85 right, and one without confidence.
    expect(report.calibration).toEqual({
      buckets: [
        { min: 0, max: 0.5, n: 0, accuracy: null },
        { min: 0.5, max: 0.8, n: 1, accuracy: 0 },
        { min: 0.8, max: 0.9, n: 1, accuracy: 1 },
        { min: 0.9, max: 0.95, n: 0, accuracy: null },
        { min: 0.95, max: 1, n: 1, accuracy: 1 },
      ],
      thresholds: [
        { threshold: 0.5, precision: 2 / 3, recall: 2 / 4 },
        { threshold: 0.8, precision: 1, recall: 2 / 4 },
        { threshold: 0.9, precision: 1, recall: 1 / 4 },
        { threshold: 0.95, precision: 1, recall: 1 / 4 },
      ],
      unscored: 1,
    });
  });

  it('bucket edges: min inclusive, max exclusive, except 1 in the last bucket', () => {
    const item = (c: number): ItemOutcome => ({ item_id: `i${c}`, job_id: null, status: 'completed', expected: { v: 1 }, extracted: { v: 1 }, confidence: { '/v': c }, error: null });
    const { report } = scoreRun([0.5, 0.8, 0.9, 0.95, 1, 0.4999].map(item), NO_SCHEMA);
    expect(report.calibration.buckets.map((b) => b.n)).toEqual([1, 1, 1, 1, 2]);
  });

  it('confidence is read at the extracted row, not the expected one', () => {
    const r = score(
      { items: [{ sku: 'A' }, { sku: 'B' }] },
      { items: [{ sku: 'B' }, { sku: 'Z' }] },
      {},
      NO_SCHEMA,
      { '/items/0/sku': 0.99, '/items/1/sku': 0.3 },
    );
    // B pairs with expected row 1; Z is left to pair with A (wrong), read at extracted row 1.
    expect(r.items[0]!.mismatches).toEqual([{ path: '/items/0/sku', expected: 'A', extracted: 'Z', confidence: 0.3 }]);
    expect(r.calibration.buckets[4]).toEqual({ min: 0.95, max: 1, n: 1, accuracy: 1 });
  });
});

describe('comparing two runs', () => {
  it('lists exactly the leaves that regressed and the ones fixed, and per-field deltas', () => {
    const expected = { total: 10, vendor: 'Acme', date: '2024-01-01' };
    const run = (extracted: Record<string, unknown>[]) =>
      scoreRun(
        extracted.map((x, i) => ({ item_id: `item${i}`, job_id: null, status: 'completed', expected, extracted: x, confidence: null, error: null })),
        NO_SCHEMA,
      );
    const baseline = run([
      { total: 10, vendor: 'Acme', date: '2024-01-01' },
      { total: 11, vendor: 'Acme', date: '2024-01-01' },
    ]);
    const current = run([
      { total: 10, vendor: 'Acne', date: '2024-01-01' },
      { total: 10, vendor: 'Acme', date: '2024-01-01' },
    ]);
    const cmp = compareRuns(current, baseline);
    expect(cmp.regressions).toEqual([{ item_id: 'item0', path: '/vendor', baseline: 'Acme', new: 'Acne' }]);
    expect(cmp.fixes).toEqual([{ item_id: 'item1', path: '/total', baseline: 11, new: 10 }]);
    expect(cmp.fields['/date']).toEqual({ f1_delta: 0, accuracy_delta: 0 });
    expect(cmp.fields['/total']!.accuracy_delta).toBeCloseTo(0.5, 10);
    expect(cmp.fields['/total']!.f1_delta).toBeCloseTo(1 - 0.5, 10);
    expect(cmp.fields['/vendor']!.accuracy_delta).toBeCloseTo(-0.5, 10);
  });
});
