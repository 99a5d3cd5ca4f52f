import { patched, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { BOOKKEEPING, FINISHING } from './activity-options.js';
import { classificationJobWorkflow } from './classification.js';
import { evaluateItems, type EvaluatedKind, type EvaluationRunInput } from './evaluation-items.js';
import { endRunAs, showRunStatus } from './run-end.js';
import { OPERATORS2_CLASSIFIER_EVALUATION_OUTCOME } from './versions.js';

const acts = proxyActivities<Activities>(BOOKKEEPING);
// Scoring reads every item's split and writes the report: longer than a status write.
const scoring = proxyActivities<Activities>(FINISHING);

/** A classifier's run: each item a classification job (split mode) with the run's classifier snapshot. */
const CLASSIFIER_RUN: EvaluatedKind<{ jobId: string; classifierName: string; fileId: string | null }> = {
  job: { kind: 'classification', workflow: classificationJobWorkflow, verb: 'classify' },
  claim: (runId, limit) => acts.claimClassifierEvaluationRun(runId, limit),
  createItemJob: (runId, itemId) => acts.createClassifierEvaluationItemJob(runId, itemId),
  definitionName: (job) => job.classifierName,
  score: (runId) => scoring.scoreClassifierEvaluationRun(runId),
  settleStopped: (runId) => acts.settleStoppedClassifierEvaluationRun(runId),
  settlesAfterFailedCancel: false,
};

/**
 * One evaluation run of a classifier (issue 44, deliver 6; a workflow type of its own, beside
 * evaluationRunWorkflow): the same steps (./evaluation-items.ts), each item a classification job,
 * the run scored on pages, classes and boundaries.
 */
export async function classifierEvaluationRunWorkflow(input: EvaluationRunInput): Promise<string> {
  // The run shows its status and ends as the evaluation did (./run-end.ts), as an extractor's run does.
  if (!patched(OPERATORS2_CLASSIFIER_EVALUATION_OUTCOME)) return evaluateItems(input, CLASSIFIER_RUN);
  showRunStatus('running');
  return endRunAs('evaluation_run', await evaluateItems(input, CLASSIFIER_RUN));
}
