import type { JobKind } from '../src/kinds.js';
import * as jobs from '../src/storage/jobs/lifecycle.js';
import { findJobStatus } from '../src/storage/jobs/reads.js';
import { recordJobFinished } from '../src/metrics/index.js';
import { clearJobRetries } from '../src/storage/call-retries.js';
import type { Db } from '../src/storage/db.js';
import type { RecordOutcome } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';

import { INTERNAL_ERROR_MESSAGE } from '../src/domain/internal-error.js';

export { INTERNAL_ERROR_MESSAGE };

// Status moves made by workflows. Each is a compare-and-set UPDATE: a job the API has moved to
// canceling or deleting is never overwritten, and the activity says so ('not_running').

export function jobStatusActivities({ db, logger }: ResolvedActivityDeps) {
  return {
    /** queued → running. */
    async claimJob(kind: JobKind, jobId: string): Promise<RecordOutcome> {
      if (await jobs.claimJob(db, kind, jobId)) return 'recorded';
      // A retried claim whose first attempt did commit finds the job already running.
      return (await findJobStatus(db, kind, jobId)) === 'running' ? 'recorded' : 'not_running';
    },

    /** queued/running → failed with a stable code. */
    async failJob(kind: JobKind, jobId: string, error: { code: string; message: string }): Promise<RecordOutcome> {
      // An internal error's message is whatever an unexpected exception said: addresses, SQL, stack
      // frames. Clients get a generic message; the log keeps the original under the job's id.
      const recorded = error.code === 'internal_error' ? { code: error.code, message: INTERNAL_ERROR_MESSAGE } : error;
      if (recorded !== error) logger.error({ job_id: jobId, workflow_id: jobId, code: error.code, detail: error.message }, 'internal error of a job');
      const row = await jobs.failJob(db, kind, jobId, recorded);
      if (row) recordJobFinished(kind, 'failed', { errorCode: error.code, createdAt: row.created_at, finishedAt: row.completed_at });
      await clearJobRetries(db, jobId);
      logger.info({ job_id: jobId, workflow_id: jobId, code: error.code }, 'job failed');
      return row ? 'recorded' : 'not_running';
    },

    /** A job asked to stop: deleting → row removed; canceling (or still active) → canceled (storage/jobs/lifecycle.ts). */
    async settleStoppedJob(kind: JobKind, jobId: string): Promise<string> {
      await clearJobRetries(db, jobId);
      const settled = await jobs.settleStoppedJob(db, kind, jobId);
      // Counted once the transaction has committed: a rolled-back settle ended nothing.
      if (settled.ended) recordJobFinished(kind, settled.ended.status, settled.ended);
      return settled.outcome;
    },
  };
}
