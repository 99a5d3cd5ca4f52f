// Where `files` rows are written: the files stored out of one upload read whole (an e-mail and the
// files of its attachments: their rows, bytes and renditions, and the links between them), and an
// upload streamed in (a PDF, PNG or JPEG).
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Rendition } from '../documents/formats/types.js';
import type { Db } from './db.js';
import { putRendition } from './file-renditions.js';
import { fileStore } from './file-store.js';

export interface TreeFileRow {
  id: string;
  filename: string;
  media_type: string;
  kind: string;
  page_count: number | null;
  size_bytes: number;
  sha256: string;
  parent_file_id: string | null;
  attachment_filename: string | null;
  attachment_index: number | null;
  skipped_attachments: unknown[];
  /** Which made a Word or PowerPoint file's pages (libreoffice, builtin); null for other files. */
  converter?: string | null;
}

/**
 * Stores the files of one upload in one transaction, the upload first. Lists are newest first by
 * (created_at, id): each later file is stored one microsecond before the one above it, so an
 * e-mail's attachments list in attachment order, right after the e-mail, and keyset paging needs
 * nothing new.
 */
export async function insertFileTree(db: Db, files: { row: TreeFileRow; content: Buffer; rendition: Rendition | null }[]): Promise<void> {
  const rootId = files[0]?.row.id;
  await db.transaction(async (trx) => {
    for (const [seq, { row, content, rendition }] of files.entries()) {
      await trx('files').insert({
        ...row,
        skipped_attachments: JSON.stringify(row.skipped_attachments),
        warnings: JSON.stringify(rendition?.warnings ?? []),
        ...(seq > 0 ? { created_at: trx.raw(`(select created_at from files where id = ?) - ? * interval '1 microsecond'`, [rootId, seq]) } : {}),
      });
      await fileStore(db).put(row.id, content, trx);
      if (rendition?.pdf) await putRendition(trx, row.id, rendition.pdf, rendition.cellGrids);
    }
  });
}

/**
 * Stores a file as its bytes stream in, in one transaction: the row first (the blob references
 * it), then the chunks, hashed and counted on the way, then what is known only once all are in —
 * its size and hash, and what `complete` adds (its page count; it may store a rendition). Answers
 * the row's `columns`. With `storedAt` (a direct upload's object, already in the bucket) the chunks
 * are that object's, read to hash and count them, and the row names it instead of a copy.
 */
export async function insertStreamedFile(
  db: Db,
  row: { id: string; filename: string; media_type: string; kind: string },
  content: AsyncIterable<Buffer>,
  complete: (trx: Knex.Transaction) => Promise<{ page_count: number | null }>,
  columns: string[],
  storedAt?: string,
): Promise<Record<string, unknown>> {
  return db.transaction(async (trx) => {
    await trx('files').insert({ ...row, size_bytes: 0, sha256: '' });
    const hash = createHash('sha256');
    let size = 0;
    async function* hashed(): AsyncGenerator<Buffer> {
      for await (const chunk of content) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    }
    if (storedAt === undefined) {
      await fileStore(db).put(row.id, hashed(), trx);
    } else {
      for await (const _chunk of hashed()) void _chunk;
      await trx('files').where({ id: row.id }).update({ object_key: storedAt });
    }
    const more = await complete(trx);
    const [updated] = await trx('files')
      .where({ id: row.id })
      .update({ size_bytes: size, sha256: hash.digest('hex'), ...more })
      .returning(columns);
    return updated;
  });
}

/** The ids of the attachment files of each of `parentIds`, in attachment order. */
export async function attachmentIdsOf(db: Db, parentIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (parentIds.length === 0) return out;
  const rows = await db('files')
    .whereIn('parent_file_id', parentIds)
    .orderBy([{ column: 'parent_file_id' }, { column: 'attachment_index' }])
    .select('id', 'parent_file_id');
  for (const r of rows) {
    const list = out.get(r.parent_file_id) ?? [];
    list.push(r.id);
    out.set(r.parent_file_id, list);
  }
  return out;
}
