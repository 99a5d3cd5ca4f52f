// Files stored out of one upload (an e-mail and the files of its attachments): their rows, bytes
// and renditions, and the links between them.
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
