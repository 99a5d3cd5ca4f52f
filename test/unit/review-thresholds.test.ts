// Per-field review thresholds (issue 40): which threshold a value meets, and the proposal rule
// from an evaluation run, each figure computed by hand.
import { describe, expect, it } from '@jest/globals';
import { buildFlags, initialReview, reviewEnabled, thresholdResolver } from '../../src/confidence/index.js';
import { asReviewThresholds, fieldThreshold, proposeThresholds } from '../../src/evaluation/thresholds.js';
import type { ItemOutcome } from '../../src/evaluation/scoring/index.js';

describe('thresholdResolver', () => {
  const of = thresholdResolver({
    review_threshold: 0.5,
    review_thresholds: { '/items/*/amount': 0.9, '/items/0/amount': 0.7, '/total': 0.8, '/note': null },
  });

  it('takes the most specific matching field path, then review_threshold', () => {
    expect(of('/items/3/amount')).toBe(0.9);
    expect(of('/items/0/amount')).toBe(0.7); // exact beats `*`
    expect(of('/total')).toBe(0.8);
    expect(of('/merchant')).toBe(0.5); // no path matches: the single threshold
    expect(of('/items/x/amount')).toBe(0.5); // `*` stands for array indices only
    expect(of('/items/3/amount/9')).toBe(0.5); // the same number of tokens
  });

  it('a field mapped to null needs a human for any confidence', () => {
    expect(of('/note')).toBe(Number.POSITIVE_INFINITY);
  });

  it('without review_threshold an unmatched value has no threshold', () => {
    expect(thresholdResolver({ review_thresholds: { '/a': 0.9 } })('/b')).toBeNull();
  });

  it('puts a job in review when either setting is present', () => {
    expect(reviewEnabled({ review_threshold: null, review_thresholds: null })).toBe(false);
    expect(reviewEnabled({ review_threshold: 0.4, review_thresholds: null })).toBe(true);
    expect(reviewEnabled({ review_threshold: null, review_thresholds: {} })).toBe(true);
    expect(initialReview(false, {}, 0, new Date())).toBeNull();
    expect(initialReview(true, { a: 1 }, 0, new Date())!.status).toBe('not_required');
    expect(initialReview(true, { a: 1 }, 2, new Date())!.status).toBe('pending');
  });

  it('flags exactly the values below their field threshold', () => {
    const schema = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' }, c: { type: 'number' } }, required: ['a', 'b', 'c'] };
    const flags = buildFlags({
      data: { a: 1, b: 2, c: 3 },
      schema,
      confidence: { '/a': 0.85, '/b': 0.85, '/c': 0.2 },
      threshold: thresholdResolver({ review_thresholds: { '/a': 0.9, '/b': 0.8 } }),
      conflicts: [],
      notGrounded: [],
    });
    expect(flags).toEqual([{ path: '/a', reasons: ['low_confidence'], confidence: 0.85 }]);
  });
});

