// A converted file's PDF rendition (the bytes its pages are read from) and a spreadsheet's cell
// map, stored beside the original bytes (db/migrations/014_formats.ts). Files in PDF, PNG or JPEG
// have no rendition: their own bytes are the pages. The cell map is stored per page (`cell_grids`,
// 032): renditions stored before keep one JSON object per cell (`cells`), still read.
import { gridCells, type CellGrid, type CellRef } from '../documents/formats/types.js';
import type { Db } from './db.js';
import { deleteOnRollback } from './file-store.js';
import { objectStore, requireObjectStore } from './object-store.js';

/** Stores a rendition: in Postgres, or (SERVICE_STORAGE=s3) as an object written before its row. */
export async function putRendition(trx: Db, fileId: string, pdf: Uint8Array, cellGrids: CellGrid[] | undefined): Promise<void> {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const objects = objectStore();
  let stored: { pdf: Buffer | null; pdf_key?: string } = { pdf: bytes };
  if (objects) {
    const key = objects.key(`renditions/${fileId}.pdf`);
    await objects.put(key, bytes, 'application/pdf');
    deleteOnRollback(trx, objects, key);
    stored = { pdf: null, pdf_key: key };
  }
  await trx('file_renditions').insert({
    file_id: fileId,
    ...stored,
    cell_grids: cellGrids && cellGrids.length > 0 ? JSON.stringify(cellGrids) : null,
  });
}

/**
 * The bytes a file's pages are read from: its rendition where it has one, else its own bytes;
 * undefined when the file has no stored content. One read of the rows: the bytes when Postgres
 * holds them (as base64, see file-store.ts: faster than hex), else the key of the object that does.
 */
export async function getPageSourceBytes(db: Db, fileId: string): Promise<Buffer | undefined> {
  const row = await db('files as f')
    .leftJoin('file_renditions as r', 'r.file_id', 'f.id')
    .leftJoin('file_blobs as b', 'b.file_id', 'f.id')
    .where('f.id', fileId)
    .first(
      db.raw("encode(case when r.file_id is not null then r.pdf else b.content end, 'base64') as content"),
      db.raw('case when r.file_id is not null then r.pdf_key else f.object_key end as object_key'),
    );
  if (!row) return undefined;
  if (row.content !== null) return Buffer.from(row.content as string, 'base64');
  const key = row.object_key as string | null;
  return key ? ((await requireObjectStore().get(key)) ?? undefined) : undefined;
}

/** The spreadsheet cells drawn on a page (1-based) of a file's rendition; [] for other files. */
export async function getPageCells(db: Db, fileId: string, page: number): Promise<CellRef[]> {
  const row = await db('file_renditions')
    .where({ file_id: fileId })
    .first(
      db.raw(`(select jsonb_agg(g) from jsonb_array_elements(cell_grids) g where (g->>'page')::int = ?) as grids`, [page]),
      db.raw(`case when cell_grids is null then coalesce((select jsonb_agg(c) from jsonb_array_elements(cells) c where (c->>'page')::int = ?), '[]'::jsonb) end as cells`, [page]),
    );
  if (!row) return [];
  if (row.grids) return (row.grids as CellGrid[]).flatMap(gridCells);
  return (row.cells as CellRef[] | null) ?? [];
}

/** The spreadsheet cells drawn on `pages` (all pages when not given) of a file's rendition; [] for other files. */
export async function getRenditionCells(db: Db, fileId: string, pages?: number[]): Promise<CellRef[]> {
  if (pages?.length === 0) return [];
  const wanted = pages ? new Set(pages) : null;
  const row = await db('file_renditions').where({ file_id: fileId }).first('cell_grids', db.raw('case when cell_grids is null then cells end as cells'));
  if (row?.cell_grids) return (row.cell_grids as CellGrid[]).filter((g) => !wanted || wanted.has(g.page)).flatMap(gridCells);
  return ((row?.cells as CellRef[] | null | undefined) ?? []).filter((c) => !wanted || wanted.has(c.page));
}

/** What the files row knows of a file's pages: its kind, media type, stored page count, and whether its pages are a rendition. */
export interface PageFacts {
  kind: string | null;
  media_type: string;
  page_count: number | null;
  has_rendition: boolean;
}

export async function getPageFacts(db: Db, fileId: string): Promise<PageFacts | undefined> {
  const row = await db('files as f')
    .leftJoin('file_renditions as r', 'r.file_id', 'f.id')
    .where('f.id', fileId)
    .first('f.kind', 'f.media_type', 'f.page_count', db.raw('(r.file_id is not null) as has_rendition'));
  if (!row) return undefined;
  return { kind: row.kind ?? null, media_type: row.media_type, page_count: row.page_count == null ? null : Number(row.page_count), has_rendition: Boolean(row.has_rendition) };
}

/** Records the page count of a file stored without one (a PDF stored before 0.6), once counted. */
export async function recordPageCount(db: Db, fileId: string, pageCount: number): Promise<void> {
  await db('files').where({ id: fileId }).whereNull('page_count').update({ page_count: pageCount });
}
