// The shared lifecycle of every kind of job: one function per transition (claim, complete, fail,
// cancel, delete, retry), as graphile-worker keeps one SQL function per transition. Each is a
// compare-and-set UPDATE guarded by the statuses it may start from, and says whether it applied:
// a late activity can never overwrite `canceling`, `deleting`, `canceled` or a terminal status,
// and the API never overwrites what a workflow recorded (design.md, "Durable job execution").
// Metrics and logs stay with the callers.
import { ACTIVE_STATUSES, TERMINAL_STATUSES, UNENDED_STATUSES, type JobKind } from '../../kinds.js';
import type { Db } from '../db.js';
import { LIVE_LEASE_EXISTS_SQL } from '../provider-leases.js';
import { TABLE, type EndedRow, type JobRowBase } from './tables.js';

/** queued → running (the workflow's first activity). */
export async function claimJob(db: Db, kind: JobKind, id: string): Promise<boolean> {
  const foreign = await foreignReference(db, kind, id);
  if (foreign) {
    // Checked at creation too; here again, in the worker: a job never reads another workspace's file or definition.
    await failJob(db, kind, id, { code: 'not_found', message: `${foreign} was not found` });
    return false;
  }
  const n = await db(TABLE[kind]).where({ id, status: 'queued' }).update({ status: 'running', started_at: db.fn.now() });
  return n === 1;
}

const DEFINITION_OF: Partial<Record<JobKind, { column: string; table: string; label: string }>> = {
  extraction: { column: 'extractor_id', table: 'extractors', label: 'Extractor' },
  parse: { column: 'parser_id', table: 'parsers', label: 'Parser' },
  classification: { column: 'classifier_id', table: 'classifiers', label: 'Classifier' },
};

/** A queued job's file or definition that is not of the job's workspace (nor prebuilt), if any. */
async function foreignReference(db: Db, kind: JobKind, id: string): Promise<string | undefined> {
  const def = DEFINITION_OF[kind];
  if (!def) return foreignFiles(db, kind, id);
  const row = await db(TABLE[kind])
    .where({ [`${TABLE[kind]}.id`]: id, [`${TABLE[kind]}.status`]: 'queued' })
    .leftJoin('files as f', 'f.id', `${TABLE[kind]}.file_id`)
    .leftJoin(`${def.table} as d`, 'd.id', `${TABLE[kind]}.${def.column}`)
    .first(`${TABLE[kind]}.workspace_id as ws`, `${TABLE[kind]}.file_id as file_id`, 'f.workspace_id as file_ws', `${TABLE[kind]}.${def.column} as def_id`, 'd.workspace_id as def_ws', 'd.source as def_source');
  if (!row) return undefined;
  if (row.file_id && row.file_ws !== row.ws) return `File '${row.file_id}'`;
  if (row.def_id && row.def_source !== 'prebuilt' && row.def_ws !== row.ws) return `${def.label} '${row.def_id}'`;
  return undefined;
}

/** A queued job without a definition (a suggestion): any of its files not of the job's workspace. */
async function foreignFiles(db: Db, kind: JobKind, id: string): Promise<string | undefined> {
  const row = await db(`${TABLE[kind]} as j`)
    .where({ 'j.id': id, 'j.status': 'queued' })
    .join('schema_suggestion_files as sf', 'sf.job_id', 'j.id')
    .join('files as f', 'f.id', 'sf.file_id')
    .whereRaw('f.workspace_id <> j.workspace_id')
    .first('f.id as file_id');
  return row ? `File '${row.file_id}'` : undefined;
}


/** What a running job uses (provider, model), said as soon as it is known. */
export async function recordModelUsed(db: Db, kind: JobKind, id: string, used: { provider_name_used: string; model_used: string }): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id, status: 'running' }).update(used)) === 1;
}

/** Progress: the document's page count (any status: a stopped job keeps what it learnt). */
export async function recordPagesTotal(db: Db, kind: JobKind, id: string, pagesTotal: number): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).update({ pages_total: pagesTotal })) === 1;
}


/** running → completed with the result. Undefined when the job was no longer running. */
export async function completeJob(
  db: Db,
  kind: JobKind,
  id: string,
  values: { result?: unknown; usage: unknown; provider_name_used?: string; model_used?: string; review?: unknown },
): Promise<EndedRow | undefined> {
  const { result, usage, review, ...used } = values;
  const [row] = await db(TABLE[kind])
    .where({ id, status: 'running' })
    .update(
      {
        status: 'completed',
        ...(result !== undefined ? { result: JSON.stringify(result) } : {}),
        usage: usage ? JSON.stringify(usage) : null,
        ...(review ? { review: JSON.stringify(review) } : {}),
        ...used,
        completed_at: db.fn.now(),
      },
      ['created_at', 'completed_at'],
    );
  return row;
}

/** queued/running → failed with a stable code. Undefined when the job was no longer active. */
export async function failJob(db: Db, kind: JobKind, id: string, error: { code: string; message: string }): Promise<EndedRow | undefined> {
  const [row] = await db(TABLE[kind])
    .where({ id })
    .whereIn('status', ACTIVE_STATUSES)
    .update({ status: 'failed', error: JSON.stringify(error), completed_at: db.fn.now() }, ['created_at', 'completed_at']);
  return row;
}

