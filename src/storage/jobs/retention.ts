// What the retention schedule deletes (src/domain/retention.ts), one statement per function:
// finished jobs older than the cutoff with what hangs off them, ended batches with their items, the
// files those left unused, and webhook delivery records past their own cutoff. A job whose review is
// pending, an evaluation run's item and a batch's item (kept with their batch) are never chosen.
import type { Knex } from 'knex';
import { TERMINAL_STATUSES, type JobKind } from '../../kinds.js';
import type { Db } from '../db.js';
import { TABLE } from './tables.js';

/** Up to `limit` jobs of a kind that finished before `cutoff`, standalone (no batch, no evaluation run), not in review. */
export async function expiredJobs(db: Db, kind: JobKind, cutoff: Date, limit: number): Promise<Array<{ id: string; file_id: string | null }>> {
  const q = db(TABLE[kind]).whereIn('status', TERMINAL_STATUSES).where('completed_at', '<', cutoff).whereNull('batch_id');
  if (kind === 'extraction') q.whereNull('evaluation_run_id');
  // A job whose review is pending is kept until its review ends (extraction and classification jobs have one).
  if (kind === 'extraction' || kind === 'classification') q.where((w) => w.whereNull('review').orWhereRaw("review->>'status' <> 'pending'"));
  return q.orderBy('completed_at').limit(limit).select('id', 'file_id');
}

/** Ended batches (completed, canceled or failed) before `cutoff` none of whose items waits in review. */
export async function expiredBatches(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db('batches as b')
    .whereIn('b.status', ['completed', 'canceled', 'failed'])
    .where('b.completed_at', '<', cutoff)
    .whereNotExists(db(TABLE.extraction).whereRaw('batch_id = b.id').whereRaw("review->>'status' = 'pending'").select(db.raw('1')))
    .orderBy('b.completed_at')
    .limit(limit)
    .select('b.id');
  return rows.map((r: { id: string }) => r.id);
}

/** The files of a batch's items (before the batch and its items go). */
export async function batchItemFiles(db: Db, batchIds: string[]): Promise<string[]> {
  if (batchIds.length === 0) return [];
  const rows = await db
    .select('file_id')
    .from(TABLE.extraction)
    .whereIn('batch_id', batchIds)
    .whereNotNull('file_id')
    .union((u) => u.select('file_id').from(TABLE.parse).whereIn('batch_id', batchIds));
  return rows.map((r: { file_id: string }) => r.file_id);
}

/** Delete jobs with their idempotency keys and job events; results, windows and review events go by cascade. */
export async function deleteJobsAndRecords(trx: Knex.Transaction, kind: JobKind, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await trx('idempotency_keys').whereIn('job_id', ids).delete();
  await trx('job_call_retries').whereIn('job_id', ids).delete();
  return trx(TABLE[kind]).whereIn('id', ids).delete();
}

/** Delete ended batches; their items go with them (foreign key cascade). Returns [batches, items]. */
export async function deleteBatches(trx: Knex.Transaction, ids: string[]): Promise<[number, number]> {
  if (ids.length === 0) return [0, 0];
  const items = await Promise.all(
    Object.values(TABLE).map(async (table) => Number((await trx(table).whereIn('batch_id', ids).count({ n: '*' }).first())?.n ?? 0)),
  );
  const itemIds = (await trx(TABLE.extraction).whereIn('batch_id', ids).select('id')).map((r: { id: string }) => r.id);
  const parseIds = (await trx(TABLE.parse).whereIn('batch_id', ids).select('id')).map((r: { id: string }) => r.id);
  await trx('idempotency_keys').whereIn('job_id', [...itemIds, ...parseIds]).delete();
  await trx('job_call_retries').whereIn('job_id', [...itemIds, ...parseIds]).delete();
  const batches = await trx('batches').whereIn('id', ids).delete();
  return [batches, items.reduce((a, b) => a + b, 0)];
}

/** The tables whose `file_id` refuses a file's delete (foreign key RESTRICT). */
const FILE_USERS = [TABLE.extraction, TABLE.parse, TABLE.classification, 'schema_suggestion_files', 'evaluation_items', 'evaluation_run_items'];

/**
 * Of these files, those nothing uses any more: no job of any kind, evaluation item or run item
 * references them or one of their attachments (which go with them by cascade), and no extractor's
 * examples name them.
 */
export async function unusedFiles(db: Db | Knex.Transaction, candidates: string[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const q = db('files as f').whereIn('f.id', [...new Set(candidates)]);
  for (const table of FILE_USERS) {
    q.whereNotExists(
      db(table)
        .whereRaw('file_id = f.id')
        .orWhereRaw('file_id IN (SELECT c.id FROM files c WHERE c.parent_file_id = f.id)')
        .select(db.raw('1')),
    );
  }
  const named = (id: string) => `examples::text LIKE '%"' || ${id} || '"%'`;
  q.whereNotExists(
    db('extractors')
      .whereRaw(named('f.id'))
      .orWhereRaw(`EXISTS (SELECT 1 FROM files c WHERE c.parent_file_id = f.id AND ${named('c.id')})`)
      .select(db.raw('1')),
  );
  const rows = await q.select('f.id');
  return rows.map((r: { id: string }) => r.id);
}

export async function deleteFiles(trx: Knex.Transaction, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return trx('files').whereIn('id', ids).delete();
}

/** Webhook delivery attempts and event bodies recorded before `cutoff`, and those of the given jobs. */
export async function deleteWebhookRecords(trx: Knex.Transaction, cutoff: Date | null, jobIds: string[]): Promise<{ deliveries: number; events: number }> {
  const deliveries = trx('webhook_deliveries').where((w) => {
    if (cutoff) w.orWhere('created_at', '<', cutoff);
    if (jobIds.length > 0) w.orWhereIn('job_id', jobIds);
  });
  const events = trx('webhook_events').where((w) => {
    if (cutoff) w.orWhere('created_at', '<', cutoff);
    if (jobIds.length > 0) w.orWhereIn('job_id', jobIds);
  });
  if (!cutoff && jobIds.length === 0) return { deliveries: 0, events: 0 };
  return { deliveries: await deliveries.delete(), events: await events.delete() };
}
