import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { JobKind } from '../kinds.js';
import { WORKFLOW_TYPES } from './names.js';
import type { JobWorkflowInput, RetrySettings } from '../../workflows/types.js';
import { initialJobSearchAttributes, workspaceSearchAttribute } from './search-attributes.js';
import { searchAttributesRegistered } from './search-attribute-registry.js';
import { startWithinDeadline } from './start-deadline.js';
import { currentWorkspaceId } from '../storage/workspace-scope.js';

/**
 * Bound on one start or describe call (a job's cancel retries longer: CANCEL_DEADLINE_MS). Without
 * it the client keeps retrying while the Temporal server is down, and the HTTP request hangs for
 * ~20 s before the API can answer 503. A start answers in milliseconds when the server is up; 2.5 s
 * keeps the whole request (row written, start refused, row removed) under 3 s when it is down.
 */
export const TEMPORAL_CALL_DEADLINE_MS = 2_500;

/**
 * How long a cancel may take before the API answers 503 (the cancel is recorded on the row either
 * way). One call's 2.5 s was too short for a storm of cancels on a busy server: 20 at once on two
 * shared cores answered 503; a cancel retries transient refusals like a start (the scheduler
 * deadline's default).
 */
export const CANCEL_DEADLINE_MS = 10_000;

/** What operators see on a run in the Temporal Web UI. */
export interface JobMemo {
  job_kind: JobKind;
  definition_name: string;
  file_id: string | null;
  /** The file's name, for the run's summary (the file id stands in for it when not given). */
  file_name?: string | null;
  /** The batch or evaluation run the job belongs to, when it does (search attributes). */
  batch_id?: string | null;
  evaluation_run_id?: string | null;
}

const VERB: Record<JobKind, string> = { extraction: 'extract', parse: 'parse', classification: 'classify', suggestion: 'suggest a schema' };
const PATH: Record<JobKind, string> = { extraction: 'extraction-jobs', parse: 'parse-jobs', classification: 'classification-jobs', suggestion: 'schema-suggestions' };

/** The run's one-line summary in the Web UI, e.g. "extract · invoice · march.pdf". */
export function jobRunSummary(memo: JobMemo): string {
  return [VERB[memo.job_kind], memo.definition_name, memo.file_name ?? memo.file_id ?? 'text'].join(' · ');
}

/** The run's details in the Web UI: the job and where the API serves it. */
export function jobRunDetails(memo: JobMemo, jobId: string): string {
  return `Job \`${jobId}\`: \`GET /v1/${PATH[memo.job_kind]}/${jobId}\``;
}

/**
 * The model-call retry settings a job's run carries (also its evaluation items'): only what the
 * workflow applies — the attempt cap (if any) is the activity's, from its own configuration.
 */
export function jobRetrySettings(config: Config): RetrySettings {
  const { initialIntervalMs, maxIntervalMs, timeoutMs, windowMs, heartbeatTimeoutMs } = config.providerRetry;
  return { initialIntervalMs, maxIntervalMs, timeoutMs, windowMs, heartbeatTimeoutMs };
}

/** Start the workflow of a job. Workflow id = job id, so a retried start can never run it twice. */
export async function startJobWorkflow(
  temporal: Client,
  config: Config,
  kind: JobKind,
  jobId: string,
  memo: JobMemo,
  opts: { newRun?: boolean; taskQueue?: string } = {},
): Promise<void> {
  const input: JobWorkflowInput = {
    jobId,
    retry: jobRetrySettings(config),
    pageConcurrency: config.pageConcurrency,
  };
  if (opts.newRun) await awaitPreviousRun(temporal, jobId);
  const { file_name: _name, batch_id: batchId, evaluation_run_id: evaluationRunId, ...shownMemo } = memo;
  // Set only where the server has them: a run started with them upserts them as the job moves.
  const searchAttributes = (await searchAttributesRegistered(temporal, config.temporal.namespace))
    ? [...initialJobSearchAttributes({ kind, definition: memo.definition_name, fileId: memo.file_id, batchId, evaluationRunId }), ...workspaceSearchAttribute(currentWorkspaceId())]
    : undefined;
  // Under a burst the server answers slowly: wait for it up to the scheduler deadline, not one call's.
  await startWithinDeadline(temporal, config.temporal.startDeadlineMs, () =>
    temporal.workflow.start(WORKFLOW_TYPES[kind], {
      workflowId: jobId,
      // Batch items run on the batch task queue (their activities follow their workflow's queue).
      taskQueue: opts.taskQueue ?? config.temporal.taskQueue,
      args: [input],
      memo: { ...shownMemo, ...(batchId ? { batch_id: batchId } : {}), ...(evaluationRunId ? { evaluation_run_id: evaluationRunId } : {}) },
      staticSummary: jobRunSummary(memo),
      staticDetails: jobRunDetails(memo, jobId),
      ...(searchAttributes ? { typedSearchAttributes: searchAttributes } : {}),
      // A retry of a failed job starts a new run under the same id once the previous run has closed
      // (ALLOW_DUPLICATE: whatever way it closed: a failed job's run fails since 0.7, before it completed).
      ...(opts.newRun ? { workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE } : {}),
    }),
  );
}

/**
 * A job reads `failed` a moment before its run closes (the run records the failure, then returns):
 * wait for that close, briefly, so a retry right after the failure starts its new run.
 */
async function awaitPreviousRun(temporal: Client, jobId: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    try {
      const desc = await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () => temporal.workflow.getHandle(jobId).describe());
      if (desc.status.name !== 'RUNNING') return;
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return;
      throw err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new WorkflowExecutionAlreadyStartedError('The previous run of the job is still open', jobId, 'job');
}

/**
 * Ask a job's workflow to stop. Returns false when there is no running workflow any more
 * (it finished, or never started), in which case the caller settles the row itself.
 */
export async function cancelJobWorkflow(temporal: Client, jobId: string, deadlineMs = CANCEL_DEADLINE_MS): Promise<boolean> {
  try {
    // Cancelling a closed workflow answers NOT_FOUND ("already completed"), like a missing one.
    // Under a burst of cancels the server answers slowly: retried like a start, up to the deadline.
    await startWithinDeadline(temporal, deadlineMs, () => temporal.workflow.getHandle(jobId).cancel());
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}
