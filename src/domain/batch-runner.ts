// The work of a batch's workflow, one slice at a time (activities/batches.ts runs it; workflows/
// batch.ts loops over slices). The window's state is in Postgres: the batch's cursor (next_index)
// and its items' statuses. Items below the cursor have been handed to their own workflow; an item
// is handed out by moving the cursor first (compare-and-set) and starting its workflow second,
// under workflow id = job id, so a slice interrupted between the two (worker crash) is finished by
// the next attempt, which starts the queued items below the cursor again: a start of an item whose
// run is open is refused, so no item runs twice and none is left behind.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { Logger } from '../logging.js';
import * as batches from '../storage/batches.js';
import type { Db } from '../storage/db.js';
import * as jobs from '../storage/jobs/batch-items.js';
import { startJobWorkflow } from '../temporal/job-workflows.js';
import { batchWindow, fairShareWindow, INTERACTIVE_RECENT_MS } from './batch-window.js';
import { cancelJob } from './job-control.js';
import { fileFromObject } from './batch-buckets.js';
import { deleteFile } from './files.js';
import { jobsCreated } from '../metrics/index.js';

/** What one slice came to (the workflow's BatchSliceOutcome): still running, or how the batch ended. */
export type BatchSliceOutcome = 'running' | 'completed' | 'canceled' | 'failed' | 'deleted';

/** How often a slice looks at its items while it waits for one to end. */
const POLL_MS = 200;

export interface SliceOptions {
  sliceMs: number;
  /** A retry's first slice: failed and canceled items go back to queued. */
  requeueFailed?: boolean;
  /** A repeated attempt: start again the items handed out but still queued. */
  resumeHandOut?: boolean;
  /** Called while the slice waits (heartbeat); the slice stops early when `signal` aborts. */
  beat?: () => void;
  signal?: AbortSignal;
}

export interface BatchRunnerDeps {
  db: Db;
  temporal: Client;
  config: Config;
  logger: Logger;
}

export async function runBatchSlice(deps: BatchRunnerDeps, batchId: string, opts: SliceOptions): Promise<BatchSliceOutcome> {
  const { db } = deps;
  const first = await batches.findBatchAnyStatus(db, batchId);
  if (!first) return 'deleted';
  if (opts.requeueFailed) await jobs.requeueFailedItems(db, first.kind, batchId);
  if (first.status === 'queued') await batches.markBatchRunning(db, batchId);
  if (opts.resumeHandOut) {
    for (const item of await jobs.queuedItemsBelow(db, first.kind, batchId, first.next_index)) await startItem(deps, first, item);
  }
  const deadline = Date.now() + opts.sliceMs;
  while (Date.now() < deadline && !opts.signal?.aborted) {
    opts.beat?.();
    const batch = await batches.findBatchAnyStatus(db, batchId);
    if (!batch) return 'deleted';
    if (batch.status === 'completed' || batch.status === 'canceled' || batch.status === 'failed') return batch.status;
    const inFlight = await jobs.countItemsInFlight(db, batch.kind, batchId, batch.next_index);
    if (batch.status === 'canceling' || batch.status === 'deleting') {
      const ended = await stopItems(deps, batch, inFlight);
      if (ended) return ended;
    } else if (batch.status === 'running') {
      const window = fairShareWindow(
        batchWindow(batch.concurrency, await jobs.countInteractiveActive(db, INTERACTIVE_RECENT_MS), deps.config.batches.concurrencyWhileInteractive),
        deps.config.batches.workerActivities,
        await batches.runningBatchesByWorkspace(db),
        (batch as { workspace_id?: string }).workspace_id ?? '',
      );
      const free = window - inFlight;
      if (free > 0) {
        const next = await jobs.nextQueuedItems(db, batch.kind, batchId, batch.next_index, free);
        if (next.length === 0 && inFlight === 0) {
          if (await batches.completeBatch(db, batchId, batch.kind)) return 'completed';
          continue; // canceled or deleted meanwhile: look again
        }
        if (next.length > 0) {
          const to = next[next.length - 1]!.batch_index + 1;
          if (await batches.advanceCursor(db, batchId, batch.next_index, to)) {
            for (const item of next) await startItem(deps, batch, item);
          }
          continue;
        }
      }
    }
    await sleep(POLL_MS);
  }
  return 'running';
}

/**
 * Cancel or delete: items never handed out are canceled at once, handed-out ones are canceled as
 * jobs (their workflows settle them). Once none is left in flight the batch is settled.
 */