describe('fieldThreshold', () => {
  const v = (confidence: number, right: boolean) => ({ confidence, right });

  it('is the smallest confidence whose values at or above it reach the target', () => {
    // Descending: 0.99 ✓, 0.95 ✓, 0.9 ✗, 0.8 ✓, 0.6 ✗ → shares 1, 1, 2/3, 3/4, 3/5.
    const values = [v(0.9, false), v(0.99, true), v(0.6, false), v(0.95, true), v(0.8, true)];
    expect(fieldThreshold(values, 0.75)).toEqual({ threshold: 0.8, precision: 0.75, auto_accept_share: 0.8, n: 5 });
    expect(fieldThreshold(values, 0.7)).toEqual({ threshold: 0.8, precision: 0.75, auto_accept_share: 0.8, n: 5 });
    expect(fieldThreshold(values, 0.6)).toEqual({ threshold: 0.6, precision: 0.6, auto_accept_share: 1, n: 5 });
    expect(fieldThreshold(values, 1)).toEqual({ threshold: 0.95, precision: 1, auto_accept_share: 0.4, n: 5 });
  });

  it('counts every value of equal confidence together', () => {
    // At 0.9 the values ≥ 0.9 are both 0.9s and the 1.0: 2 of 3 right.
    const values = [v(1, true), v(0.9, true), v(0.9, false)];
    expect(fieldThreshold(values, 0.6)).toEqual({ threshold: 0.9, precision: 2 / 3, auto_accept_share: 1, n: 3 });
    expect(fieldThreshold(values, 0.7)).toEqual({ threshold: 1, precision: 1, auto_accept_share: 1 / 3, n: 3 });
    expect(fieldThreshold(values, 0.8)).toEqual({ threshold: 1, precision: 1, auto_accept_share: 1 / 3, n: 3 });
  });

  it('is null when no confidence qualifies or there are no values', () => {
    expect(fieldThreshold([v(0.9, false), v(0.5, true)], 0.9)).toEqual({ threshold: null, precision: null, auto_accept_share: 0, n: 2 });
    expect(fieldThreshold([], 0.5)).toEqual({ threshold: null, precision: null, auto_accept_share: 0, n: 0 });
  });
});

describe('proposeThresholds', () => {
  const item = (k: number, extracted: unknown, confidence: Record<string, number> | null, status = 'completed'): ItemOutcome => ({
    item_id: `i${k}`,
    job_id: `j${k}`,
    status,
    expected: { name: `N${k}`, rows: [{ x: k }] },
    extracted: status === 'completed' ? extracted : null,
    confidence,
    error: null,
  });
  const outcomes = [
    item(1, { name: 'N1', rows: [{ x: 1 }] }, { '/name': 0.95, '/rows/0/x': 0.9 }),
    item(2, { name: 'wrong', rows: [{ x: 2 }] }, { '/name': 0.6, '/rows/0/x': 0.99 }),
    item(3, { name: 'N3', rows: [{ x: 30 }] }, { '/name': 0.9, '/rows/0/x': 0.5 }),
    item(4, { name: 'N4', rows: [{ x: 4 }] }, null), // no confidence: not in V, and nothing holds it back
    item(5, null, null, 'failed'),
  ];

  it('answers every figure of the rule', () => {
    const p = proposeThresholds(outcomes, {}, {}, 0.9);
    // /name: 0.95 ✓, 0.9 ✓, 0.6 ✗ → threshold 0.9 (2/2), share 2/3.
    // /rows/*/x: 0.99 ✓, 0.9 ✓, 0.5 ✗ → threshold 0.9, share 2/3.
    expect(p.fields).toEqual({
      '/name': { threshold: 0.9, precision: 1, auto_accept_share: 2 / 3, n: 3 },
      '/rows/*/x': { threshold: 0.9, precision: 1, auto_accept_share: 2 / 3, n: 3 },
    });
    // Items 1 and 4 pass untouched (2 is held by its name, 3 by its x); 5 failed; of 5 items.
    expect(p.straight_through_rate).toBe(2 / 5);
    expect(p.items_total).toBe(5);
    expect(p.target_precision).toBe(0.9);
    expect(asReviewThresholds(p)).toEqual({ '/name': 0.9, '/rows/*/x': 0.9 });
  });

  it('a field without a qualifying threshold holds back every item with a confident value of it', () => {
    const p = proposeThresholds(outcomes, {}, {}, 1);
    // /name: 0.95 ✓ → 0.9 (2/2 right) qualifies at 1; /rows/*/x: 0.99 ✓, 0.9 ✓ → 0.9 too.
    expect(p.fields['/name']!.threshold).toBe(0.9);
    const none = proposeThresholds([item(1, { name: 'bad', rows: [] }, { '/name': 0.99 }), item(2, { name: 'N2', rows: [] }, null)], {}, {}, 0.5);
    expect(none.fields['/name']).toEqual({ threshold: null, precision: null, auto_accept_share: 0, n: 1 });
    expect(none.straight_through_rate).toBe(1 / 2);
  });
});
