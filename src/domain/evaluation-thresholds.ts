// Thresholds proposed from a completed evaluation run (src/evaluation/thresholds.ts has the rule),
// and, on request, written into the run's extractor as its review_thresholds (a new version).
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { serviceError } from '../errors.js';
import type { ItemOutcome } from '../evaluation/scoring/index.js';
import { asReviewThresholds, proposeThresholds, type ThresholdProposal } from '../evaluation/thresholds.js';
import type { Db } from '../storage/db.js';
import { evaluationItemJobs } from '../storage/jobs/evaluation.js';
import { getEvaluationRun } from './evaluation-runs.js';
import { patchExtractor } from './extractors.js';

export const thresholdsBody = z.strictObject({
  target_precision: z.number().gt(0).lte(1),
  apply: z.boolean().optional(),
});

export interface ThresholdsAnswer extends ThresholdProposal {
  /** The extractor version `apply` wrote; null when nothing was applied. */
  applied_version: number | null;
}

export async function runThresholds(
  deps: { db: Db; config: Pick<Config, 'localModel'> },
  runId: string,
  body: z.infer<typeof thresholdsBody>,
): Promise<ThresholdsAnswer> {
  const { db } = deps;
  const run = await getEvaluationRun(db, runId);
  if (run.status !== 'completed') {
    throw serviceError('evaluation_run_not_completed', `Evaluation run '${runId}' is ${run.status}; thresholds are chosen from a completed run`);
  }
  const rows = await evaluationItemJobs(db, runId);
  // Only completed items' values count; every item (failed ones too) is in items_total.
  const outcomes: ItemOutcome[] = rows.map((r) => {
    const completed = r.status === 'completed';
    const confidence = completed && r.result?.confidence && typeof r.result.confidence === 'object' ? r.result.confidence : null;
    return { item_id: r.item_id, job_id: r.job_id ?? null, status: r.status ?? 'failed', expected: r.expected_output, extracted: completed ? (r.result?.data ?? null) : null, confidence, error: null };
  });
  const snapshot = run.extractor_snapshot as { id: string; schema: unknown; version?: number };
  const proposal = proposeThresholds(outcomes, snapshot.schema, run.options, body.target_precision);
  if (!body.apply) return { ...proposal, applied_version: null };
  // Snapshots made before extractors had versions were of version 1.
  const extractor = await patchExtractor(deps, snapshot.id, { review_thresholds: asReviewThresholds(proposal) }, snapshot.version ?? 1);
  return { ...proposal, applied_version: extractor.version };
}