async function stopItems(deps: BatchRunnerDeps, batch: batches.BatchRow, inFlight: number): Promise<BatchSliceOutcome | null> {
  const { db } = deps;
  await cancelItems(deps, batch);
  if (inFlight > 0 && (await jobs.countItemsInFlight(db, batch.kind, batch.id, batch.next_index)) > 0) return null;
  if (batch.status === 'deleting') return (await batches.deleteDeletingBatch(db, batch.id)) ? 'deleted' : null;
  return (await batches.settleBatchCanceled(db, batch.id)) ? 'canceled' : null;
}

/** Items never handed out → canceled at once; handed-out ones canceled as jobs (their workflows settle them). */
async function cancelItems(deps: BatchRunnerDeps, batch: batches.BatchRow): Promise<void> {
  const { db, temporal } = deps;
  await jobs.cancelUnstartedItems(db, batch.kind, batch.id, batch.next_index);
  for (const id of await jobs.activeItemsBelow(db, batch.kind, batch.id, batch.next_index)) {
    await cancelJob(db, temporal, batch.kind, id).catch((err) => deps.logger.warn({ err, job_id: id, batch_id: batch.id }, 'batch item cancel failed; will retry'));
  }
}

/**
 * The batch's own work met an error no retry can fix (workflows/batch.ts): the batch → failed with
 * `error`, then its items stop as on a cancel (never handed out → canceled; handed out → canceled
 * as jobs, their workflows settle them), so a failed batch sends no more model requests. A batch
 * being deleted is removed instead, as the delete asked (its items asked to cancel first). Safe
 * to repeat (an attempt after a crash stops what is left). Returns how the batch ended.
 */
export async function failBatchWork(deps: BatchRunnerDeps, batchId: string, error: { code: string; message: string }): Promise<BatchSliceOutcome> {
  const { db } = deps;
  // Failed together with its never-handed-out items' cancel, in one transaction: a reader never sees
  // a failed batch whose items are still queued (a fresh-clone run's poll read it between the two).
  const batch = await db.transaction(async (trx) => {
    const failed = await batches.failBatch(trx, batchId, error);
    const row = await batches.findBatchAnyStatus(trx, batchId);
    if (failed && row) await jobs.cancelUnstartedItems(trx, row.kind, row.id, row.next_index);
    return row;
  });
  if (!batch) return 'deleted';
  if (batch.status === 'completed' || batch.status === 'canceled') return batch.status; // it ended meanwhile
  await cancelItems(deps, batch);
  if (batch.status === 'failed') return 'failed';
  // Deleting: removed now (its items' rows go with it; their workflows were asked to cancel).
  await batches.deleteDeletingBatch(db, batch.id);
  return 'deleted';
}

async function startItem(deps: BatchRunnerDeps, batch: batches.BatchRow, item: jobs.QueuedItem): Promise<void> {
  const fileId = item.file_id ?? (item.source_key !== null ? await fileOfItem(deps, batch, item, item.source_key) : null);
  if (fileId === undefined) return; // its object could not become a file: the item failed, nothing to run
  try {
    await startJobWorkflow(
      deps.temporal,
      deps.config,
      batch.kind,
      item.id,
      { job_kind: batch.kind, definition_name: batch.definition_name, file_id: fileId, batch_id: batch.id },
      { taskQueue: deps.config.temporal.batchTaskQueue },
    );
    jobsCreated.inc({ kind: batch.kind });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return; // its run is open: started before
    throw err;
  }
}

/**
 * An item of a batch read from a bucket (issue 53, ./batch-buckets.ts): its file is made of its
 * object now, as an upload's is, and recorded on the item before its workflow starts. An object
 * the pipeline refuses fails the item with the reason; undefined then. A repeated hand-out (a
 * crash between the two) finds the item's file recorded and does not make another.
 */
async function fileOfItem(deps: BatchRunnerDeps, batch: batches.BatchRow, item: jobs.QueuedItem, key: string): Promise<string | undefined> {
  const made = await fileFromObject(deps.db, deps.config, key);
  if ('error' in made) {
    await jobs.failQueuedItem(deps.db, batch.kind, item.id, made.error);
    return undefined;
  }
  if (await jobs.setItemFile(deps.db, batch.kind, item.id, made.fileId)) return made.fileId;
  // Recorded meanwhile by another attempt, or no longer queued: this copy is not needed.
  await deleteFile(deps.db, made.fileId).catch(() => undefined);
  const again = (await jobs.queuedItem(deps.db, batch.kind, item.id))?.file_id;
  return again ?? undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
