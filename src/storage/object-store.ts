// Where file bytes live (issue 53, docs: README "Storage"). With SERVICE_STORAGE=postgres (the
// default) there is no object store: bytes are bytea rows (file-store.ts, file-renditions.ts). With
// s3 each process configures one at start-up (runtime/api-process.ts, worker-process.ts) and new
// bytes go to the bucket; Postgres keeps the object keys. Reads follow the row, not the setting:
// a row with a key is read from the bucket, a row with bytes from Postgres.
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config/index.js';
import { serviceError, type ServiceError } from '../errors.js';

export interface ObjectStore {
  /** Where bytes go, as the start-up check compares it between processes (`s3://endpoint/bucket/prefix`). */
  readonly identity: string;
  /** The full key of a name under the configured prefix. */
  key(name: string): string;
  /** Store an object (whole, or streamed chunk by chunk); resolves once the bucket holds all of it. */
  put(key: string, body: Buffer | AsyncIterable<Buffer>, contentType?: string): Promise<void>;
  /** The whole object; null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream; null when there is none. */
  stream(key: string): Promise<Readable | null>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Remove objects (missing ones are no error). */
  delete(keys: string[]): Promise<void>;
  /**
   * The objects whose full keys start with `prefix`, in key order, read page by page as the bucket
   * lists them (ListObjectsV2 with its continuation token): stop early by leaving the loop.
   */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** A presigned PUT of one object (direct uploads). */
  presignPut(key: string, opts: { contentType?: string; contentLength: number; expiresInSeconds: number }): Promise<{ url: string; headers: Record<string, string> }>;
}

/** The key spaces (under S3_PREFIX) the service writes into: its files, renditions and direct uploads. */
export const SERVICE_KEY_SPACES = ['files/', 'renditions/', 'uploads/'] as const;

/** One object of a listing. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** What a process says it stores into, compared at a worker's start with the API's. */
export function storageIdentity(storage: StorageConfig): string {
  if (storage.kind === 'postgres') return 'postgres';
  return `s3://${storage.endpoint ?? 'aws'}/${storage.bucket}/${storage.prefix}`;
}

let current: ObjectStore | null = null;

/** Set this process's object store (null: bytes in Postgres). Called once at start-up. */
export function configureObjectStore(store: ObjectStore | null): void {
  current = store;
}

/** This process's object store; null when bytes are stored in Postgres. */
export function objectStore(): ObjectStore | null {
  return current;
}

/** The store a row with an object key is read from; a key without a store is a configuration error. */
export function requireObjectStore(): ObjectStore {
  if (!current) {
    throw new Error('A file is stored in an object store but this process has SERVICE_STORAGE=postgres: set SERVICE_STORAGE=s3 and S3_* as the API has them');
  }
  return current;
}

/**
 * The documents under a full key prefix, in key order, skipping the "folders" a console makes (empty
 * objects named `…/`); stops once it holds more than `limit`, so a caller can tell "too many".
 */
export async function listUpTo(objects: ObjectStore, prefix: string, limit: number): Promise<Array<{ key: string; size: number }>> {
  const found: Array<{ key: string; size: number }> = [];
  for await (const o of objects.list(prefix)) {
    if (o.key.endsWith('/') && o.size === 0) continue;
    found.push({ key: o.key, size: o.size });
    if (found.length > limit) break;
  }
  return found;
}

/** The bucket could not be reached: uploads answer 503 with Retry-After (the client tries again). */
export function storageUnavailable(cause: unknown): ServiceError {
  const err = serviceError('storage_unavailable', `The object storage cannot be reached (${(cause as Error)?.message ?? String(cause)}); retry shortly`, {
    retryAfterSeconds: 5,
  });
  (err as Error & { cause?: unknown }).cause = cause;
  return err;
}
