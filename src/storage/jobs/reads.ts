// Reads of a job of any kind by id: its row, its status, whether it may still send a model
// request; the jobs recovery restarts; the scope of creation's Idempotency-Keys.
import { UNENDED_STATUSES, type JobKind, type JobStatus } from '../../kinds.js';
import type { Db } from '../db.js';
import { TABLE, type JobRows } from './tables.js';

export async function findJobRow<K extends JobKind>(db: Db, kind: K, id: string): Promise<JobRows[K] | undefined> {
  return db(TABLE[kind]).where({ id }).first();
}

export async function findJobStatus(db: Db, kind: JobKind, id: string): Promise<JobStatus | undefined> {
  const row = await db(TABLE[kind]).where({ id }).first('status');
  return row?.status;
}

/** The statuses of several jobs of one kind (a deleted job is missing from the map). */
export async function findJobStatuses(db: Db, kind: JobKind, ids: string[]): Promise<Map<string, JobStatus>> {
  const rows: Array<{ id: string; status: JobStatus }> = await db(TABLE[kind]).whereIn('id', ids).select('id', 'status');
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** A job's status and the batch it is an item of (null when it is not a batch item). */
export async function findJobStatusAndBatch(db: Db, kind: JobKind, id: string): Promise<{ status: JobStatus; batch_id: string | null } | undefined> {
  return db(TABLE[kind]).where({ id }).first('status', 'batch_id');
}

/** Whether the job is still `running` (not stopped by a cancel or delete, not ended). */
export async function jobIsRunning(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return !!(await db(TABLE[kind]).where({ id, status: 'running' }).first('id'));
}

/**
 * Whether a job's model request may still be sent (issue 38, "cancel means no new request"): the
 * job is `running` and neither its batch (canceling, deleting, gone) nor its evaluation run
 * (canceling) is stopping. The batch's slice and the run's cancel reach the item rows a moment
 * after the API answered, so the request's last check reads all three rows in one query.
 */
export async function jobMaySend(db: Db, kind: JobKind, id: string): Promise<boolean> {
  const q = db(`${TABLE[kind]} as j`)
    .leftJoin('batches as b', 'b.id', 'j.batch_id')
    .where({ 'j.id': id, 'j.status': 'running' })
    .where((w) => w.whereNull('j.batch_id').orWhereIn('b.status', ['queued', 'running']));
  if (kind === 'extraction') {
    q.leftJoin('evaluation_runs as r', 'r.id', 'j.evaluation_run_id').where((w) =>
      w.whereNull('j.evaluation_run_id').orWhereIn('r.status', ['queued', 'running']),
    );
  }
  return !!(await q.first('j.id'));
}

const SNAPSHOT_NAME: Record<JobKind, string> = {
  extraction: "extractor_snapshot->>'name'",
  parse: "parser_snapshot->>'name'",
  classification: "classifier_snapshot->>'name'",
  suggestion: "'schema-suggestion'",
};

/** Jobs of `kind` in a status that needs a workflow, created more than `minAgeMs` ago, oldest first (recovery). */
export async function jobsNeedingWorkflow(
  db: Db,
  kind: JobKind,
  minAgeMs: number,
): Promise<Array<{ id: string; name: string; file_id: string | null }>> {
  return db(TABLE[kind])
    .whereIn('status', UNENDED_STATUSES)
    // A queued batch item is started by its batch's workflow when the window reaches it, not here.
    .where((q) => q.whereNull('batch_id').orWhereNot('status', 'queued'))
    .where('created_at', '<', db.raw(`now() - interval '${minAgeMs} milliseconds'`))
    .orderBy('created_at')
    .select('id', 'file_id', db.raw(`${SNAPSHOT_NAME[kind]} as name`));
}

/**
 * The scope under which Idempotency-Keys of job creation are stored (src/domain/idempotency.ts).
 * Stored keys have always used the table's name; kept so that keys survive an upgrade.
 */
export function idempotencyScope(kind: JobKind): string {
  return TABLE[kind];
}
