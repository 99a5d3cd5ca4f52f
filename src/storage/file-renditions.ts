// Renditions: the PDF a file's pages are read from when the upload is not itself a PDF or an
// image (a workbook drawn as grids, an e-mail's header block and body), with a spreadsheet's cells.
import type { CellRef, Rendition } from '../documents/formats/types.js';
import type { Db } from './db.js';
import { postgresFileStore } from './file-store.js';

export async function storeRendition(trx: Db, fileId: string, rendition: Rendition): Promise<void> {
  if (!rendition.pdf) return; // the upload's own bytes are its pages
  await trx('file_renditions').insert({
    file_id: fileId,
    kind: rendition.kind,
    page_count: rendition.pageCount,
    pdf: Buffer.from(rendition.pdf.buffer, rendition.pdf.byteOffset, rendition.pdf.byteLength),
    cells: rendition.cells ? JSON.stringify(rendition.cells) : null,
  });
}

/**
 * The bytes a file's pages are read from: its rendition's PDF when it has one, otherwise the
 * uploaded bytes. Undefined when the file has no stored content.
 */
export async function pageSourceBytes(db: Db, fileId: string): Promise<Buffer | undefined> {
  const row = await db('file_renditions').where({ file_id: fileId }).first(db.raw("encode(pdf, 'base64') as pdf"));
  if (row) return Buffer.from(row.pdf as string, 'base64');
  return (await postgresFileStore(db).get(fileId)) ?? undefined;
}

/** Where a spreadsheet's values are drawn; empty for any other file. */
export async function renditionCells(db: Db, fileId: string): Promise<CellRef[]> {
  const row = await db('file_renditions').where({ file_id: fileId }).first('cells');
  return (row?.cells as CellRef[] | null | undefined) ?? [];
}