/** queued/running → canceling (the API's cancel; the workflow's cleanup settles it). */
export async function requestCancel(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).whereIn('status', ACTIVE_STATUSES).update({ status: 'canceling' })) === 1;
}

/** canceling → canceled, when no workflow is left to settle it. */
export async function settleCanceling(db: Db, kind: JobKind, id: string): Promise<EndedRow | undefined> {
  const [row] = await db(TABLE[kind])
    .where({ id, status: 'canceling' })
    .update({ status: 'canceled', completed_at: db.fn.now() }, ['created_at', 'completed_at']);
  return row;
}

/**
 * canceling → canceled by the model call that was stopped (issue 48: a storm of cancels must not
 * wait for every workflow's own settle step), once no other request of the job can still be open:
 * none holds a live slot of the job's lease `jobLease`. A request sent before the cancel holds its
 * slot from before its last check until it has closed, and none is sent after (the check reads
 * canceling), so "canceled" still means nothing of the job is open at the provider. The workflow's
 * settle later finds the job canceled and only sends its event.
 */
export async function settleCancelingIfIdle(db: Db, kind: JobKind, id: string, jobLease: string): Promise<EndedRow | undefined> {
  const [row] = await db(TABLE[kind])
    .where({ id, status: 'canceling' })
    .whereRaw(`NOT ${LIVE_LEASE_EXISTS_SQL}`, [jobLease])
    .update({ status: 'canceled', completed_at: db.fn.now() }, ['created_at', 'completed_at']);
  return row;
}

/** queued/running/canceling/deleting → deleting (the API's delete of an unfinished job). */
export async function requestDelete(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).whereIn('status', UNENDED_STATUSES).update({ status: 'deleting' })) === 1;
}

/** Remove a terminal job. */
export async function deleteTerminalJob(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).whereIn('status', TERMINAL_STATUSES).delete()) === 1;
}

/** Remove a `deleting` job whose workflow is gone. */
export async function deleteDeletingJob(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id, status: 'deleting' }).delete()) === 1;
}

/**
 * Remove the job whatever its status: a job whose workflow could not be started (it never ran),
 * or one that became terminal between a delete's two statements.
 */
export async function removeJob(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).delete()) === 1;
}

export type SettleOutcome =
  | { outcome: 'deleted'; ended?: { status: 'deleted'; createdAt: Date } }
  | { outcome: 'canceled'; ended: { status: 'canceled'; createdAt: Date; finishedAt: Date } }
  | { outcome: string; ended?: undefined };

/**
 * A job asked to stop: deleting → row removed; canceling (or still active) → canceled.
 * The row is locked while deciding, so a delete that turns canceling into deleting at the same
 * moment either happens first (and the row is removed here) or finds the job already canceled
 * (and removes it itself); it can never be left in deleting with no workflow to finish it.
 */
export async function settleStoppedJob(db: Db, kind: JobKind, id: string): Promise<SettleOutcome> {
  const table = TABLE[kind];
  return db.transaction(async (trx): Promise<SettleOutcome> => {
    const row = await trx(table).where({ id }).forUpdate().first('status', 'created_at');
    if (!row) return { outcome: 'deleted' };
    if (row.status === 'deleting') {
      await trx(table).where({ id }).delete();
      return { outcome: 'deleted', ended: { status: 'deleted', createdAt: row.created_at } };
    }
    if (['canceling', 'queued', 'running'].includes(row.status)) {
      const [done] = await trx(table).where({ id }).update({ status: 'canceled', completed_at: trx.fn.now() }, ['created_at', 'completed_at']);
      return { outcome: 'canceled', ended: { status: 'canceled', createdAt: done.created_at, finishedAt: done.completed_at } };
    }
    return { outcome: row.status as string };
  });
}

/** What a failed job was before a retry, to put it back if the new run cannot start. */
export type FailedState = Pick<JobRowBase, 'status' | 'error' | 'started_at' | 'completed_at'>;

export async function findFailedState(db: Db, kind: JobKind, id: string): Promise<FailedState | undefined> {
  return db(TABLE[kind]).where({ id }).first('status', 'error', 'started_at', 'completed_at');
}

/** failed → queued (retry), forgetting the error and the times of the failed run. */
export async function requeueFailedJob(db: Db, kind: JobKind, id: string): Promise<boolean> {
  const n = await db(TABLE[kind]).where({ id, status: 'failed' }).update({ status: 'queued', error: null, started_at: null, completed_at: null });
  return n === 1;
}

/** queued → failed as it was before a retry whose new run could not be started. */
export async function restoreFailedJob(db: Db, kind: JobKind, id: string, previous: FailedState): Promise<boolean> {
  const n = await db(TABLE[kind])
    .where({ id, status: 'queued' })
    .update({
      status: 'failed',
      error: previous.error === null ? null : JSON.stringify(previous.error),
      started_at: previous.started_at,
      completed_at: previous.completed_at,
    });
  return n === 1;
}
