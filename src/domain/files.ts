import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { detectMediaType, checkDeclaredType } from '../documents/sniff.js';
import { notFound, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { FILE_CHUNK_BYTES, postgresFileStore } from '../storage/file-store.js';
import { isForeignKeyViolation } from '../storage/pg-errors.js';
import { newId } from './ids.js';
import { keysetPage, type Page, type PageRequest } from '../storage/pagination.js';

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

/**
 * Store an upload after checking its type from the bytes. The content is read as a stream (e.g. of
 * the upload's temporary file) and stored chunk by chunk, hashed on the way, so the upload is never
 * held in memory whole.
 */
export async function createFile(
  db: Db,
  input: { content: AsyncIterable<Buffer | Uint8Array>; filename: string | null | undefined; declaredType: string | null | undefined },
): Promise<FileRecord> {
  const chunks = inChunksOf(FILE_CHUNK_BYTES, input.content)[Symbol.asyncIterator]();
  try {
    return await storeChunks(db, chunks, input);
  } finally {
    await chunks.return(undefined); // stop reading the source if we stopped early
  }
}

async function storeChunks(
  db: Db,
  chunks: AsyncIterator<Buffer, undefined>,
  input: { filename: string | null | undefined; declaredType: string | null | undefined },
): Promise<FileRecord> {
  // Every chunk but the last is full, so the first one holds the whole signature window.
  const first = await chunks.next();
  if (first.done) throw serviceError('empty_file', 'The uploaded file is empty');
  const detected = detectMediaType(first.value.subarray(0, 2048));
  if (!detected) {
    throw serviceError('unsupported_media_type', 'Only PDF, PNG and JPEG files are accepted; the bytes are none of these');
  }
  const check = checkDeclaredType(input.declaredType ?? undefined, detected);
  if (!check.ok) {
    throw serviceError(
      'unsupported_media_type',
      `The declared media type '${input.declaredType}' does not match the file's bytes (${detected})`,
    );
  }
  const id = newId('file');
  const hash = createHash('sha256');
  let size = 0;
  async function* hashed(): AsyncGenerator<Buffer> {
    for (let next = first; !next.done; next = await chunks.next()) {
      hash.update(next.value);
      size += next.value.length;
      yield next.value;
    }
  }
  const saved = await db.transaction(async (trx) => {
    // The blob references the record, so the record goes first; its size and hash are known only
    // once every chunk is stored, and are filled in before the transaction commits.
    await trx('files').insert({ id, filename: cleanFilename(input.filename), media_type: detected, size_bytes: 0, sha256: '' });
    await postgresFileStore(db).put(id, hashed(), trx);
    const [updated] = await trx('files')
      .where({ id })
      .update({ size_bytes: size, sha256: hash.digest('hex') })
      .returning(COLUMNS);
    return updated;
  });
  return toFileRecord(saved);
}

/** Re-slices a byte stream into chunks of exactly `size` bytes (the last one may be shorter, never empty). */
async function* inChunksOf(size: number, source: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let rest = Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, rest.subarray(0, take)]);
      pending = [];
      pendingBytes = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
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

/** The record and a stream of the content, read from storage in chunks as it is consumed. */
export async function getFileContent(db: Db, id: string): Promise<{ file: FileRecord; content: Readable }> {
  const file = await getFile(db, id);
  const content = await postgresFileStore(db).stream(id);
  if (!content) throw notFound('File content', id);
  return { file, content };
}

/** Delete a file; the foreign keys of jobs refuse it while any job references it. */
export async function deleteFile(db: Db, id: string): Promise<void> {
  try {
    const n = await db('files').where({ id }).delete();
    if (n === 0) throw notFound('File', id);
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw serviceError('file_in_use', `File '${id}' is referenced by jobs; delete those jobs first`);
    }
    throw err;
  }
}
