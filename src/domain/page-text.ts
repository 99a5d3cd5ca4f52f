// A stored file's page as text (GET /v1/files/{id}/pages/{n}/text): the text layer of the page the
// model sees, with each word's box in page fractions (the coordinates of provenance boxes) and
// where the text came from (`source`: the PDF, a converter's rendition, OCR of a page without text,
// or none). A page not yet read with OCR is read now (src/domain/page-layer.ts). Words drawn
// inside a spreadsheet cell's box carry that cell's sheet and A1 reference.
import type { Config } from '../config/index.js';
import { isDocumentError, type CellRef, type PageBox } from '../documents/index.js';
import { notFound, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { getPageCells } from '../storage/file-renditions.js';
import type { FileRecord } from './files.js';
import { fileDocument } from './page-images.js';
import type { TextSource } from './page-layer.js';
import { asServiceError } from './document-errors.js';

export interface PageTextWord {
  text: string;
  box: PageBox;
  /** OCR words: tesseract's confidence, 0..1. */
  confidence?: number;
  sheet?: string;
  cell?: string;
}

export interface PageTextResponse {
  page: number;
  source: TextSource;
  text: string;
  words: PageTextWord[];
  /** Set when the page's OCR ran past SERVICE_OCR_TIMEOUT_S. */
  warning?: string;
}

export async function filePageText(db: Db, config: Config, file: FileRecord, page: number): Promise<PageTextResponse> {
  const doc = await fileDocument(db, file.id);
  if (!doc.pageType) throw serviceError('unsupported_media_type', `File '${file.id}' has no pages that can be read`);
  try {
    const pageCount = await doc.pageCount(config);
    if (page > pageCount) {
      throw serviceError('not_found', `File '${file.id}' has ${pageCount} page${pageCount === 1 ? '' : 's'}; there is no page ${page}`);
    }
    const layer = await doc.pageLayer(config, page);
    const cells = file.kind === 'spreadsheet' && layer.source === 'converter' ? await getPageCells(db, file.id, page) : [];
    return {
      page,
      source: layer.source,
      text: layer.text,
      words: cells.length > 0 ? layer.words.map((w) => withCell(w, cells)) : layer.words,
      ...(layer.warning ? { warning: layer.warning } : {}),
    };
  } catch (err) {
    throw asServiceError(err);
  }
}

/** The word, with the sheet and cell whose box holds its centre (cells do not overlap). */
export function withCell(word: { text: string; box: PageBox; confidence?: number }, cells: CellRef[]): PageTextWord {
  const x = (word.box.x0 + word.box.x1) / 2;
  const y = (word.box.y0 + word.box.y1) / 2;
  const cell = cells.find((c) => x >= c.box.x0 && x <= c.box.x1 && y >= c.box.y0 && y <= c.box.y1);
  return cell ? { ...word, sheet: cell.sheet, cell: cell.cell } : word;
}

