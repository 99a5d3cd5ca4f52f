import { ServiceError, WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Db } from '../storage/db.js';
import { clearJobRetries } from '../storage/call-retries.js';
import { cancelJobWorkflow } from '../temporal/job-workflows.js';
import { notFound, serviceError } from '../errors.js';
import { isTerminal, type JobKind } from './job-status.js';
import * as jobs from '../storage/jobs/lifecycle.js';
import { findJobStatus, findJobStatusAndBatch } from '../storage/jobs/reads.js';
import { itemAwaitingItsFile } from '../storage/jobs/batch-items.js';
import { recordJobFinished } from '../metrics/index.js';

// Cancel and delete for both job kinds. Every status move is a compare-and-set UPDATE, so the
// API and a late activity can never overwrite each other's decision.

const LABEL: Record<JobKind, string> = { extraction: 'Extraction job', parse: 'Parse job', classification: 'Classification job', suggestion: 'Schema suggestion' };

/**
 * queued/running → canceling, then canceled once nothing of the job is open at the provider: an
 * extraction's stopped request records it as soon as the job's last request has closed, otherwise
 * the workflow's cleanup does. Terminal, canceling and deleting jobs are returned unchanged.
 */
export async function cancelJob(db: Db, temporal: Client, kind: JobKind, id: string): Promise<void> {
  if (!(await jobs.requestCancel(db, kind, id))) {
    const status = await findJobStatus(db, kind, id);
    if (!status) throw notFound(LABEL[kind], id);
    // A repeated cancel of a canceling job asks again, in case the first request never reached Temporal.
    // So does one of a canceled job whose run may still be open (its stopped request recorded
    // canceled while Temporal was away): best effort, the job is over either way.
    if (status === 'canceled') {
      await cancelJobWorkflow(temporal, id).catch(() => false);
      return;
    }
    if (status !== 'canceling') return;
  }
  if (!(await stopWorkflow(temporal, id))) {
    // No workflow left to clean up: settle the row here.
    const settled = await jobs.settleCanceling(db, kind, id);
    if (settled) recordJobFinished(kind, 'canceled', { createdAt: settled.created_at, finishedAt: settled.completed_at });
  }
}

/**
 * A terminal job is deleted at once ('deleted'). Otherwise the job goes to `deleting`, its workflow is
 * cancelled and the workflow's cleanup removes the row ('deleting').
 */
export async function deleteJob(db: Db, temporal: Client, kind: JobKind, id: string): Promise<'deleted' | 'deleting'> {
  const job = await findJobStatusAndBatch(db, kind, id);
  if (!job) throw notFound(LABEL[kind], id);
  // A batch's items go with their batch: deleting one alone would shrink the batch (its counts and
  // results) with no record of it. Canceling one is allowed. (batch_id never changes once written.)
  if (job.batch_id !== null) {
    throw serviceError('job_in_batch', `${LABEL[kind]} '${id}' is an item of batch '${job.batch_id}': cancel it, or delete the batch (DELETE /v1/batches/${job.batch_id})`);
  }
  const status = job.status;
  if (isTerminal(status) && (await jobs.deleteTerminalJob(db, kind, id))) return 'deleted';
  if (!(await jobs.requestDelete(db, kind, id))) {
    // It became terminal in between (or was deleted): retry once as a terminal delete.
    if (!(await jobs.removeJob(db, kind, id))) throw notFound(LABEL[kind], id);
    return 'deleted';
  }
  if (!(await stopWorkflow(temporal, id))) {
    await jobs.deleteDeletingJob(db, kind, id);
    return 'deleted';
  }
  return 'deleting';
}

/** If the workflow cannot be started, the job would never run: remove it and say so. */
export async function startOrUndo(db: Db, kind: JobKind, id: string, start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch {
    await jobs.removeJob(db, kind, id);
    throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; retry the request', { retryAfterSeconds: 5 });
  }
}

/**
 * Cancel the job's workflow. When Temporal cannot be reached the row already says canceling or
 * deleting, which the workflow honours at its next step once the server is back: answer 503 (retry
 * is safe and returns the job as it is), never 500.
 */
async function stopWorkflow(temporal: Client, id: string): Promise<boolean> {
  try {
    return await cancelJobWorkflow(temporal, id);
  } catch (err) {
    if (err instanceof ServiceError) {
      throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; the request is recorded, retry it to make sure it reaches the job', { retryAfterSeconds: 5 });
    }
    throw err;
  }
}

/**
 * failed → queued, then a new workflow run under the job's id. The job keeps its snapshot and what
 * it already stored (pages, windows): the new run's planning step skips them. Any other status is
 * 409 job_not_failed. If the new run cannot be started the job is put back to failed.
 */
export async function retryJob(db: Db, kind: JobKind, id: string, start: () => Promise<void>): Promise<void> {
  const previous = await jobs.findFailedState(db, kind, id);
  if (!previous) throw notFound(LABEL[kind], id);
  // An item of a batch from a bucket whose object never became a file has nothing to run on its own.
  const item = await itemAwaitingItsFile(db, kind, id);
  if (item) {
    throw serviceError('job_in_batch', `${LABEL[kind]} '${id}' is an item of batch '${item.batch_id}' whose object never became a file; retry the batch (POST /v1/batches/${item.batch_id}/retry), which reads the object again`);
  }
  if (!(await jobs.requeueFailedJob(db, kind, id))) {
    throw serviceError('job_not_failed', `${LABEL[kind]} '${id}' is ${previous.status}; only a failed job can be retried`);
  }
  await clearJobRetries(db, id);
  try {
    await start();
  } catch (err) {
    await jobs.restoreFailedJob(db, kind, id, previous);
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      // The failed run is still closing (it recorded `failed` a moment ago).
      throw serviceError('job_not_failed', `${LABEL[kind]} '${id}' is still finishing its previous run; retry in a moment`, { retryAfterSeconds: 1 });
    }
    throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; retry the request', { retryAfterSeconds: 5 });
  }
}
