// A worker's checks before it polls. A worker whose SERVICE_SECRET_KEY differs from the API's
// would take jobs and fail them for good (`provider_key_unreadable`) or fail webhook deliveries,
// while healthy workers idle. The API leaves a proof of its key for its task queues at start-up
// (secret_key_checks: a constant it encrypted); a worker that cannot decrypt the proof of a queue
// it polls refuses to start, naming the stored provider keys and webhook secrets it cannot read.
// Stored secrets the worker cannot read although its key is the API's were stored under an earlier
// key: unreadable for the API too, so they are only a warning (enter them again).
import { zeroModelSeries } from '../metrics/index.js';
import type { Db } from '../storage/db.js';
import { SecretUnreadableError, type SecretBox } from '../storage/secrets.js';
import { listDefinitionModels, readKeyChecks, readStorageChecks, readStoredSecrets, writeKeyChecks, writeStorageChecks } from '../storage/worker-start.js';

/** What the API encrypts as the proof of its key. Not a secret: only its decryption matters. */
const KEY_CHECK_PLAINTEXT = 'docextract secret key check v1';

export class WorkerPreflightError extends Error {
  override readonly name = 'WorkerPreflightError';
}

const readable = (secrets: SecretBox, ciphertext: string): boolean => {
  try {
    return secrets.decrypt(ciphertext) !== undefined;
  } catch (err) {
    if (err instanceof SecretUnreadableError) return false;
    throw err;
  }
};

/** The API, at start-up: leave the proof of its key for the task queues it starts work on. */
export async function recordApiKeyCheck(db: Db, secrets: SecretBox, taskQueues: string[]): Promise<void> {
  await writeKeyChecks(db, taskQueues, secrets.encrypt(KEY_CHECK_PLAINTEXT));
}

/** The API, at start-up: record where it stores file bytes, for workers of its task queues to compare. */
export async function recordApiStorage(db: Db, identity: string, taskQueues: string[]): Promise<void> {
  await writeStorageChecks(db, taskQueues, identity);
}

/** The refusal when the API stores bytes elsewhere: the worker would not find them, or store where the API does not read. */
export function storageMismatchMessage(mine: string, theirs: Array<{ task_queue: string; identity: string }>): string {
  const where = theirs.map((c) => `${c.identity} (task queue ${c.task_queue})`).join(', ');
  return (
    `This worker stores file bytes in ${mine} but the API stores them in ${where}. ` +
    'Give every API and worker process the same SERVICE_STORAGE and S3_* settings (docs/deployment.md, "Settings every process must share").'
  );
}

/** The owners of the stored secrets this process cannot decrypt (none: all good). */
export async function unreadableSecrets(db: Db, secrets: SecretBox): Promise<string[]> {
  return (await readStoredSecrets(db)).filter((s) => !readable(secrets, s.ciphertext)).map((s) => s.owner);
}

function listed(owners: string[]): string {
  const shown = owners.length > 5 ? [...owners.slice(0, 5), `${owners.length - 5} more`] : owners;
  return shown.join(', ');
}

/** The refusal, for an operator: what differs, what it cannot read, and the two ways out. */
export function keyMismatchMessage(taskQueues: string[], owners: string[]): string {
  return (
    `This worker's SERVICE_SECRET_KEY is not the one the API serving task queue ${taskQueues.join(' and ')} uses` +
    `${owners.length > 0 ? `: it cannot decrypt the stored secrets of ${listed(owners)}` : ''}. ` +
    '(Without SERVICE_SECRET_KEY each process uses the key file of its own SERVICE_DATA_DIR.) Give every API and worker ' +
    'process the same SERVICE_SECRET_KEY (docs/deployment.md, "Settings every process must share").'
  );
}

/**
 * Before polling `taskQueues`: refuse to start (WorkerPreflightError) when this process's key is
 * not the API's, or only warn (`warn`: npm start, whose API shares this process's key and data
 * folder); warn about stored secrets nobody can read; then put the series of the models the
 * definitions name in /metrics, at 0.
 */
export async function workerPreflight(
  db: Db,
  secrets: SecretBox,
  opts: { taskQueues: string[]; onMismatch: 'refuse' | 'warn'; warn: (message: string) => void; storageIdentity?: string },
): Promise<void> {
  if (opts.storageIdentity !== undefined) {
    // Not downgraded to a warning: bytes stored where the other process does not look are lost to it.
    const other = (await readStorageChecks(db, opts.taskQueues)).filter((c) => c.identity !== opts.storageIdentity);
    if (other.length > 0) throw new WorkerPreflightError(storageMismatchMessage(opts.storageIdentity, other));
  }
  const checks = await readKeyChecks(db, opts.taskQueues);
  const mismatched = checks.filter((c) => !readable(secrets, c.ciphertext)).map((c) => c.task_queue);
  const unreadable = await unreadableSecrets(db, secrets);
  if (mismatched.length > 0) {
    const message = keyMismatchMessage(mismatched, unreadable);
    if (opts.onMismatch === 'refuse') throw new WorkerPreflightError(message);
    opts.warn(message);
  } else if (unreadable.length > 0) {
    opts.warn(
      `The stored secrets of ${listed(unreadable)} cannot be decrypted with this process's key` +
        `${checks.length > 0 ? " (the API's)" : ''}: they were stored under another key; enter them again (jobs and deliveries that need them fail).`,
    );
  }
  zeroModelSeries(await listDefinitionModels(db));
}
