// Batch items (src/storage/batches.ts holds the batches themselves). A batch's items are ordinary
// job rows with batch_id, custom_id and batch_index, all written with the batch. Every read below
// goes through the (batch_id, batch_index) index.
import type { Knex } from 'knex';
import { ACTIVE_STATUSES, TERMINAL_STATUSES, UNENDED_STATUSES, type JobKind, type JobStatus } from '../../kinds.js';
import type { Db } from '../db.js';
import { outsideWorkspace } from '../workspace-context.js';
import { TABLE, type Conn } from './tables.js';

/** One item of a batch, as written at the batch's creation. */
export interface BatchItemValues {
  id: string;
  custom_id: string;
  batch_index: number;
  file_id: string | null;
  /** Extraction only. */
  source_text?: string | null;
  /** Extraction and classification: a page range of the file (issue 44). */
  page_start?: number | null;
  page_end?: number | null;
  /** Classification only: document | split. */
  mode?: string;
  /** An item of a batch read from a bucket (issue 53): the object its file is made of when it starts. */
  source_key?: string | null;
}

const ITEM_INSERT_CHUNK = 500;

/** Write a batch's items (queued), in chunks, inside the batch's transaction. */
export async function insertBatchItems(
  db: Conn,
  kind: JobKind,
  batch: { id: string; definition_id: string; definition_snapshot: unknown },
  items: BatchItemValues[],
): Promise<void> {
  const snapshot = JSON.stringify(batch.definition_snapshot);
  const rows = items.map((item) =>
    kind === 'classification'
      ? { id: item.id, classifier_id: batch.definition_id, classifier_snapshot: snapshot, file_id: item.file_id, source_text: item.source_text ?? null, mode: item.mode, route: false, page_start: item.page_start ?? null, page_end: item.page_end ?? null, status: 'queued', batch_id: batch.id, custom_id: item.custom_id, batch_index: item.batch_index, source_key: item.source_key ?? null }
      : kind === 'extraction'
      ? { id: item.id, extractor_id: batch.definition_id, extractor_snapshot: snapshot, file_id: item.file_id, source_text: item.source_text ?? null, page_start: item.page_start ?? null, page_end: item.page_end ?? null, status: 'queued', batch_id: batch.id, custom_id: item.custom_id, batch_index: item.batch_index, source_key: item.source_key ?? null }
      : { id: item.id, parser_id: batch.definition_id, parser_snapshot: snapshot, file_id: item.file_id, status: 'queued', batch_id: batch.id, custom_id: item.custom_id, batch_index: item.batch_index, source_key: item.source_key ?? null },
  );
  for (let i = 0; i < rows.length; i += ITEM_INSERT_CHUNK) {
    await db(TABLE[kind]).insert(rows.slice(i, i + ITEM_INSERT_CHUNK));
  }
}

/** How many items of a batch are in each status (one indexed count). */
export async function countBatchItems(db: Db, kind: JobKind, batchId: string): Promise<Partial<Record<JobStatus, number>>> {
  const rows: Array<{ status: JobStatus; n: number }> = await db(TABLE[kind]).where({ batch_id: batchId }).groupBy('status').select('status', db.raw('count(*)::int as n'));
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** A batch's completed extraction items by review status (null: the job has no review). */
export async function countBatchReviews(db: Db, batchId: string): Promise<Array<{ review_status: string | null; n: number }>> {
  return db(TABLE.extraction)
    .where({ batch_id: batchId, status: 'completed' })
    .groupByRaw("review->>'status'")
    .select(db.raw("review->>'status' as review_status"), db.raw('count(*)::int as n'));
}

/** Items handed to their workflow (index below the cursor) that have not ended. */
export async function countItemsInFlight(db: Db, kind: JobKind, batchId: string, below: number): Promise<number> {
  const row = await db(TABLE[kind]).where({ batch_id: batchId }).where('batch_index', '<', below).whereNotIn('status', TERMINAL_STATUSES).first(db.raw('count(*)::int as n'));
  return row?.n ?? 0;
}

/** The next `limit` queued items at or after `from`, in input order: the window's next starts. */
/** A queued item as its hand-out needs it: its file, or the object its file is still to be made of. */
export interface QueuedItem {
  id: string;
  file_id: string | null;
  source_key: string | null;
}

export async function nextQueuedItems(db: Db, kind: JobKind, batchId: string, from: number, limit: number): Promise<Array<QueuedItem & { batch_index: number }>> {
  return db(TABLE[kind])
    .where({ batch_id: batchId, status: 'queued' })
    .where('batch_index', '>=', from)
    .orderBy('batch_index')
    .limit(limit)
    .select('id', 'batch_index', 'file_id', 'source_key');
}

/** Items below the cursor still queued: handed out, maybe not started (an interrupted hand-out is finished with these). */
export async function queuedItemsBelow(db: Db, kind: JobKind, batchId: string, below: number): Promise<QueuedItem[]> {
  return db(TABLE[kind]).where({ batch_id: batchId, status: 'queued' }).where('batch_index', '<', below).orderBy('batch_index').select('id', 'file_id', 'source_key');
}

/** A queued item by id (undefined once it left queued). */
export async function queuedItem(db: Db, kind: JobKind, id: string): Promise<QueuedItem | undefined> {
  return db(TABLE[kind]).where({ id, status: 'queued' }).first('id', 'file_id', 'source_key');
}

/** The file made of a queued item's object; false when the item has one already (an earlier attempt's) or is no longer queued. */
export async function setItemFile(db: Db, kind: JobKind, id: string, fileId: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id, status: 'queued' }).whereNull('file_id').update({ file_id: fileId })) === 1;
}

