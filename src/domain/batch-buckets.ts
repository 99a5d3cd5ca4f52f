// Batches from and to buckets (issue 53 item 4, docs/batches.md "From and to a bucket"). A batch
// may name a prefix of the service's bucket (under S3_PREFIX) instead of its inputs: every object
// under it is an item, listed at creation (so the total is known at once), its custom_id the key as
// the request names keys (without S3_PREFIX). An item's file is made of its object when the item
// starts (./batch-runner.ts), through the same pipeline as an upload: listing 50,000 objects is
// quick, reading and converting them all before the 201 is not. Results go to the destination when
// the batch ends (./batch-destination.ts). Only with SERVICE_STORAGE=s3: there is no bucket else.
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { ServiceError, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { listUpTo, objectStore, SERVICE_KEY_SPACES, type ObjectStore } from '../storage/object-store.js';
import { createFile } from './files.js';
import { text } from './text.js';

/** The longest key S3 takes. */
const MAX_KEY_CHARS = 1024;

/** Whether a prefix reaches into the service's own objects (a source would list them; a destination could overwrite them). */
const reachesServiceKeys = (prefix: string) => SERVICE_KEY_SPACES.some((space) => space.startsWith(prefix) || prefix.startsWith(space));

const prefixText = text(1, MAX_KEY_CHARS - 32)
  .refine((p) => !p.startsWith('/'), { message: 'A key prefix does not start with "/" (keys are relative to the bucket and S3_PREFIX)' })
  .refine((p) => !reachesServiceKeys(p), { message: `A prefix may not reach into the service's own objects (${SERVICE_KEY_SPACES.join(', ')})` });

/** `source` / `destination` of a batch's creation. */
export const bucketPrefixBody = z.strictObject({ s3_prefix: prefixText });

/** The destination's prefix as a folder: `out` writes `out/results.ndjson`. */
export const destinationFolder = (prefix: string) => (prefix.endsWith('/') ? prefix : `${prefix}/`);

/** The keys (without S3_PREFIX, as the request named the prefix) a destination's results are written to. */
export function destinationKeys(prefix: string, kind: string): { results_ndjson_key: string; results_csv_key: string | null } {
  const folder = destinationFolder(prefix);
  return { results_ndjson_key: `${folder}results.ndjson`, results_csv_key: kind === 'extraction' ? `${folder}results.csv` : null };
}

/** The bucket, or 409 when the service stores bytes in Postgres (no bucket to read or write). */
export function requireBucket(): ObjectStore {
  const objects = objectStore();
  if (!objects) {
    throw serviceError(
      'bucket_batches_unavailable',
      "Batches from or to a bucket ('source', 'destination') need SERVICE_STORAGE=s3; this service stores bytes in Postgres. Upload the files and give 'inputs'.",
    );
  }
  return objects;
}

/** One object of a batch's source: its full key in the bucket and its custom_id (the key without S3_PREFIX). */
export interface SourceObject {
  key: string;
  custom_id: string;
}

/** Every object under the prefix, in key order; 422 when there is none or more than `max`. */
export async function listSourceObjects(prefix: string, max: number): Promise<SourceObject[]> {
  const objects = requireBucket();
  const base = objects.key('');
  const found = await listUpTo(objects, objects.key(prefix), max);
  if (found.length > max) {
    throw serviceError('too_many_inputs', `A batch holds at most ${max} inputs; more than ${max} objects are under '${prefix}'. Split them under several prefixes.`);
  }
  if (found.length === 0) throw serviceError('source_empty', `No object is under '${prefix}' in the service's bucket${base ? ` (keys under S3_PREFIX '${base}')` : ''}`);
  return found.map((o) => ({ key: o.key, custom_id: o.key.slice(base.length) }));
}

/** What an item's object became: its file, or why it cannot be one (the item fails with it). */
export type ObjectFile = { fileId: string } | { error: { code: string; message: string } };

/**
 * A file made of an object, as an upload of its bytes is (sniffed, converted, limited by
 * SERVICE_MAX_UPLOAD_BYTES). A refusal of the document is the item's error; an unreachable
 * bucket or a busy database is thrown (the batch's slice tries again).
 */
export async function fileFromObject(db: Db, config: Config, key: string): Promise<ObjectFile> {
  const objects = requireBucket();
  const size = await objects.size(key);
  if (size === null) return { error: { code: 'source_object_missing', message: `The object '${key}' is no longer in the bucket` } };
  if (size > config.maxUploadBytes) {
    return { error: { code: 'document_too_large', message: `The object '${key}' is ${size} bytes; at most ${config.maxUploadBytes} are accepted (SERVICE_MAX_UPLOAD_BYTES)` } };
  }
  const content = await objects.stream(key);
  if (!content) return { error: { code: 'source_object_missing', message: `The object '${key}' is no longer in the bucket` } };
  try {
    const file = await createFile(db, config, { content, filename: path.posix.basename(key), declaredType: null }, { maxAttachments: config.maxAttachments });
    return { fileId: file.id };
  } catch (err) {
    // A document the upload pipeline refuses (empty, unsupported, corrupt, too many pages…): the item's error.
    if (err instanceof ServiceError && err.hints.retryAfterSeconds === undefined) return { error: { code: err.code, message: err.message } };
    throw err;
  } finally {
    content.destroy();
  }
}
