import { createHash } from 'node:crypto';
import path from 'node:path';
import { detectMediaType, checkDeclaredType } from '../documents/sniff.js';
import { ApiError, conflict, notFound } from '../http/errors.js';
import type { Db } from '../storage/db.js';
import { postgresFileStore } from '../storage/file-store.js';
import { isForeignKeyViolation } from '../storage/pg-errors.js';
import { newId } from './ids.js';
import { keysetPage, type Page, type PageRequest } from '../http/pagination.js';

export interface FileRecord {
  id: string;
  filename: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
  created_at: string;
}

const COLUMNS = ['id', 'filename', 'media_type', 'size_bytes', 'sha256', 'created_at'];

export function toFileRecord(row: any): FileRecord {
  return {
    id: row.id,
    filename: row.filename,
    media_type: row.media_type,
    size_bytes: Number(row.size_bytes),
    sha256: row.sha256,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * Keep the name a client gave, minus anything that could act as a path or break a header:
 * directory parts, control characters, and excess length.
 */
export function cleanFilename(raw: string | null | undefined): string {
  const base = path.posix.basename(String(raw ?? '').replace(/\\/g, '/'));
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\uFFFD/g, '_').trim();
  const safe = cleaned === '.' || cleaned === '..' ? '' : cleaned;
  return (safe || 'upload').slice(0, 255);
}

/** Store an upload after checking its type from the bytes. */
export async function createFile(
  db: Db,
  input: { bytes: Buffer; filename: string | null | undefined; declaredType: string | null | undefined },
): Promise<FileRecord> {
  if (input.bytes.length === 0) throw new ApiError(400, 'empty_file', 'The uploaded file is empty');
  const detected = detectMediaType(input.bytes.subarray(0, 2048));
  if (!detected) {
    throw new ApiError(400, 'unsupported_media_type', 'Only PDF, PNG and JPEG files are accepted; the bytes are none of these');
  }
  const check = checkDeclaredType(input.declaredType ?? undefined, detected);
  if (!check.ok) {
    throw new ApiError(
      400,
      'unsupported_media_type',
      `The declared media type '${input.declaredType}' does not match the file's bytes (${detected})`,
    );
  }
  const row = {
    id: newId('file'),
    filename: cleanFilename(input.filename),
    media_type: detected,
    size_bytes: input.bytes.length,
    sha256: createHash('sha256').update(input.bytes).digest('hex'),
  };
  const saved = await db.transaction(async (trx) => {
    const [inserted] = await trx('files').insert(row).returning(COLUMNS);
    await postgresFileStore(db).put(row.id, input.bytes, trx);
    return inserted;
  });
  return toFileRecord(saved);
}

export async function getFile(db: Db, id: string): Promise<FileRecord> {
  const row = await db('files').where({ id }).first(COLUMNS);
  if (!row) throw notFound('File', id);
  return toFileRecord(row);
}

export async function listFiles(db: Db, page: PageRequest): Promise<Page<FileRecord>> {
  const found = await keysetPage<any>(db('files').select(COLUMNS), page);
  return { rows: found.rows.map(toFileRecord), nextCursor: found.nextCursor };
}

export async function getFileContent(db: Db, id: string): Promise<{ file: FileRecord; bytes: Buffer }> {
  const file = await getFile(db, id);
  const bytes = await postgresFileStore(db).get(id);
  if (!bytes) throw notFound('File content', id);
  return { file, bytes };
}

/** Delete a file; the foreign keys of jobs refuse it while any job references it. */
export async function deleteFile(db: Db, id: string): Promise<void> {
  try {
    const n = await db('files').where({ id }).delete();
    if (n === 0) throw notFound('File', id);
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw conflict('file_in_use', `File '${id}' is referenced by jobs; delete those jobs first`);
    }
    throw err;
  }
}
