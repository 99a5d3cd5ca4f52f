// The jobs of the present, for /metrics. Counted at scrape time (metrics/present.ts): one
// statement over the jobs that are not over (a partial index on status WHERE status is not terminal
// keeps it independent of history; see docs/operations.md) and the small job_call_retries table.
import { UNENDED_STATUSES, type JobKind, type UnendedStatus } from '../../kinds.js';
import type { Db } from '../db.js';
import { TABLE } from './tables.js';

export interface PresentJobCounts {
  /** Jobs by kind and non-terminal status. */
  byStatus: Array<{ kind: JobKind; status: UnendedStatus; jobs: number }>;
  /** Queued or running jobs with at least one model call failing transiently and waiting for its next attempt. */
  retrying: number;
}

/** Count the jobs not over, by kind and status, and the jobs retrying a model call. */
export async function countPresentJobs(db: Db): Promise<PresentJobCounts> {
  const kinds = Object.keys(TABLE) as JobKind[];
  // Every status a job is in while it is not over gets a series, zero included.
  const statuses = [...UNENDED_STATUSES];
  const marks = statuses.map(() => '?').join(', ');
  const perKind = kinds.map((kind) => `SELECT '${kind}' AS kind, status, count(*)::int AS jobs FROM ${TABLE[kind]} WHERE status IN (${marks}) GROUP BY status`);
  // A retry row outlives its job only until the job settles; count only jobs still at work.
  const working = kinds.map((kind) => `EXISTS (SELECT 1 FROM ${TABLE[kind]} j WHERE j.id = r.job_id AND j.status IN ('queued', 'running'))`);
  const sql = `${perKind.join('\nUNION ALL\n')}
UNION ALL
SELECT 'retrying' AS kind, '' AS status, count(DISTINCT r.job_id)::int AS jobs FROM job_call_retries r WHERE ${working.join(' OR ')}`;
  const result = await db.raw(sql, kinds.flatMap(() => statuses));
  const rows = result.rows as Array<{ kind: string; status: string; jobs: number }>;
  const byStatus = kinds.flatMap((kind) =>
    statuses.map((status) => ({ kind, status, jobs: rows.find((r) => r.kind === kind && r.status === status)?.jobs ?? 0 })),
  );
  return { byStatus, retrying: rows.find((r) => r.kind === 'retrying')?.jobs ?? 0 };
}
