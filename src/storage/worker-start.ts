// What a worker reads once at start-up: the secrets it must be able to decrypt (provider API keys,
// webhook endpoint secrets) and the models the stored definitions name (for their metric series).
import type { Db } from './db.js';

export interface StoredSecret {
  /** What the secret belongs to, as an operator reads it: `provider hosted_api`, `webhook endpoint whep_…`. */
  owner: string;
  ciphertext: string;
}

export async function readStoredSecrets(db: Db): Promise<StoredSecret[]> {
  const [providers, endpoints] = await Promise.all([
    db('providers').whereNotNull('api_key_ciphertext').orderBy('name').select('name', 'api_key_ciphertext'),
    db('webhook_endpoints').orderBy('id').select('id', 'secret_encrypted'),
  ]);
  return [
    ...providers.map((p: { name: string; api_key_ciphertext: string }) => ({ owner: `provider ${p.name}`, ciphertext: p.api_key_ciphertext })),
    ...endpoints.map((e: { id: string; secret_encrypted: string }) => ({ owner: `webhook endpoint ${e.id}`, ciphertext: e.secret_encrypted })),
  ];
}

/** Every (provider, model) pair the stored extractors and parsers name. */
export async function listDefinitionModels(db: Db): Promise<Array<{ provider: string; model: string }>> {
  const result = await db.raw(`
    SELECT provider_name AS provider, model FROM extractors
     UNION
    SELECT provider_name AS provider, model FROM parsers`);
  return result.rows as Array<{ provider: string; model: string }>;
}

/** The API's key check for each of these task queues (written at its start-up). */
export async function writeKeyChecks(db: Db, taskQueues: string[], ciphertext: string): Promise<void> {
  const rows = [...new Set(taskQueues)].map((task_queue) => ({ task_queue, ciphertext, updated_at: db.fn.now() }));
  await db('secret_key_checks').insert(rows).onConflict('task_queue').merge(['ciphertext', 'updated_at']);
}

export async function readKeyChecks(db: Db, taskQueues: string[]): Promise<Array<{ task_queue: string; ciphertext: string }>> {
  return db('secret_key_checks').whereIn('task_queue', taskQueues).orderBy('task_queue').select('task_queue', 'ciphertext');
}

/** Where the API stores file bytes (object-store.ts storageIdentity), for each of these task queues. */
export async function writeStorageChecks(db: Db, taskQueues: string[], identity: string): Promise<void> {
  const rows = [...new Set(taskQueues)].map((task_queue) => ({ task_queue, identity, updated_at: db.fn.now() }));
  await db('storage_checks').insert(rows).onConflict('task_queue').merge(['identity', 'updated_at']);
}

export async function readStorageChecks(db: Db, taskQueues: string[]): Promise<Array<{ task_queue: string; identity: string }>> {
  return db('storage_checks').whereIn('task_queue', taskQueues).orderBy('task_queue').select('task_queue', 'identity');
}
