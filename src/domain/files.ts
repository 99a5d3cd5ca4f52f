import type { Readable } from 'node:stream';
import type { Config } from '../config/index.js';
import { needsConversion } from '../documents/sniff.js';
import type { ConversionWarning, FileKind } from '../documents/formats/types.js';
import { notFound, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { putRendition } from '../storage/file-renditions.js';
import { FILE_CHUNK_BYTES, fileStore } from '../storage/file-store.js';
import { convertAccepted, uploadFormat } from './upload-formats.js';
import { isForeignKeyViolation } from '../storage/pg-errors.js';
import { newId } from './ids.js';
import { keysetPage, type Page, type PageRequest } from '../storage/pagination.js';
import { cleanFilename } from './file-names.js';
import { attachmentIdsOf, insertStreamedFile } from '../storage/file-tree.js';
import { storeUploadTree } from './upload-tree.js';
import { objectKeysOfFileTrees, removeObjects } from '../storage/file-objects.js';
import { readImageHeader } from '../documents/image-header.js';
import { DEFAULT_MAX_IMAGE_PIXELS } from '../documents/index.js';
import type { SkippedAttachment } from './email-attachments.js';

export interface FileRecord {
  id: string;
  filename: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
  /** What the file is, whatever its format: every kind has pages. */
  kind: FileKind;
  /** Pages (a converted file: of its rendition); null for a PDF stored before 0.6 or one that cannot be read. */
  page_count: number | null;
  created_at: string;
  /** The e-mail this file was attached to (null for an upload). */
  parent_file_id: string | null;
  /** Its name in that e-mail (null for an upload). */
  attachment_filename: string | null;
  /**
   * Which made the pages of an Office file: `libreoffice` (DOCX and PPTX where installed; ODT,
   * ODS, ODP, RTF, DOC, XLS, PPT), or `builtin` (DOCX and PPTX drawn by the service); null otherwise.
   */
  converter: 'libreoffice' | 'builtin' | null;
  /** The files made of this e-mail's attachments, in attachment order (empty for other files). */
  attachment_file_ids: string[];
  /** This e-mail's attachments that were not stored as files, and why. */
  skipped_attachments: SkippedAttachment[];
  /** What its conversion could not do faithfully (a spreadsheet formula not computed); empty for most files. */
  warnings: ConversionWarning[];
}

const COLUMNS = ['id', 'filename', 'media_type', 'size_bytes', 'sha256', 'kind', 'page_count', 'created_at', 'parent_file_id', 'attachment_filename', 'skipped_attachments', 'warnings', 'converter'];

export function toFileRecord(row: any, attachmentFileIds: string[] = []): FileRecord {
  return {
    id: row.id,
    filename: row.filename,
    media_type: row.media_type,
    size_bytes: Number(row.size_bytes),
    sha256: row.sha256,
    // Rows written without a kind (before 0.6, or by a test) are PDFs or images.
    kind: row.kind ?? (row.media_type === 'application/pdf' ? 'pdf' : 'image'),
    page_count: row.page_count == null ? null : Number(row.page_count),
    created_at: new Date(row.created_at).toISOString(),
    parent_file_id: row.parent_file_id ?? null,
    attachment_filename: row.attachment_filename ?? null,
    converter: row.converter ?? null,
    attachment_file_ids: attachmentFileIds,
    skipped_attachments: row.skipped_attachments ?? [],
    warnings: row.warnings ?? [],
  };
}

/** Records of rows, each with the ids of its attachments (one query for all of them). */
async function withAttachments(db: Db, rows: any[]): Promise<FileRecord[]> {
  const ids = await attachmentIdsOf(db, rows.map((r) => r.id as string));
  return rows.map((r) => toFileRecord(r, ids.get(r.id) ?? []));
}

export { cleanFilename } from './file-names.js';

/**
 * Store an upload after checking its type from the bytes. The content is read as a stream (e.g. of
 * the upload's temporary file) and stored chunk by chunk, hashed on the way. A PDF, PNG or JPEG is
 * stored as it is (its pages counted on the way); any other format is read whole and goes through
 * the upload dispatcher (upload-formats.ts, upload-tree.ts): converted in the render pool to a PDF
 * rendition and stored with it (an e-mail with its attachments' files), or refused with nothing
 * stored.
 */
export async function createFile(
  db: Db,
  config: Config,
  input: { content: AsyncIterable<Buffer | Uint8Array>; filename: string | null | undefined; declaredType: string | null | undefined },
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
  storedAt?: string,
): Promise<FileRecord> {
  const chunks = inChunksOf(FILE_CHUNK_BYTES, input.content)[Symbol.asyncIterator]();
  try {
    return await storeChunks(db, config, chunks, input, limits, storedAt);
  } finally {
    await chunks.return(undefined); // stop reading the source if we stopped early
  }
}

/** Limits of what one upload may become beyond its pages (SERVICE_MAX_ATTACHMENTS; pages: config.maxPages). */
export interface UploadLimits {
  maxAttachments: number;
  /**
   * Largest upload of a format converted at upload (read whole): SERVICE_MAX_UPLOAD_BYTES. Set for a
   * direct upload, whose size only SERVICE_MAX_DIRECT_UPLOAD_BYTES bounds; a multipart upload is
   * bounded before it gets here.
   */
  maxConvertedBytes?: number;
}

const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxAttachments: 50 };

