import { CancellationScope, ContinueAsNew, continueAsNew, executeChild, ParentClosePolicy, patched, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { initialJobSearchAttributes } from '../src/temporal/search-attributes.js';
import { inheritedWorkspace } from './workspace-attribute.js';
import { BOOKKEEPING } from './activity-options.js';
import { forEachBounded } from './bounded.js';
import type { classificationJobWorkflow } from './classification.js';
import type { extractionJobWorkflow } from './extraction.js';
import { describeFailure, isCancellation } from './job-failure.js';
import type { RetrySettings } from './types.js';
import { HARDENING_EVALUATION_SETTLE_AFTER_FAILED_CANCEL } from './versions.js';

// The body both evaluation-run workflows share (an extractor's, ./evaluation.ts, and a
// classifier's, ./classifier-evaluation.ts): they differ only in their activities and in the job
// each item runs as, which EvaluatedKind names.

/** Input of an evaluation run's workflow: ids and settings only. */
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

/** An item's job, as the item-job activity created (or found) it. */
export interface ItemJob {
  jobId: string;
  fileId: string | null;
}

/**
 * What is evaluated: the kind of job each item runs as, and the run's steps for that kind. Each
 * step hands back the activity's own promise (no wrapper in between): the commands of an
 * activation keep the order they had when each workflow had its own copy of these steps.
 */
export interface EvaluatedKind<J extends ItemJob = ItemJob> {
  job: { kind: 'extraction'; workflow: typeof extractionJobWorkflow; verb: 'extract' } | { kind: 'classification'; workflow: typeof classificationJobWorkflow; verb: 'classify' };
  claim(runId: string, limit: number): Promise<{ itemIds: string[]; more: boolean } | 'not_running'>;
  /** Null when the run is stopping. */
  createItemJob(runId: string, itemId: string): Promise<J | null>;
  /** The extractor's or classifier's name, as the item's job shows it. */
  definitionName(job: J): string;
  score(runId: string): Promise<'recorded' | 'not_running'>;
  /** Leftover jobs and the run itself → canceled; returns the run's status. */
  settleStopped(runId: string): Promise<string>;
  /**
   * HARDENING_EVALUATION_SETTLE_AFTER_FAILED_CANCEL applies: a step failing while the run is asked
   * to stop settles it. Extractor runs only; a classifier's run never took that path.
   */
  settlesAfterFailedCancel: boolean;
}

const acts = proxyActivities<Activities>(BOOKKEEPING);

/**
 * Claim the run, then for each item not yet ended create its job and run that job's own workflow
 * as a child, at most `concurrency` at once; once every item job has ended, score the run. A worker
 * crash replays this from history: finished children are not run again. History holds ids only;
 * after ITEMS_PER_WORKFLOW_RUN items the workflow continues as new. Returns the run's status.
 */
export async function evaluateItems<J extends ItemJob>(input: EvaluationRunInput, what: EvaluatedKind<J>): Promise<string> {
  const { runId } = input;
  const settle = () => CancellationScope.nonCancellable(() => what.settleStopped(runId));
  try {
    const pending = await what.claim(runId, input.itemsPerRun ?? ITEMS_PER_WORKFLOW_RUN);
    if (pending === 'not_running') return await settle();
    await forEachBounded(pending.itemIds, input.concurrency, async (itemId) => {
      const job = await what.createItemJob(runId, itemId);
      if (job === null) return; // the run is stopping
      try {
        await runItemJob(input, what.job, job.jobId, what.definitionName(job), job.fileId);
      } catch (err) {
        // The job row holds its failure (scored as all-wrong), also when that one job was canceled
        // on its own; only a cancellation of the run itself stops the run.
        if (isCancellation(err) && CancellationScope.current().consideredCancelled) throw err;
      }
    });
    // Every item of this chunk has ended; the next workflow run reads what is left from Postgres.
    if (pending.more) return await continueAsNew(input);
    const outcome = await what.score(runId);
    return outcome === 'recorded' ? 'completed' : await settle();
  } catch (err) {
    if (err instanceof ContinueAsNew) throw err; // not a failure: how the workflow moves on
    if (isCancellation(err)) return await settle();
    // Asked to stop while a step was failing: the activity ended failed, not canceled.
    if (what.settlesAfterFailedCancel && CancellationScope.current().consideredCancelled && patched(HARDENING_EVALUATION_SETTLE_AFTER_FAILED_CANCEL)) return await settle();
    if ((await acts.failEvaluationRun(runId, describeFailure(err))) === 'not_running') return await settle();
    return 'failed';
  }
}

/** The item's job run as a child workflow, found in Temporal as the job it is and the run it belongs to. */
function runItemJob(input: EvaluationRunInput, job: EvaluatedKind['job'], jobId: string, definitionName: string, fileId: string | null): Promise<unknown> {
  const { runId } = input;
  return executeChild(job.workflow, {
    workflowId: jobId,
    args: [{ jobId, retry: input.job.retry, pageConcurrency: input.job.pageConcurrency }],
    memo: { job_kind: job.kind, definition_name: definitionName, file_id: fileId, evaluation_run_id: runId },
    staticSummary: [job.verb, definitionName, fileId === null ? 'text' : fileId, `evaluation ${runId}`].join(' · '),
    ...(input.searchAttributes
      ? { typedSearchAttributes: [...initialJobSearchAttributes({ kind: job.kind, definition: definitionName, fileId, evaluationRunId: runId }), ...inheritedWorkspace()] }
      : {}),
    // Should the run's workflow be terminated by an operator, its jobs are canceled (and their
    // rows settled) rather than killed mid-write.
    parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
  });
}
