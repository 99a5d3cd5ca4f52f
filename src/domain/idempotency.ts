// Idempotency-Key on job creation. The first request with a key claims it by inserting a row in
// the same transaction as the job; a request racing it blocks on the unique key until that
// transaction commits, then finds the claim and answers with the original job. Keys live 24 hours.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { RequestValidationError, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { currentWorkspaceId } from '../storage/workspace-scope.js';
import { DEFAULT_WORKSPACE_ID } from '../storage/workspace-ids.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export interface IdempotencyClaim {
  /**
   * The operation (storage/jobs/reads.ts's idempotencyScope): keys of /v1/jobs and /v1/extraction-jobs
   * share one scope (they are aliases).
   */
  scope: string;
  key: string;
  /** sha256 of the validated body, keys sorted: the same request in another key order matches. */
  hash: string;
}

/** The header's value, or undefined when absent; 422 when it is not 1–255 printable ASCII characters. */
export function parseIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && KEY_PATTERN.test(value)) return value;
  throw new RequestValidationError([
    {
      loc: ['header', IDEMPOTENCY_HEADER],
      msg: 'Idempotency-Key must be one header of 1 to 255 printable ASCII characters',
      type: 'value_error',
      ...(typeof value === 'string' && value.length <= 300 ? { input: value } : {}),
    },
  ]);
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('hex');
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stableJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * Run `insert` (which writes the job row through `trx`) at most once per key. Returns the job
 * `insert` produced, or the stored original response when the key was used before with the same
 * body; a different body under the same key is 422 `idempotency_key_reused`.
 */
export async function createOnce<R extends { id: string }>(
  db: Db,
  claim: IdempotencyClaim | undefined,
  insert: (trx: Knex | Knex.Transaction) => Promise<R>,
): Promise<{ job: R; replayed: boolean }> {
  if (!claim) return { job: await insert(db), replayed: false };
  const { scope, key, hash } = claim;
  await db('idempotency_keys')
    .where({ scope, key })
    .where('created_at', '<', db.raw(`now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`))
    .delete();
  return db.transaction(async (trx) => {
    const claimed = await trx('idempotency_keys')
      // Keys are per workspace: two workspaces may use the same Idempotency-Key.
      .insert({ workspace_id: currentWorkspaceId() ?? DEFAULT_WORKSPACE_ID, scope, key, request_hash: hash, job_id: '', response: '{}' })
      .onConflict(['workspace_id', 'scope', 'key'])
      .ignore()
      .returning('key');
    if (claimed.length === 0) {
      const row = await trx('idempotency_keys').where({ scope, key }).first();
      if (!row) {
        // Claimed and released (the job could not be started) between our two statements.
        throw serviceError('idempotency_key_in_use', 'A request with this Idempotency-Key is being processed; retry it', { retryAfterSeconds: 1 });
      }
      if (row.request_hash !== hash) {
        throw serviceError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body in the last 24 hours');
      }
      return { job: row.response as R, replayed: true };
    }
    const job = await insert(trx);
    await trx('idempotency_keys').where({ scope, key }).update({ job_id: job.id, response: JSON.stringify(job) });
    return { job, replayed: false };
  });
}

/** The job could not be started and was removed: free its key, so a retry creates it. */
export async function releaseKey(db: Db, claim: IdempotencyClaim | undefined): Promise<void> {
  if (claim) await db('idempotency_keys').where({ scope: claim.scope, key: claim.key }).delete();
}
