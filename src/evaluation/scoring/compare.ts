// Two runs of the same evaluation set side by side: what changed per field, and which values
// regressed (right in the baseline, wrong in the new run) or were fixed (the reverse).
import type { Report, ScoredLeaf } from './report.js';

export interface LeafChange {
  item_id: string;
  path: string;
  baseline: unknown;
  new: unknown;
}

export interface Comparison {
  fields: Record<string, { f1_delta: number | null; accuracy_delta: number | null }>;
  regressions: LeafChange[];
  fixes: LeafChange[];
}

const delta = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null ? null : a - b);

/** `current` is the new run, `baseline` the one it is compared against. */
export function compareRuns(
  current: { report: Report; leaves: Record<string, ScoredLeaf[]> },
  baseline: { report: Report; leaves: Record<string, ScoredLeaf[]> },
): Comparison {
  const names = [...new Set([...Object.keys(current.report.fields), ...Object.keys(baseline.report.fields)])].sort();
  const fields = Object.fromEntries(
    names.map((f) => {
      const a = current.report.fields[f];
      const b = baseline.report.fields[f];
      return [f, { f1_delta: delta(a?.f1, b?.f1), accuracy_delta: delta(a?.accuracy, b?.accuracy) }];
    }),
  );
  const regressions: LeafChange[] = [];
  const fixes: LeafChange[] = [];
  // Items in the order of the new run's report; a leaf counts only where both runs judged it.
  for (const { item_id } of current.report.items) {
    const before = new Map((baseline.leaves[item_id] ?? []).map((l) => [l.path, l]));
    for (const now of current.leaves[item_id] ?? []) {
      const then = before.get(now.path);
      if (!then || then.right === now.right) continue;
      const change = { item_id, path: now.path, baseline: then.extracted, new: now.extracted };
      (then.right ? regressions : fixes).push(change);
    }
  }
  return { fields, regressions, fixes };
}
