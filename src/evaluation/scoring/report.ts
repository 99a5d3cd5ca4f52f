// The report of an evaluation run, built from each item's expected data and its job's outcome.
import { collectLeaves, type Leaf, type LeafContext } from './leaves.js';
import { addLeaf, emptyCounts, isRight, metricsOf, ratio, type Counts, type Metrics } from './metrics.js';
import { withDefaults, type ScoringOptions } from './options.js';
import { dateFields } from './schema-fields.js';
import { ruleRates, type RuleRate } from './rules.js';
import type { Rule } from '../../rules/index.js';

export interface ItemOutcome {
  item_id: string;
  job_id: string | null;
  /** The job's terminal status; anything but `completed` scores as all-wrong. */
  status: string;
  expected: unknown;
  /** `result.data` of a completed job, else null. */
  extracted: unknown;
  /** `result.confidence` (JSON Pointer of the extracted data → number or null), or null. */
  confidence: Record<string, unknown> | null;
  error: { message: string; code: string } | null;
}

export interface Mismatch {
  path: string;
  expected: unknown;
  extracted: unknown;
  confidence: number | null;
}

export interface ItemReport {
  item_id: string;
  job_id: string | null;
  status: string;
  accuracy: number | null;
  mismatches: Mismatch[];
  error: { message: string; code: string } | null;
}

export const CALIBRATION_EDGES = [0, 0.5, 0.8, 0.9, 0.95, 1] as const;
export const CALIBRATION_THRESHOLDS = [0.5, 0.8, 0.9, 0.95] as const;

export interface Calibration {
  buckets: Array<{ min: number; max: number; n: number; accuracy: number | null }>;
  thresholds: Array<{ threshold: number; precision: number | null; recall: number | null }>;
  unscored: number;
}

export interface Report {
  overall: Metrics;
  fields: Record<string, Metrics>;
  items: ItemReport[];
  calibration: Calibration;
  /** Each of the extractor version's rules: how often it held on the completed items' answers. */
  rules: RuleRate[];
}

/** One judged leaf as kept for comparisons between runs. */
export interface ScoredLeaf {
  path: string;
  expected: unknown;
  extracted: unknown;
  right: boolean;
}

export interface Scored {
  report: Report;
  /** Every leaf of every item (item_id → leaves), what a comparison between runs reads. */
  leaves: Record<string, ScoredLeaf[]>;
}

/** The confidence of an extracted leaf, when its job reported one. */
export function confidenceOf(leaf: Leaf, confidence: Record<string, unknown> | null): number | null {
  if (confidence === null || leaf.extractedPath === null) return null;
  const c = confidence[leaf.extractedPath];
  return typeof c === 'number' && Number.isFinite(c) ? c : null;
}

export function scoreRun(outcomes: readonly ItemOutcome[], schema: unknown, options: Partial<ScoringOptions> = {}, rules: readonly Rule[] = []): Scored {
  const ctx: LeafContext = { options: withDefaults(options), dateFields: dateFields(schema) };
  const overall = emptyCounts();
  const fields = new Map<string, Counts>();
  const items: ItemReport[] = [];
  const leaves: Record<string, ScoredLeaf[]> = {};
  // Calibration reads every non-null extracted leaf of an answered item.
  const confident: Array<{ confidence: number; right: boolean }> = [];
  let unscored = 0;

  for (const item of outcomes) {
    const answered = item.status === 'completed';
    const judged = collectLeaves(item.expected, answered ? item.extracted : null, ctx);
    const counts = emptyCounts();
    const mismatches: Mismatch[] = [];
    leaves[item.item_id] = [];
    for (const leaf of judged) {
      addLeaf(counts, leaf.outcome, answered);
      addLeaf(overall, leaf.outcome, answered);
      if (!fields.has(leaf.field)) fields.set(leaf.field, emptyCounts());
      addLeaf(fields.get(leaf.field)!, leaf.outcome, answered);
      const right = isRight(leaf.outcome, answered);
      const confidence = confidenceOf(leaf, item.confidence);
      if (!right) mismatches.push({ path: leaf.path, expected: leaf.expected, extracted: leaf.extracted, confidence });
      leaves[item.item_id]!.push({ path: leaf.path, expected: leaf.expected, extracted: leaf.extracted, right });
      if (answered && leaf.extracted !== null) {
        if (confidence === null) unscored += 1;
        else confident.push({ confidence, right: leaf.outcome === 'tp' });
      }
    }
    items.push({
      item_id: item.item_id,
      job_id: item.job_id,
      status: item.status,
      accuracy: answered ? ratio(counts.tp + counts.tn, counts.n) : counts.n === 0 ? null : 0,
      mismatches,
      error: answered ? null : item.error,
    });
  }

  const sortedFields = [...fields.keys()].sort();
  return {
    report: {
      overall: metricsOf(overall),
      fields: Object.fromEntries(sortedFields.map((f) => [f, metricsOf(fields.get(f)!)])),
      items,
      calibration: calibrate(confident, overall.tp + overall.fn, unscored),
      rules: ruleRates(rules, outcomes.filter((o) => o.status === 'completed').map((o) => o.extracted)),
    },
    leaves,
  };
}

/**
 * Buckets of confidence ([min, max), the last one [0.95, 1]) with the share of right values in
 * each; and, for each threshold, precision and recall if only values at or above it were kept
 * (recall against every expected value of the run, tp + fn).
 */
export function calibrate(leaves: ReadonlyArray<{ confidence: number; right: boolean }>, expectedValues: number, unscored: number): Calibration {
  const edges = CALIBRATION_EDGES;
  const buckets = edges.slice(0, -1).map((min, i) => {
    const max = edges[i + 1]!;
    const last = i === edges.length - 2;
    const inside = leaves.filter((l) => l.confidence >= min && (last ? l.confidence <= max : l.confidence < max));
    return { min, max, n: inside.length, accuracy: ratio(inside.filter((l) => l.right).length, inside.length) };
  });
  const thresholds = CALIBRATION_THRESHOLDS.map((threshold) => {
    const kept = leaves.filter((l) => l.confidence >= threshold);
    const right = kept.filter((l) => l.right).length;
    return { threshold, precision: ratio(right, kept.length), recall: ratio(right, expectedValues) };
  });
  return { buckets, thresholds, unscored };
}
