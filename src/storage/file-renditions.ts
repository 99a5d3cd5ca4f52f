// A converted file's PDF rendition (the bytes its pages are read from) and a spreadsheet's cell
// map, stored beside the original bytes (db/migrations/014_formats.ts). Files in PDF, PNG or JPEG
// have no rendition: their own bytes are the pages.
import type { CellRef } from '../documents/formats/types.js';
import type { Db } from './db.js';

export async function putRendition(trx: Db, fileId: string, pdf: Uint8Array, cells: CellRef[] | undefined): Promise<void> {
  await trx('file_renditions').insert({
    file_id: fileId,
    pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    cells: cells && cells.length > 0 ? JSON.stringify(cells) : null,
  });
}

/**
 * The bytes a file's pages are read from: its rendition where it has one, else its own bytes;
 * undefined when the file has no stored content. As base64 (see file-store.ts: faster than hex).
 */
export async function getPageSourceBytes(db: Db, fileId: string): Promise<Buffer | undefined> {
  const row = await db('file_blobs as b')
    .leftJoin('file_renditions as r', 'r.file_id', 'b.file_id')
    .where('b.file_id', fileId)
    .first(db.raw("encode(coalesce(r.pdf, b.content), 'base64') as content"));
  return row ? Buffer.from(row.content as string, 'base64') : undefined;
}

/** The spreadsheet cells drawn on a page (1-based) of a file's rendition; [] for other files. */
export async function getPageCells(db: Db, fileId: string, page: number): Promise<CellRef[]> {
  const row = await db('file_renditions')
    .where({ file_id: fileId })
    .first(db.raw(`coalesce((select jsonb_agg(c) from jsonb_array_elements(cells) c where (c->>'page')::int = ?), '[]'::jsonb) as cells`, [page]));
  return (row?.cells as CellRef[] | undefined) ?? [];
}

/** Every spreadsheet cell drawn in a file's rendition (all pages); [] for other files. */
export async function getRenditionCells(db: Db, fileId: string): Promise<CellRef[]> {
  const row = await db('file_renditions').where({ file_id: fileId }).first('cells');
  return (row?.cells as CellRef[] | null | undefined) ?? [];
}
