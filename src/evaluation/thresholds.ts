// Per-field review thresholds proposed from a completed evaluation run at a target precision
// (issue 40, the rule to the letter; docs/evaluation.md "Thresholds from a run").
import { collectLeaves, type LeafContext } from './scoring/leaves.js';
import { withDefaults, type ScoringOptions } from './scoring/options.js';
import { confidenceOf, type ItemOutcome } from './scoring/report.js';
import { dateFields } from './scoring/schema-fields.js';

export interface FieldThreshold {
  /** The smallest confidence c among the field's values such that those at or above c are right in a share ≥ the target; null when none. */
  threshold: number | null;
  /** That share; null with the threshold. */
  precision: number | null;
  /** The share of the field's values at or above the threshold (0 without one). */
  auto_accept_share: number;
  /** How many values the field has: non-null extracted leaves with a confidence, over completed items. */
  n: number;
}

export interface ThresholdProposal {
  target_precision: number;
  fields: Record<string, FieldThreshold>;
  straight_through_rate: number;
  items_total: number;
}

/** One value of V: its confidence and whether it was right (tp). */
export interface ConfidentValue {
  confidence: number;
  right: boolean;
}

/** The rule for one field's values V. */
export function fieldThreshold(values: readonly ConfidentValue[], target: number): FieldThreshold {
  const n = values.length;
  // Descending by confidence: walking down, the values at or above c are a prefix.
  const sorted = [...values].sort((a, b) => b.confidence - a.confidence);
  let best: FieldThreshold = { threshold: null, precision: null, auto_accept_share: 0, n };
  let right = 0;
  for (let i = 0; i < n; i++) {
    right += sorted[i]!.right ? 1 : 0;
    // Only at the last value of a run of equal confidences is the prefix "every value ≥ c".
    if (i + 1 < n && sorted[i + 1]!.confidence === sorted[i]!.confidence) continue;
    const share = right / (i + 1);
    if (share >= target) best = { threshold: sorted[i]!.confidence, precision: share, auto_accept_share: (i + 1) / n, n };
  }
  return best;
}

/**
 * The proposal for a run: every field of the run's leaves (the report's fields, `*` for indices)
 * with its threshold, and the share of all the run's items (failed ones included) that would
 * pass untouched: completed items whose every confident value is at or above its field's threshold.
 */
export function proposeThresholds(
  outcomes: readonly ItemOutcome[],
  schema: unknown,
  options: Partial<ScoringOptions>,
  target: number,
): ThresholdProposal {
  const ctx: LeafContext = { options: withDefaults(options), dateFields: dateFields(schema) };
  const byField = new Map<string, ConfidentValue[]>();
  const perItem: Array<Array<{ field: string; confidence: number }>> = [];
  for (const item of outcomes) {
    const answered = item.status === 'completed';
    const values: Array<{ field: string; confidence: number }> = [];
    for (const leaf of collectLeaves(item.expected, answered ? item.extracted : null, ctx)) {
      if (!byField.has(leaf.field)) byField.set(leaf.field, []);
      const confidence = answered && leaf.extracted !== null ? confidenceOf(leaf, item.confidence) : null;
      if (confidence === null) continue;
      byField.get(leaf.field)!.push({ confidence, right: leaf.outcome === 'tp' });
      values.push({ field: leaf.field, confidence });
    }
    if (answered) perItem.push(values);
  }
  const fields = Object.fromEntries([...byField.keys()].sort().map((f) => [f, fieldThreshold(byField.get(f)!, target)]));
  const passes = perItem.filter((values) =>
    values.every(({ field, confidence }) => {
      const t = fields[field]!.threshold;
      return t !== null && confidence >= t;
    }),
  ).length;
  return {
    target_precision: target,
    fields,
    straight_through_rate: outcomes.length === 0 ? 0 : passes / outcomes.length,
    items_total: outcomes.length,
  };
}

/** What `apply` writes as the extractor's review_thresholds: each field's threshold (null stays null). */
export function asReviewThresholds(proposal: ThresholdProposal): Record<string, number | null> {
  return Object.fromEntries(Object.entries(proposal.fields).map(([f, t]) => [f, t.threshold]));
}
