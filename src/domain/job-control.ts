import { ServiceError, WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Db } from '../storage/db.js';
import { clearJobRetries } from '../storage/call-retries.js';
import { cancelJobWorkflow } from '../temporal/job-workflows.js';
import { notFound, serviceError } from '../errors.js';
import { JOB_TABLES, isTerminal, type JobKind } from './job-status.js';
import { recordJobFinished } from '../metrics/index.js';

// Cancel and delete for both job kinds. Every status move is a compare-and-set UPDATE, so the
// API and a late activity can never overwrite each other's decision.

const LABEL: Record<JobKind, string> = { extraction: 'Extraction job', parse: 'Parse job' };

/**
 * queued/running → canceling, then the workflow's cleanup sets canceled. Terminal, canceling
 * and deleting jobs are returned unchanged.
 */
export async function cancelJob(db: Db, temporal: Client, kind: JobKind, id: string): Promise<void> {
  const table = JOB_TABLES[kind];
  const moved = await db(table).where({ id }).whereIn('status', ['queued', 'running']).update({ status: 'canceling' });
  if (moved === 0) {
    const row = await db(table).where({ id }).first('status');
    if (!row) throw notFound(LABEL[kind], id);
    // A repeated cancel of a canceling job asks again, in case the first request never reached Temporal.
    if (row.status !== 'canceling') return;
  }
  if (!(await stopWorkflow(temporal, id))) {
    // No workflow left to clean up: settle the row here.
    const [settled] = await db(table).where({ id, status: 'canceling' }).update({ status: 'canceled', completed_at: db.fn.now() }, ['created_at', 'completed_at']);
    if (settled) recordJobFinished(kind, 'canceled', { createdAt: settled.created_at, finishedAt: settled.completed_at });
  }
}

/**
 * A terminal job is deleted at once ('deleted'). Otherwise the job goes to `deleting`, its workflow is
 * cancelled and the workflow's cleanup removes the row ('deleting').
 */
export async function deleteJob(db: Db, temporal: Client, kind: JobKind, id: string): Promise<'deleted' | 'deleting'> {
  const table = JOB_TABLES[kind];
  const row = await db(table).where({ id }).first('status');
  if (!row) throw notFound(LABEL[kind], id);
  if (isTerminal(row.status)) {
    const n = await db(table).where({ id }).whereIn('status', ['completed', 'failed', 'canceled']).delete();
    if (n === 1) return 'deleted';
  }
  const moved = await db(table)
    .where({ id })
    .whereIn('status', ['queued', 'running', 'canceling', 'deleting'])
    .update({ status: 'deleting' });
  if (moved === 0) {
    // It became terminal in between (or was deleted): retry once as a terminal delete.
    const n = await db(table).where({ id }).delete();
    if (n === 0) throw notFound(LABEL[kind], id);
    return 'deleted';
  }
  if (!(await stopWorkflow(temporal, id))) {
    await db(table).where({ id, status: 'deleting' }).delete();
    return 'deleted';
  }
  return 'deleting';
}

/** If the workflow cannot be started, the job would never run: remove it and say so. */
export async function startOrUndo(db: Db, table: string, id: string, start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch {
    await db(table).where({ id }).delete();
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
  const table = JOB_TABLES[kind];
  const previous = await db(table).where({ id }).first('status', 'error', 'started_at', 'completed_at');
  if (!previous) throw notFound(LABEL[kind], id);
  const moved = await db(table)
    .where({ id, status: 'failed' })
    .update({ status: 'queued', error: null, started_at: null, completed_at: null });
  if (moved === 0) {
    throw serviceError('job_not_failed', `${LABEL[kind]} '${id}' is ${previous.status}; only a failed job can be retried`);
  }
  await clearJobRetries(db, id);
  try {
    await start();
  } catch (err) {
    await db(table)
      .where({ id, status: 'queued' })
      .update({ status: 'failed', error: previous.error === null ? null : JSON.stringify(previous.error), started_at: previous.started_at, completed_at: previous.completed_at });
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      // The failed run is still closing (it recorded `failed` a moment ago).
      throw serviceError('job_not_failed', `${LABEL[kind]} '${id}' is still finishing its previous run; retry in a moment`, { retryAfterSeconds: 1 });
    }
    throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; retry the request', { retryAfterSeconds: 5 });
  }
}
