// Counts of judged leaves and the metrics derived from them.
import type { Outcome } from './leaves.js';

export interface Counts {
  n: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** Ratios are null where their denominator is 0 (nothing to measure), never a made-up 0 or 1. */
export interface Metrics extends Counts {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  accuracy: number | null;
}

export const emptyCounts = (): Counts => ({ n: 0, tp: 0, fp: 0, fn: 0, tn: 0 });

/**
 * Add one leaf. A wrong value counts as both fp and fn. `answered` false (the item's job failed)
 * counts the leaf wrong whatever it is: missing (fn) where a value was expected, and in `n` only
 * where null was expected (no answer is not a true negative).
 */
export function addLeaf(c: Counts, outcome: Outcome, answered = true): void {
  c.n += 1;
  if (!answered) {
    if (outcome !== 'tn') c.fn += 1;
    return;
  }
  if (outcome === 'tp') c.tp += 1;
  if (outcome === 'tn') c.tn += 1;
  if (outcome === 'fp' || outcome === 'fp_fn') c.fp += 1;
  if (outcome === 'fn' || outcome === 'fp_fn') c.fn += 1;
}

export const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

export function metricsOf(c: Counts): Metrics {
  const precision = ratio(c.tp, c.tp + c.fp);
  const recall = ratio(c.tp, c.tp + c.fn);
  const f1 = precision === null || recall === null ? null : precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1, accuracy: ratio(c.tp + c.tn, c.n) };
}

/** Whether a leaf counts as right (tp or tn) for accuracy, mismatches and comparisons. */
export const isRight = (outcome: Outcome, answered = true) => answered && (outcome === 'tp' || outcome === 'tn');