async function storeChunks(
  db: Db,
  config: Config,
  chunks: AsyncIterator<Buffer, undefined>,
  input: { filename: string | null | undefined; declaredType: string | null | undefined },
  limits: UploadLimits,
  storedAt: string | undefined,
): Promise<FileRecord> {
  // Every chunk but the last is full, so the first one holds the whole signature window.
  const first = await chunks.next();
  if (first.done) throw serviceError('empty_file', 'The uploaded file is empty');
  if (needsConversion(first.value.subarray(0, 2048))) {
    // Not a PDF or an image: converted into pages, so read whole (bounded by SERVICE_MAX_UPLOAD_BYTES).
    const whole: Buffer[] = [];
    let wholeBytes = 0;
    for (let next: IteratorResult<Buffer, undefined> = first; !next.done; next = await chunks.next()) {
      wholeBytes += next.value.length;
      if (limits.maxConvertedBytes !== undefined && wholeBytes > limits.maxConvertedBytes) {
        throw serviceError(
          'file_too_large',
          `The file is of a format converted at upload (not PDF, PNG or JPEG), read whole: at most ${limits.maxConvertedBytes} bytes (SERVICE_MAX_UPLOAD_BYTES)`,
        );
      }
      whole.push(next.value);
    }
    const bytes = Buffer.concat(whole);
    // One path for every such format, attachments and all (upload-tree.ts, upload-formats.ts).
    return getFile(db, await storeUploadTree(db, config, bytes, { filename: input.filename, declaredType: input.declaredType }, limits));
  }
  // Its registry entry (pdf, png, jpeg: pages 'original') and the declared type's check, as for every upload.
  const format = uploadFormat(first.value, { filename: input.filename, declaredType: input.declaredType });
  // An image bomb (a PNG or JPEG whose header claims more than 100 megapixels) is refused from its
  // header, as the converted image formats are, before anything is stored or decoded.
  const header = format.format === 'pdf' ? null : readImageHeader(first.value);
  if (header && header.width * header.height > DEFAULT_MAX_IMAGE_PIXELS) {
    throw serviceError(
      'document_too_large',
      `The image is ${header.width} × ${header.height} pixels (by its ${header.format.toUpperCase()} header); at most ${DEFAULT_MAX_IMAGE_PIXELS} pixels are accepted.`,
    );
  }
  // A PDF's chunks are kept to count its pages once stored (an image has one).
  const kept: Buffer[] | null = format.format === 'pdf' ? [] : null;
  async function* chunksFromFirst(): AsyncGenerator<Buffer> {
    for (let next = first; !next.done; next = await chunks.next()) {
      kept?.push(next.value);
      yield next.value;
    }
  }
  const id = newId('file');
  const saved = await insertStreamedFile(db, { id, filename: cleanFilename(input.filename), media_type: format.mediaType, kind: format.kind }, chunksFromFirst(), async (trx) => {
    // Its page count and, for a filled PDF form, the rendition with the values drawn in: as the dispatcher makes them for any upload.
    const pages = await convertAccepted(kept ? Buffer.concat(kept) : Buffer.alloc(0), format, config);
    if (pages.rendition?.pdf) await putRendition(trx, id, pages.rendition.pdf, undefined);
    return { page_count: pages.pageCount };
  }, COLUMNS, storedAt);
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
  return (await withAttachments(db, [row]))[0]!;
}

/**
 * Files newest first; with `parentFileId`, the attachments of that e-mail in attachment order
 * (an e-mail's attachments are stored with created_at just before its own, in that order: see
 * src/storage/file-tree.ts).
 */
export async function listFiles(db: Db, page: PageRequest & { parentFileId?: string }): Promise<Page<FileRecord>> {
  const query = db('files').select(COLUMNS);
  if (page.parentFileId !== undefined) query.where({ parent_file_id: page.parentFileId });
  const found = await keysetPage<any>(query, page);
  return { rows: await withAttachments(db, found.rows), nextCursor: found.nextCursor };
}

/** The record and a stream of the content, read from storage in chunks as it is consumed. */
export async function getFileContent(db: Db, id: string): Promise<{ file: FileRecord; content: Readable }> {
  const file = await getFile(db, id);
  const content = await fileStore(db).stream(id);
  if (!content) throw notFound('File content', id);
  return { file, content };
}

/**
 * Delete a file, and with an e-mail the files of its attachments (parent_file_id cascades); the
 * foreign keys of jobs and evaluation items refuse the whole delete while any of them is referenced.
 */
export async function deleteFile(db: Db, id: string): Promise<void> {
  try {
    // With SERVICE_STORAGE=s3: its objects and its attachments', removed once the rows are gone.
    const keys = await objectKeysOfFileTrees(db, [id]);
    const n = await db('files').where({ id }).delete();
    if (n === 0) throw notFound('File', id);
    await removeObjects(keys);
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw serviceError('file_in_use', `File '${id}' or one of its attachments is referenced by jobs or evaluation items; delete those first`);
    }
    throw err;
  }
}
