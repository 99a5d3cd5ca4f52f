// A stored file's page as text (GET /v1/files/{id}/pages/{n}/text): the text layer of the page the
// model sees, with each word's box in page fractions (the coordinates of provenance boxes). Read
// from the file's rendition for converted formats; an image (a scan) has no text layer. Words drawn
// inside a spreadsheet cell's box carry that cell's sheet and A1 reference.
import type { Config } from '../config/index.js';
import { detectMediaType, isDocumentError, pageTextInPool, type CellRef, type PageBox } from '../documents/index.js';
import { notFound, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { getPageCells } from '../storage/file-renditions.js';
import type { FileRecord } from './files.js';
import { pageCountOf, pageSource } from './page-images.js';

export interface PageTextWord {
  text: string;
  box: PageBox;
  sheet?: string;
  cell?: string;
}

export interface PageTextResponse {
  page: number;
  text: string;
  words: PageTextWord[];
}

export async function filePageText(db: Db, config: Config, file: FileRecord, page: number): Promise<PageTextResponse> {
  const bytes = await pageSource(db, file.id);
  const kind = detectMediaType(bytes.subarray(0, 2048));
  if (!kind) throw serviceError('unsupported_media_type', `File '${file.id}' has no pages that can be read`);
  try {
    const pageCount = await pageCountOf(bytes, kind, config);
    if (page > pageCount) {
      throw serviceError('not_found', `File '${file.id}' has ${pageCount} page${pageCount === 1 ? '' : 's'}; there is no page ${page}`);
    }
    if (kind !== 'application/pdf') return { page, text: '', words: [] };
    const layer = await pageTextInPool(bytes, page - 1);
    const cells = file.kind === 'spreadsheet' ? await getPageCells(db, file.id, page) : [];
    return { page, text: layer.text, words: cells.length > 0 ? layer.words.map((w) => withCell(w, cells)) : layer.words };
  } catch (err) {
    if (isDocumentError(err)) throw serviceError(err.code, err.message);
    throw err;
  }
}

/** The word, with the sheet and cell whose box holds its centre (cells do not overlap). */
export function withCell(word: { text: string; box: PageBox }, cells: CellRef[]): PageTextWord {
  const x = (word.box.x0 + word.box.x1) / 2;
  const y = (word.box.y0 + word.box.y1) / 2;
  const cell = cells.find((c) => x >= c.box.x0 && x <= c.box.x1 && y >= c.box.y0 && y <= c.box.y1);
  return cell ? { ...word, sheet: cell.sheet, cell: cell.cell } : word;
}

