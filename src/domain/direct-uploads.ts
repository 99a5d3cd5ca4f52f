// Direct uploads (issue 53): the bytes go from the client straight to the bucket with a presigned
// PUT, never through the API. `POST /v1/uploads` records the announced upload and signs the PUT of
// its object (`<S3_PREFIX>uploads/<upl_id>`); `POST /v1/uploads/{id}/complete` reads the object as a
// stream through the same pipeline as a multipart upload (createFile: sniffed, converted, limited)
// and answers the file. A PDF, PNG or JPEG file keeps the uploaded object as its bytes (no copy);
// a converted format is read whole, stored as any upload is, and the uploaded object removed.
// Completing again answers the same file. With SERVICE_STORAGE=postgres there is no bucket to PUT
// into: both answer 409 `direct_uploads_unavailable`.
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { notFound, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { removeObjects } from '../storage/file-objects.js';
import { fileObjectKey } from '../storage/file-store.js';
import { objectStore, type ObjectStore } from '../storage/object-store.js';
import { createFile, getFile, type FileRecord } from './files.js';
import { newId } from './ids.js';
import { text } from './text.js';

/** A media type as a header carries it (`type/subtype`, parameters allowed): it is signed into the PUT. */
const MEDIA_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(?:\s*;[\x20-\x7e]*)?$/;

export const createDirectUploadBody = z.strictObject({
  filename: text(1, 255),
  size_bytes: z.number().int().min(1),
  content_type: text(1, 255).regex(MEDIA_TYPE, 'must be a media type such as application/pdf').optional(),
});
export type CreateDirectUploadBody = z.infer<typeof createDirectUploadBody>;

/** Where and how the client PUTs the bytes. */
export interface DirectUploadTicket {
  id: string;
  url: string;
  method: 'PUT';
  /** Headers the PUT must carry exactly (they are signed): its length, and its type when one was given. */
  headers: Record<string, string>;
  expires_at: string;
}

/** The bucket direct uploads PUT into; 409 direct_uploads_unavailable with Postgres storage (checked before the body is). */
export function directUploadStore(): ObjectStore {
  const objects = objectStore();
  if (!objects) {
    throw serviceError(
      'direct_uploads_unavailable',
      'Direct uploads need SERVICE_STORAGE=s3; this server stores file bytes in Postgres: upload with POST /v1/files (multipart) instead',
    );
  }
  return objects;
}

/** Record an upload and sign the PUT of its object (nothing is sent to the bucket yet). */
export async function createDirectUpload(db: Db, config: Config, body: CreateDirectUploadBody): Promise<DirectUploadTicket> {
  const objects = directUploadStore();
  if (body.size_bytes > config.maxDirectUploadBytes) {
    throw serviceError('file_too_large', `The upload of ${body.size_bytes} bytes exceeds the limit of ${config.maxDirectUploadBytes} bytes (SERVICE_MAX_DIRECT_UPLOAD_BYTES)`);
  }
  const id = newId('upload');
  const key = objects.key(`uploads/${id}`);
  const expiresAt = new Date(Date.now() + config.directUploadExpirySeconds * 1000);
  const signed = await objects.presignPut(key, { contentType: body.content_type, contentLength: body.size_bytes, expiresInSeconds: config.directUploadExpirySeconds });
  await db('direct_uploads').insert({
    id,
    filename: body.filename,
    size_bytes: body.size_bytes,
    content_type: body.content_type ?? null,
    object_key: key,
    expires_at: expiresAt,
  });
  return { id, url: signed.url, method: 'PUT', headers: signed.headers, expires_at: expiresAt.toISOString() };
}

/**
 * Make the uploaded object a file. The upload's row is locked for the whole completion, so two
 * completions at once make one file: the second waits and answers it. The file's rows and the
 * upload's completion commit together.
 */
export async function completeDirectUpload(db: Db, config: Config, id: string): Promise<FileRecord> {
  const objects = directUploadStore();
  const outcome = await db.transaction(async (trx): Promise<{ file: FileRecord; unused?: string } | { expired: string }> => {
    const upload = await trx('direct_uploads').where({ id }).forUpdate().first();
    if (!upload) throw notFound('Upload', id);
    if (upload.completed_at) {
      if (!upload.file_id) throw serviceError('not_found', `Upload '${id}' was completed, but its file has since been deleted`);
      return { file: await getFile(trx, upload.file_id) };
    }
    if (new Date(upload.expires_at).getTime() <= Date.now()) return { expired: upload.object_key as string };
    const size = await objects.size(upload.object_key);
    if (size === null) {
      throw serviceError('upload_incomplete', `Upload '${id}' has no bytes yet: PUT them to its url (with its headers), then complete it`);
    }
    if (size !== Number(upload.size_bytes)) {
      throw serviceError('upload_size_mismatch', `Upload '${id}' announced ${upload.size_bytes} bytes but ${size} were stored; start a new upload`);
    }
    const content = await objects.stream(upload.object_key);
    if (!content) throw serviceError('upload_incomplete', `Upload '${id}' has no bytes yet: PUT them to its url (with its headers), then complete it`);
    let file: FileRecord;
    try {
      file = await createFile(
        trx,
        config,
        { content, filename: upload.filename, declaredType: upload.content_type },
        { maxAttachments: config.maxAttachments, maxConvertedBytes: config.maxUploadBytes },
        upload.object_key,
      );
    } finally {
      content.destroy();
    }
    await trx('direct_uploads').where({ id }).update({ file_id: file.id, completed_at: trx.fn.now() });
    // A converted format was stored as a copy: the uploaded object is then no file's bytes.
    const kept = (await fileObjectKey(trx, file.id)) === upload.object_key;
    return kept ? { file } : { file, unused: upload.object_key };
  });
  if ('expired' in outcome) {
    // Its URL no longer works; whatever was put before is removed (best effort: else an orphan).
    await removeObjects([outcome.expired]);
    throw serviceError('upload_expired', `Upload '${id}' expired; start a new upload`);
  }
  if (outcome.unused) await removeObjects([outcome.unused]);
  return outcome.file;
}
