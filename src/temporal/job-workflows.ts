import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { JobKind } from '../kinds.js';
import { WORKFLOW_TYPES } from './names.js';
import type { JobWorkflowInput } from '../../workflows/types.js';

/**
 * Bound on one start or cancel call. Without it the client keeps retrying while the Temporal
 * server is down, and the HTTP request hangs for ~20 s before the API can answer 503. A start
 * answers in milliseconds when the server is up; 2.5 s keeps the whole request (row written,
 * start refused, row removed) under 3 s when it is down.
 */
export const TEMPORAL_CALL_DEADLINE_MS = 2_500;

/** What operators see on a run in the Temporal Web UI. */
export interface JobMemo {
  job_kind: JobKind;
  definition_name: string;
  file_id: string | null;
}

/** Start the workflow of a job. Workflow id = job id, so a retried start can never run it twice. */
export async function startJobWorkflow(
  temporal: Client,
  config: Config,
  kind: JobKind,
  jobId: string,
  memo: JobMemo,
  opts: { newRun?: boolean } = {},
): Promise<void> {
  const input: JobWorkflowInput = {
    jobId,
    retry: config.providerRetry,
    pageConcurrency: config.pageConcurrency,
  };
  if (opts.newRun) await awaitPreviousRun(temporal, jobId);
  await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () =>
    temporal.workflow.start(WORKFLOW_TYPES[kind], {
      workflowId: jobId,
      taskQueue: config.temporal.taskQueue,
      args: [input],
      memo: { ...memo },
      // A retry of a failed job starts a new run under the same id once the previous run has closed
      // (ALLOW_DUPLICATE: whatever way it closed, since a failed job's run completes normally).
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
export async function cancelJobWorkflow(temporal: Client, jobId: string): Promise<boolean> {
  try {
    // Cancelling a closed workflow answers NOT_FOUND ("already completed"), like a missing one.
    await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () => temporal.workflow.getHandle(jobId).cancel());
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}
