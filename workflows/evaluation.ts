import { CancellationScope, ContinueAsNew, continueAsNew, executeChild, ParentClosePolicy, patched, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { BOOKKEEPING } from './activity-options.js';
import { forEachBounded } from './bounded.js';
import { extractionJobWorkflow } from './extraction.js';
import { describeFailure, isCancellation } from './job-failure.js';
import { initialJobSearchAttributes } from '../src/temporal/search-attributes.js';
import { endRunAs, showRunStatus } from './run-end.js';
import type { RetrySettings } from './types.js';
import { ENGINE_EVALUATION_OUTCOME, HARDENING_EVALUATION_SETTLE_AFTER_FAILED_CANCEL } from './versions.js';

/** Input of evaluationRunWorkflow: ids and settings only. */
export interface EvaluationRunInput {
  runId: string;
  /** Item jobs in flight at once (SERVICE_EVALUATION_CONCURRENCY). */
  concurrency: number;
  /** What each item job's workflow gets, as a job created through the API would. */
  job: { retry: RetrySettings; pageConcurrency: number };
  /** Items per workflow run before it continues as new (default ITEMS_PER_WORKFLOW_RUN; tests set it low). */
  itemsPerRun?: number;
  /** The server has the Docextract search attributes: item jobs start with them (DocextractEvaluationRunId included). */
  searchAttributes?: boolean;
}

/**
 * Items started by one workflow run before it continues as new: each item adds about ten events
 * (its activity and its child workflow), so a set of any size stays far below the history limits.
 */
export const ITEMS_PER_WORKFLOW_RUN = 500;

const acts = proxyActivities<Activities>(BOOKKEEPING);
// Scoring reads every item's data and writes the report: longer than a status write.
const scoring = proxyActivities<Activities>({ ...BOOKKEEPING, startToCloseTimeout: '10 minutes', scheduleToCloseTimeout: '1 hour' });

/**
 * One evaluation run: claim it, then for each item not yet ended create its extraction job (with
 * the run's extractor snapshot) and run that job's own workflow as a child, at most `concurrency`
 * at once; once every item job has ended, score the run. A worker crash replays this from
 * history: finished children are not run again. History holds ids only; after
 * ITEMS_PER_WORKFLOW_RUN items the workflow continues as new.
 */
export async function evaluationRunWorkflow(input: EvaluationRunInput): Promise<string> {
  // ENGINE_EVALUATION_OUTCOME: the run shows its status and ends as the evaluation did (./run-end.ts).
  if (!patched(ENGINE_EVALUATION_OUTCOME)) return evaluate(input);
  showRunStatus('running');
  return endRunAs('evaluation_run', await evaluate(input));
}

async function evaluate(input: EvaluationRunInput): Promise<string> {
  const { runId } = input;
  try {
    const pending = await acts.claimEvaluationRun(runId, input.itemsPerRun ?? ITEMS_PER_WORKFLOW_RUN);
    if (pending === 'not_running') return await settle(runId);
    await forEachBounded(pending.itemIds, input.concurrency, async (itemId) => {
      const job = await acts.createEvaluationItemJob(runId, itemId);
      if (job === null) return; // the run is stopping
      try {
        await executeChild(extractionJobWorkflow, {
          workflowId: job.jobId,
          args: [{ jobId: job.jobId, retry: input.job.retry, pageConcurrency: input.job.pageConcurrency }],
          memo: { job_kind: 'extraction', definition_name: job.definitionName, file_id: job.fileId, evaluation_run_id: runId },
          staticSummary: ['extract', job.definitionName, job.fileId === null ? 'text' : job.fileId, `evaluation ${runId}`].join(' · '),
          ...(input.searchAttributes
            ? { typedSearchAttributes: initialJobSearchAttributes({ kind: 'extraction', definition: job.definitionName, fileId: job.fileId, evaluationRunId: runId }) }
            : {}),
          // Should the run's workflow be terminated by an operator, its jobs are canceled (and their
          // rows settled) rather than killed mid-write.
          parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
        });
      } catch (err) {
        // The job row holds its failure (scored as all-wrong), also when that one job was canceled
        // on its own; only a cancellation of the run itself stops the run.
        if (isCancellation(err) && CancellationScope.current().consideredCancelled) throw err;
      }
    });
    // Every item of this chunk has ended; the next workflow run reads what is left from Postgres.
    if (pending.more) return await continueAsNew<typeof evaluationRunWorkflow>(input);
    const outcome = await scoring.scoreEvaluationRun(runId);
    return outcome === 'recorded' ? 'completed' : await settle(runId);
  } catch (err) {
    if (err instanceof ContinueAsNew) throw err; // not a failure: how the workflow moves on
    if (isCancellation(err)) return await settle(runId);
    // Asked to stop while a step was failing: the activity ended failed, not canceled.
    if (CancellationScope.current().consideredCancelled && patched(HARDENING_EVALUATION_SETTLE_AFTER_FAILED_CANCEL)) return await settle(runId);
    if ((await acts.failEvaluationRun(runId, describeFailure(err))) === 'not_running') return await settle(runId);
    return 'failed';
  }
}

/** Finish a run that was asked to stop: its leftover jobs and the run itself → canceled. */
function settle(runId: string): Promise<string> {
  return CancellationScope.nonCancellable(() => acts.settleStoppedEvaluationRun(runId));
}
