// Moving bytes stored in Postgres into the bucket (issue 53: `npm run storage:migrate -- --to s3`).
// One file (or rendition) at a time: its bytes are put as the object, read back and compared by
// SHA-256, and only then does one transaction point the row at the object and free the Postgres
// copy. A run stopped at any moment loses nothing: a row still holding bytes is simply moved again
// by the next run (its object is overwritten), a moved row is not looked at again.
import { createHash } from 'node:crypto';
import type { Db } from './db.js';
import { getPageSourceBytes } from './file-renditions.js';
import { postgresFileStore } from './file-store.js';
import type { ObjectStore } from './object-store.js';

export interface BytesMigrationProgress {
  files: number;
  renditions: number;
  bytes: number;
}

export class BytesMigrationMismatch extends Error {
  override readonly name = 'BytesMigrationMismatch';
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Put `bytes` as `key` and read them back: throws unless the bucket returns the same SHA-256. */
async function putVerified(objects: ObjectStore, key: string, bytes: Buffer, contentType: string): Promise<void> {
  await objects.put(key, bytes, contentType);
  const stored = await objects.get(key);
  if (!stored || sha256(stored) !== sha256(bytes)) {
    throw new BytesMigrationMismatch(`The bucket returned other bytes for '${key}' than were put (SHA-256 differs); nothing was freed`);
  }
}

/** The next files whose original bytes are in Postgres (file_blobs) and not yet in the bucket. */
async function nextFiles(db: Db, limit: number): Promise<{ id: string; sha256: string | null; media_type: string | null }[]> {
  return db('files as f')
    .join('file_blobs as b', 'b.file_id', 'f.id')
    .whereNull('f.object_key')
    .orderBy('f.id')
    .limit(limit)
    .select('f.id', 'f.sha256', 'f.media_type');
}

async function moveFile(db: Db, objects: ObjectStore, file: { id: string; sha256: string | null; media_type: string | null }): Promise<number> {
  const bytes = await postgresFileStore(db).get(file.id);
  if (!bytes) return 0; // deleted meanwhile
  if (file.sha256 && sha256(bytes) !== file.sha256) {
    throw new BytesMigrationMismatch(`File '${file.id}' in Postgres does not match its recorded SHA-256; left where it is`);
  }
  const key = objects.key(`files/${file.id}`);
  await putVerified(objects, key, bytes, file.media_type ?? 'application/octet-stream');
  const moved = await db.transaction(async (trx) => {
    const updated = await trx('files').where({ id: file.id }).whereNull('object_key').update({ object_key: key });
    if (updated === 0) return false;
    await trx('file_blobs').where({ file_id: file.id }).delete();
    return true;
  });
  // The file went away (or another run moved it) between the read and the update: no row names the object.
  if (!moved && !(await db('files').where({ id: file.id, object_key: key }).first('id'))) await objects.delete([key]);
  return moved ? bytes.length : 0;
}

async function moveRendition(db: Db, objects: ObjectStore, fileId: string): Promise<number> {
  // A file's page source is its rendition when it has one: here the PDF Postgres still holds.
  const bytes = await getPageSourceBytes(db, fileId);
  if (!bytes) return 0; // deleted meanwhile
  const key = objects.key(`renditions/${fileId}.pdf`);
  await putVerified(objects, key, bytes, 'application/pdf');
  const updated = await db('file_renditions').where({ file_id: fileId }).whereNull('pdf_key').update({ pdf_key: key, pdf: null });
  if (updated === 0 && !(await db('file_renditions').where({ file_id: fileId, pdf_key: key }).first('file_id'))) await objects.delete([key]);
  return updated > 0 ? bytes.length : 0;
}

/**
 * Move every file's and rendition's bytes from Postgres to the bucket; `onProgress` after each one.
 * Resumable: run it again after a stop and it goes on with what is left.
 */
export async function moveBytesToBucket(
  db: Db,
  objects: ObjectStore,
  onProgress: (done: BytesMigrationProgress) => void = () => {},
  pageSize = 100,
): Promise<BytesMigrationProgress> {
  const done: BytesMigrationProgress = { files: 0, renditions: 0, bytes: 0 };
  for (;;) {
    const files = await nextFiles(db, pageSize);
    if (files.length === 0) break;
    for (const file of files) {
      const bytes = await moveFile(db, objects, file);
      if (bytes > 0) Object.assign(done, { files: done.files + 1, bytes: done.bytes + bytes });
      onProgress(done);
    }
  }
  for (;;) {
    const renditions: { file_id: string }[] = await db('file_renditions').whereNull('pdf_key').whereNotNull('pdf').orderBy('file_id').limit(pageSize).select('file_id');
    if (renditions.length === 0) break;
    for (const { file_id: fileId } of renditions) {
      const bytes = await moveRendition(db, objects, fileId);
      if (bytes > 0) Object.assign(done, { renditions: done.renditions + 1, bytes: done.bytes + bytes });
      onProgress(done);
    }
  }
  return done;
}
