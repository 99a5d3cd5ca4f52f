// What creating a job of any kind (extraction, parse, classification) does once its definition is
// resolved: the row written once per Idempotency-Key, then its workflow started, and counted.
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../config/index.js';
import { notFound } from '../errors.js';
import { jobsCreated } from '../metrics/index.js';
import type { Db } from '../storage/db.js';
import { type JobKind } from '../kinds.js';
import { idempotencyScope } from '../storage/jobs/reads.js';
import { startJobWorkflow, type JobMemo } from '../temporal/job-workflows.js';
import { createOnce, releaseKey, requestHash } from './idempotency.js';
import { startOrUndo } from './job-control.js';

/** The name of a job's input file, for its run's summary; 404 when no file has that id. */
export async function inputFileName(db: Db, fileId: string): Promise<string> {
  const file = await db('files').where({ id: fileId }).first('id', 'filename');
  if (!file) throw notFound('File', fileId);
  return file.filename;
}

/**
 * Writes the job's row with `insert` (in the transaction that claims the Idempotency-Key, when one
 * is given) and starts its workflow. A key seen before with the same body returns the first job as
 * it is now and starts nothing; when Temporal refuses the start, the row is removed and the key
 * released (503 `scheduler_unavailable`), so a retry of the request starts afresh.
 */
export async function createJob<R extends { id: string }>(
  deps: { db: Db; temporal: Client; config: Config },
  job: { kind: JobKind; id: string; memo: JobMemo; idempotency?: { key: string | undefined; body: unknown } },
  insert: (trx: Knex | Knex.Transaction) => Promise<R>,
): Promise<{ job: R; replayed: boolean }> {
  const { db, temporal, config } = deps;
  const { kind, id, memo, idempotency } = job;
  const claim = idempotency?.key ? { scope: idempotencyScope(kind), key: idempotency.key, hash: requestHash(idempotency.body) } : undefined;
  const created = await createOnce(db, claim, insert);
  if (created.replayed) return created;
  await startOrUndo(db, kind, id, () => startJobWorkflow(temporal, config, kind, id, memo)).catch(async (err) => {
    await releaseKey(db, claim);
    throw err;
  });
  jobsCreated.inc({ kind });
  return created;
}
