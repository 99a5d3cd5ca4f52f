import type { JobKind } from '../src/domain/job-status.js';
import { JOB_TABLES } from '../src/domain/job-status.js';
import { recordJobFinished } from '../src/metrics/index.js';
import { clearJobRetries } from '../src/storage/call-retries.js';
import type { Db } from '../src/storage/db.js';
import type { RecordOutcome } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';

import { INTERNAL_ERROR_MESSAGE } from '../src/domain/internal-error.js';

export { INTERNAL_ERROR_MESSAGE };

/** Whether the job is still `running` (not stopped by a cancel or delete, not ended). */
export async function jobIsRunning(db: Db, kind: JobKind, jobId: string): Promise<boolean> {
  return !!(await db(JOB_TABLES[kind]).where({ id: jobId, status: 'running' }).first('id'));
}

// Status moves made by workflows. Each is a compare-and-set UPDATE: a job the API has moved to
// canceling or deleting is never overwritten, and the activity says so ('not_running').

export function jobStatusActivities({ db, logger }: ResolvedActivityDeps) {
  return {
    /** queued → running. */
    async claimJob(kind: JobKind, jobId: string): Promise<RecordOutcome> {
      const n = await db(JOB_TABLES[kind])
        .where({ id: jobId, status: 'queued' })
        .update({ status: 'running', started_at: db.fn.now() });
      if (n === 1) return 'recorded';
      // A retried claim whose first attempt did commit finds the job already running.
      const row = await db(JOB_TABLES[kind]).where({ id: jobId }).first('status');
      return row?.status === 'running' ? 'recorded' : 'not_running';
    },

    /** queued/running → failed with a stable code. */
    async failJob(kind: JobKind, jobId: string, error: { code: string; message: string }): Promise<RecordOutcome> {
      // An internal error's message is whatever an unexpected exception said: addresses, SQL, stack
      // frames. Clients get a generic message; the log keeps the original under the job's id.
      const recorded = error.code === 'internal_error' ? { code: error.code, message: INTERNAL_ERROR_MESSAGE } : error;
      if (recorded !== error) logger.error({ job_id: jobId, workflow_id: jobId, code: error.code, detail: error.message }, 'internal error of a job');
      const moved = await db(JOB_TABLES[kind])
        .where({ id: jobId })
        .whereIn('status', ['queued', 'running'])
        .update({ status: 'failed', error: JSON.stringify(recorded), completed_at: db.fn.now() }, ['created_at', 'completed_at']);
      const row = moved[0];
      if (row) recordJobFinished(kind, 'failed', { errorCode: error.code, createdAt: row.created_at, finishedAt: row.completed_at });
      await clearJobRetries(db, jobId);
      logger.info({ job_id: jobId, workflow_id: jobId, code: error.code }, 'job failed');
      return row ? 'recorded' : 'not_running';
    },

    /**
     * A job asked to stop: deleting → row removed; canceling (or still active) → canceled.
     * The row is locked while deciding, so a delete that turns canceling into deleting at the same
     * moment either happens first (and the row is removed here) or finds the job already canceled
     * (and removes it itself); it can never be left in deleting with no workflow to finish it.
     */
    async settleStoppedJob(kind: JobKind, jobId: string): Promise<string> {
      const table = JOB_TABLES[kind];
      await clearJobRetries(db, jobId);
      const settled = await db.transaction(async (trx) => {
        const row = await trx(table).where({ id: jobId }).forUpdate().first('status', 'created_at');
        if (!row) return { outcome: 'deleted' };
        if (row.status === 'deleting') {
          await trx(table).where({ id: jobId }).delete();
          return { outcome: 'deleted', ended: { status: 'deleted' as const, createdAt: row.created_at } };
        }
        if (['canceling', 'queued', 'running'].includes(row.status)) {
          const [done] = await trx(table).where({ id: jobId }).update({ status: 'canceled', completed_at: trx.fn.now() }, ['created_at', 'completed_at']);
          return { outcome: 'canceled', ended: { status: 'canceled' as const, createdAt: done.created_at, finishedAt: done.completed_at } };
        }
        return { outcome: row.status as string };
      });
      // Counted once the transaction has committed: a rolled-back settle ended nothing.
      if (settled.ended) recordJobFinished(kind, settled.ended.status, settled.ended);
      return settled.outcome;
    },
  };
}
