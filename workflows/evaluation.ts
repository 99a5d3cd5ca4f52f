import { patched, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { BOOKKEEPING, FINISHING } from './activity-options.js';
import { evaluateItems, type EvaluatedKind, type EvaluationRunInput } from './evaluation-items.js';
import { extractionJobWorkflow } from './extraction.js';
import { endRunAs, showRunStatus } from './run-end.js';
import { ENGINE_EVALUATION_OUTCOME } from './versions.js';

const acts = proxyActivities<Activities>(BOOKKEEPING);
// Scoring reads every item's data and writes the report: longer than a status write.
const scoring = proxyActivities<Activities>(FINISHING);

/** An extractor's run: each item an extraction job with the run's extractor snapshot. */
const EXTRACTOR_RUN: EvaluatedKind<{ jobId: string; definitionName: string; fileId: string | null }> = {
  job: { kind: 'extraction', workflow: extractionJobWorkflow, verb: 'extract' },
  claim: (runId, limit) => acts.claimEvaluationRun(runId, limit),
  createItemJob: (runId, itemId) => acts.createEvaluationItemJob(runId, itemId),
  definitionName: (job) => job.definitionName,
  score: (runId) => scoring.scoreEvaluationRun(runId),
  settleStopped: (runId) => acts.settleStoppedEvaluationRun(runId),
  settlesAfterFailedCancel: true,
};

/**
 * One evaluation run of an extractor: claim it, then for each item not yet ended create its
 * extraction job (with the run's extractor snapshot) and run that job's own workflow as a child, at
 * most `concurrency` at once; once every item job has ended, score the run (./evaluation-items.ts).
 */
export async function evaluationRunWorkflow(input: EvaluationRunInput): Promise<string> {
  // ENGINE_EVALUATION_OUTCOME: the run shows its status and ends as the evaluation did (./run-end.ts).
  if (!patched(ENGINE_EVALUATION_OUTCOME)) return evaluateItems(input, EXTRACTOR_RUN);
  showRunStatus('running');
  return endRunAs('evaluation_run', await evaluateItems(input, EXTRACTOR_RUN));
}