/** An item read from a bucket that has no file yet (its object was never made one), with its batch; undefined otherwise. */
export async function itemAwaitingItsFile(db: Db, kind: JobKind, id: string): Promise<{ batch_id: string } | undefined> {
  return db(TABLE[kind]).where({ id }).whereNull('file_id').whereNotNull('source_key').first('batch_id');
}

/** queued → failed with its reason, for an item whose object could not become a file (no workflow ever ran it). */
export async function failQueuedItem(db: Db, kind: JobKind, id: string, error: { code: string; message: string }): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id, status: 'queued' }).update({ status: 'failed', error: JSON.stringify(error), completed_at: db.fn.now() })) === 1;
}

/** Items below the cursor that are queued or running (a batch's cancel stops them one by one). */
export async function activeItemsBelow(db: Db, kind: JobKind, batchId: string, below: number): Promise<string[]> {
  const rows = await db(TABLE[kind]).where({ batch_id: batchId }).whereIn('status', ACTIVE_STATUSES).where('batch_index', '<', below).select('id');
  return rows.map((r: { id: string }) => r.id);
}

/** queued → canceled for the items no workflow was ever started for (at or after the cursor). */
export async function cancelUnstartedItems(db: Db, kind: JobKind, batchId: string, from: number): Promise<number> {
  return db(TABLE[kind]).where({ batch_id: batchId, status: 'queued' }).where('batch_index', '>=', from).update({ status: 'canceled', completed_at: db.fn.now() });
}

/** failed/canceled → queued for every such item of a batch (its retry), forgetting the ended run. */
export async function requeueFailedItems(db: Db, kind: JobKind, batchId: string): Promise<number> {
  return db(TABLE[kind]).where({ batch_id: batchId }).whereIn('status', RETRIED_ITEM_STATUSES).update({ status: 'queued', error: null, started_at: null, completed_at: null });
}

/** What a batch's retry runs again: its failed and its canceled items (issue 38). */
export const RETRIED_ITEM_STATUSES: JobStatus[] = ['failed', 'canceled'];

/** A batch's items not yet ended (queued, running or being stopped): a subquery for "none left". */
export function activeBatchItems(db: Db, kind: JobKind, batchId: string): Knex.QueryBuilder {
  return db(TABLE[kind]).where({ batch_id: batchId }).whereIn('status', UNENDED_STATUSES).select(db.raw('1'));
}

/**
 * Jobs created on their own (not a batch's or an evaluation run's items) in the last `recentMs` that
 * are queued or running, of both kinds, counted up to `cap` (the batch window only asks whether
 * there are any). Older ones do not count: a job stuck for good must not hold every batch back.
 */
export function countInteractiveActive(db: Db, recentMs: number, cap = 1): Promise<number> {
  // Every workspace's interactive jobs count (issue 42): a batch of A shrinks for B's jobs too.
  return outsideWorkspace(() => countInteractiveActiveAnywhere(db, recentMs, cap));
}

async function countInteractiveActiveAnywhere(db: Db, recentMs: number, cap: number): Promise<number> {
  let n = 0;
  const since = new Date(Date.now() - recentMs);
  for (const kind of ['extraction', 'parse'] as const) {
    const q = db(TABLE[kind]).whereNull('batch_id').whereIn('status', ACTIVE_STATUSES).where('created_at', '>', since).limit(cap).select('id');
    if (kind === 'extraction') q.whereNull('evaluation_run_id');
    n += (await q).length;
    if (n >= cap) return n;
  }
  return n;
}

/** How many items a retry of the batch would run again. */
export async function countRetryableItems(db: Db, kind: JobKind, batchId: string): Promise<number> {
  const row = await db(TABLE[kind]).where({ batch_id: batchId }).whereIn('status', RETRIED_ITEM_STATUSES).first(db.raw('count(*)::int as n'));
  return row?.n ?? 0;
}

/** A batch item as its results line needs it. */
export interface BatchResultRow {
  id: string;
  custom_id: string;
  batch_index: number;
  status: JobStatus;
  result: unknown;
  error: { code: string; message: string } | null;
  /** Extraction only (null for parse items). */
  review: unknown;
}

/** Up to `limit` ended items after `afterIndex`, in input order (the results are read in such pages). */
export async function endedItemsAfter(
  db: Db,
  kind: JobKind,
  batchId: string,
  afterIndex: number,
  limit: number,
  status?: JobStatus,
): Promise<BatchResultRow[]> {
  const q = db(TABLE[kind]).where({ batch_id: batchId }).where('batch_index', '>', afterIndex).orderBy('batch_index').limit(limit);
  if (status) q.where({ status });
  else q.whereIn('status', TERMINAL_STATUSES);
  // A parse job's result is its stored pages (./job-results.ts): it has no result column.
  return q.select('id', 'custom_id', 'batch_index', 'status', kind === 'parse' ? db.raw('null as result') : 'result', 'error', kind === 'extraction' ? 'review' : db.raw('null as review'));
}

/** The definition snapshot a batch's items run with (every item has the same one). */
export async function batchDefinitionSnapshot(db: Db, kind: JobKind, batchId: string): Promise<unknown> {
  const column = ({ extraction: 'extractor_snapshot', parse: 'parser_snapshot', classification: 'classifier_snapshot', suggestion: 'instructions' } as const)[kind];
  const row = await db(TABLE[kind]).where({ batch_id: batchId }).orderBy('batch_index').first(column);
  return row?.[column];
}
