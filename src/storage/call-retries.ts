// The retry state of model calls that are failing transiently (table job_call_retries).
import type { Db } from './db.js';

export interface CallRetryRow {
  job_id: string;
  call_key: string;
  first_failed_at: Date;
  attempt: number;
  last_error_code: string;
  last_error_message: string;
  next_attempt_at: Date;
}

/** Count one more failure of a call; returns the state after it and the code of the failure before. */
export async function recordCallFailure(
  db: Db,
  jobId: string,
  callKey: string,
  error: { code: string; message: string },
  now: Date,
): Promise<{ firstFailedAt: Date; attempt: number; previousCode: string | null }> {
  const result = await db.raw(
    `WITH prev AS (SELECT last_error_code FROM job_call_retries WHERE job_id = ? AND call_key = ?)
     INSERT INTO job_call_retries AS r (job_id, call_key, first_failed_at, attempt, last_error_code, last_error_message, next_attempt_at, updated_at)
     VALUES (?, ?, ?, 1, ?, ?, ?, ?)
     ON CONFLICT (job_id, call_key) DO UPDATE
       SET attempt = r.attempt + 1, last_error_code = excluded.last_error_code,
           last_error_message = excluded.last_error_message, next_attempt_at = excluded.next_attempt_at,
           updated_at = excluded.updated_at
     RETURNING first_failed_at, attempt, (SELECT last_error_code FROM prev) AS previous_code`,
    [jobId, callKey, jobId, callKey, now, error.code, error.message.slice(0, 2000), now, now],
  );
  const row = result.rows[0];
  return { firstFailedAt: new Date(row.first_failed_at), attempt: row.attempt, previousCode: row.previous_code ?? null };
}

export async function setNextAttempt(db: Db, jobId: string, callKey: string, at: Date): Promise<void> {
  await db('job_call_retries').where({ job_id: jobId, call_key: callKey }).update({ next_attempt_at: at });
}

export async function clearCallRetry(db: Db, jobId: string, callKey: string): Promise<void> {
  await db('job_call_retries').where({ job_id: jobId, call_key: callKey }).delete();
}

export async function clearJobRetries(db: Db, jobId: string): Promise<void> {
  await db('job_call_retries').where({ job_id: jobId }).delete();
}

/** The latest pending retry of each job, as a client reads it. */
export async function latestRetries(db: Db, jobIds: string[]): Promise<Map<string, JobRetry>> {
  const out = new Map<string, JobRetry>();
  if (jobIds.length === 0) return out;
  const rows: CallRetryRow[] = await db('job_call_retries')
    .whereIn('job_id', jobIds)
    .orderBy('updated_at', 'desc')
    .select('job_id', 'attempt', 'last_error_code', 'last_error_message', 'next_attempt_at');
  for (const r of rows) {
    if (out.has(r.job_id)) continue;
    out.set(r.job_id, {
      attempt: r.attempt,
      last_error_code: r.last_error_code,
      last_error_message: r.last_error_message,
      next_attempt_at: new Date(r.next_attempt_at).toISOString(),
    });
  }
  return out;
}

export interface JobRetry {
  attempt: number;
  last_error_code: string;
  last_error_message: string;
  next_attempt_at: string;
}

/**
 * The latest pending retry of the row's job as a JSON column (null when none), so a read of one
 * job is one query: `select t.*, ${latestRetrySql('t')} as latest_retry`. Same choice as latestRetries.
 */
export function latestRetrySql(table: string): string {
  return (
    "(select json_build_object('attempt', r.attempt, 'last_error_code', r.last_error_code, " +
    "'last_error_message', r.last_error_message, 'next_attempt_at', r.next_attempt_at) " +
    `from job_call_retries r where r.job_id = ${table}.id order by r.updated_at desc limit 1)`
  );
}

/** A `latestRetrySql` column as a client reads it. */
export function retryFromColumn(value: unknown): JobRetry | null {
  if (!value || typeof value !== 'object') return null;
  const r = value as { attempt: number; last_error_code: string; last_error_message: string; next_attempt_at: string };
  return {
    attempt: r.attempt,
    last_error_code: r.last_error_code,
    last_error_message: r.last_error_message,
    next_attempt_at: new Date(r.next_attempt_at).toISOString(),
  };
}
