// The batches table: one row per batch (its items are job rows, see ./jobs/batch-items.ts).
// Every status move is a compare-and-set UPDATE guarded by the statuses it may start from, as the
// job store's are, and says whether it applied.
import type { Knex } from 'knex';
import type { JobKind } from '../kinds.js';
import type { Db } from './db.js';
import { activeBatchItems } from './jobs/batch-items.js';
import { keysetPage, type Page, type PageRequest } from './pagination.js';
import { outsideWorkspace } from './workspace-context.js';

type Conn = Knex | Knex.Transaction;

export const BATCH_STATUSES = ['queued', 'running', 'completed', 'canceling', 'canceled', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number] | 'deleting';
export const BATCH_ENDED: BatchStatus[] = ['completed', 'canceled', 'failed'];

export interface BatchRow {
  id: string;
  kind: JobKind;
  definition_id: string;
  definition_name: string;
  status: BatchStatus;
  concurrency: number;
  metadata: Record<string, string>;
  total: number;
  next_index: number;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  /** Why the batch failed (`failed` only); null otherwise. */
  error: { code: string; message: string } | null;
  /** A batch from a bucket (issue 53): the prefix its items were listed under (under S3_PREFIX); null otherwise. */
  source_prefix: string | null;
  /** Where its results are written when it ends (under S3_PREFIX); null when nowhere. */
  destination_prefix: string | null;
  /** When its results were last written there; null until it ends (again after a retry reopens it). */
  destination_written_at: Date | null;
}

export async function insertBatch(
  db: Conn,
  values: Pick<BatchRow, 'id' | 'kind' | 'definition_id' | 'definition_name' | 'concurrency' | 'metadata' | 'total'> & Partial<Pick<BatchRow, 'source_prefix' | 'destination_prefix'>>,
): Promise<BatchRow> {
  const [row] = await db('batches')
    .insert({ ...values, metadata: JSON.stringify(values.metadata), status: 'queued' })
    .returning('*');
  return row;
}

/** A batch, or undefined (a batch being deleted reads as gone). */
export async function findBatch(db: Db, id: string): Promise<BatchRow | undefined> {
  return db('batches').where({ id }).whereNot('status', 'deleting').first();
}

/** A batch in any status, `deleting` included (its workflow). */
/** Running batches per workspace, every workspace's (issue 42: the batch window's fair share). */
export function runningBatchesByWorkspace(db: Db): Promise<Array<{ workspace_id: string; n: number }>> {
  return outsideWorkspace(async () => db('batches').where({ status: 'running' }).groupBy('workspace_id').select('workspace_id', db.raw('count(*)::int as n')));
}

export async function findBatchAnyStatus(db: Db, id: string): Promise<BatchRow | undefined> {
  return db('batches').where({ id }).first();
}

export async function pageOfBatches(db: Db, filter: { status?: string }, page: PageRequest): Promise<Page<BatchRow>> {
  const q = db('batches').select('*').whereNot('status', 'deleting');
  if (filter.status) q.where({ status: filter.status });
  return keysetPage(q, page);
}

/** queued → running (the workflow's first slice). */
export async function markBatchRunning(db: Db, id: string): Promise<boolean> {
  return (await db('batches').where({ id, status: 'queued' }).update({ status: 'running', started_at: db.fn.now() })) === 1;
}

/**
 * Move the window's cursor from `from` to `to` (the items in between are about to be started),
 * only while the batch runs and nobody moved it meanwhile.
 */
export async function advanceCursor(db: Db, id: string, from: number, to: number): Promise<boolean> {
  return (await db('batches').where({ id, status: 'running', next_index: from }).update({ next_index: to })) === 1;
}

/** running → completed, only once every item has ended (none queued, running or stopping). */
export async function completeBatch(db: Db, id: string, kind: JobKind): Promise<boolean> {
  const n = await db('batches')
    .where({ id, status: 'running' })
    .whereNotExists(activeBatchItems(db, kind, id))
    .update({ status: 'completed', completed_at: db.fn.now() });
  return n === 1;
}

/** queued/running → canceling (the API's cancel; the workflow stops the items and settles it). */
export async function requestBatchCancel(db: Db, id: string): Promise<boolean> {
  return (await db('batches').where({ id }).whereIn('status', ['queued', 'running']).update({ status: 'canceling' })) === 1;
}

/** canceling → canceled, once no item is left running. */
export async function settleBatchCanceled(db: Db, id: string): Promise<boolean> {
  return (await db('batches').where({ id, status: 'canceling' }).update({ status: 'canceled', completed_at: db.fn.now() })) === 1;
}

/**
 * queued/running/canceling → failed with its reason (its own work met an error no retry can fix;
 * a cancel asked meanwhile cannot be honoured by that work either).
 */
export async function failBatch(db: Db, id: string, error: { code: string; message: string }): Promise<boolean> {
  const n = await db('batches')
    .where({ id })
    .whereIn('status', ['queued', 'running', 'canceling'])
    .update({ status: 'failed', error: JSON.stringify(error), completed_at: db.fn.now() });
  return n === 1;
}

/** queued/running/canceling → deleting (the API's delete of an unfinished batch). */
export async function requestBatchDelete(db: Db, id: string): Promise<boolean> {
  return (await db('batches').where({ id }).whereIn('status', ['queued', 'running', 'canceling']).update({ status: 'deleting' })) === 1;
}

/** Remove an ended batch (its items go with it: ON DELETE CASCADE). */
export async function deleteEndedBatch(db: Db, id: string): Promise<boolean> {
  return (await db('batches').where({ id }).whereIn('status', BATCH_ENDED).delete()) === 1;
}

/** Remove a `deleting` batch whose items have stopped. */
export async function deleteDeletingBatch(db: Db, id: string): Promise<boolean> {
  return (await db('batches').where({ id, status: 'deleting' }).delete()) === 1;
}

/** Remove a batch whatever its status (its workflow could not be started: it never ran). */
export async function removeBatch(db: Db, id: string): Promise<boolean> {
  return (await db('batches').where({ id }).delete()) === 1;
}

/** completed/canceled/failed → running with the cursor at the start (a retry of its failed items). */
export async function reopenBatch(db: Db, id: string): Promise<boolean> {
  const n = await db('batches').where({ id }).whereIn('status', BATCH_ENDED).update({ status: 'running', next_index: 0, completed_at: null, error: null, destination_written_at: null });
  return n === 1;
}

/** Put a reopened batch back as it was when its new run could not be started. */
export async function restoreEndedBatch(db: Db, id: string, previous: Pick<BatchRow, 'status' | 'next_index' | 'completed_at' | 'error' | 'destination_written_at'>): Promise<boolean> {
  const error = previous.error === null ? null : JSON.stringify(previous.error);
  return (await db('batches').where({ id, status: 'running' }).update({ ...previous, error })) === 1;
}

/** Its results were written to its destination; only while it is still ended (a retry may have reopened it meanwhile). */
export async function markDestinationWritten(db: Db, id: string): Promise<boolean> {
  return (await db('batches').where({ id }).whereIn('status', BATCH_ENDED).update({ destination_written_at: db.fn.now() })) === 1;
}

/** Batches not ended, created more than `minAgeMs` ago, oldest first (start-up recovery of their workflows). */
export async function batchesNeedingWorkflow(db: Db, minAgeMs: number): Promise<BatchRow[]> {
  return db('batches')
    .whereIn('status', ['queued', 'running', 'canceling', 'deleting'])
    .where('created_at', '<', db.raw(`now() - interval '${Math.floor(minAgeMs)} milliseconds'`))
    .orderBy('created_at')
    .select('*');
}
