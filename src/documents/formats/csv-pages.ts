// CSV as pages: the rows drawn as a grid, up to 100 a page with the first row repeated as the header
// of each following page — the way a spreadsheet's sheet becomes pages (sheet-pages.ts), and with
// the same drawing (grid-pdf.ts). Laying a CSV out as an HTML table instead made mupdf's layout
// time grow faster than the rows (8,000 rows took 65 s); the grid is drawn in time linear in them.
import { parse as parseCsv } from 'csv-parse/sync';
import * as XLSX from '@e965/xlsx';
import { DocumentError } from '../errors.js';
import { decodeText } from '../sniff.js';
import { drawGridPdf } from './grid-pdf.js';
import { ROWS_PER_PAGE, type PageRow, type SheetPage } from './sheet-pages.js';
import type { Rendition } from './types.js';

/** The CSV's rows (quoted fields, embedded commas and line breaks read as CSV defines them). */
export function csvRows(bytes: Uint8Array): string[][] {
  const text = decodeText(bytes);
  if (text === null) throw new DocumentError('document_corrupt', 'The text is neither UTF-8 nor UTF-16 with a byte order mark.');
  try {
    return parseCsv(text, { relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true });
  } catch (err) {
    throw new DocumentError('document_corrupt', `The CSV could not be read (${(err as Error).message}).`, { cause: err });
  }
}

/** The rows as grid pages: ROWS_PER_PAGE rows each, every page after the first headed by row 1. */
export function csvPages(rows: string[][], rowsPerPage = ROWS_PER_PAGE): SheetPage[] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, c) => XLSX.utils.encode_col(c));
  const rowAt = (r: number): PageRow => ({
    row: r + 1,
    cells: columns.map((_, c) => {
      const text = rows[r]![c] ?? '';
      return text === '' ? null : { ref: XLSX.utils.encode_cell({ r, c }), text };
    }),
  });
  const pages: SheetPage[] = [];
  for (let start = 0; start < rows.length; start += rowsPerPage) {
    const repeatsHeader = start > 0;
    const pageRows = repeatsHeader ? [rowAt(0)] : [];
    for (let r = start; r < Math.min(rows.length, start + rowsPerPage); r++) pageRows.push(rowAt(r));
    // No caption: a CSV has no sheet name.
    pages.push({ sheet: '', columns, rows: pageRows, repeatsHeader });
  }
  return pages;
}

export async function convertCsv(bytes: Uint8Array, opts: { maxPages: number }): Promise<Rendition> {
  const rows = csvRows(bytes);
  if (rows.length === 0 || rows.every((r) => r.every((v) => v === ''))) throw new DocumentError('document_empty', 'The CSV has no values.');
  const pageCount = Math.ceil(rows.length / ROWS_PER_PAGE);
  // Checked before anything is drawn.
  if (pageCount > opts.maxPages) {
    throw new DocumentError('document_too_many_pages', `The CSV makes ${pageCount} pages (${rows.length} rows, ${ROWS_PER_PAGE} a page); at most ${opts.maxPages} are accepted.`);
  }
  // A CSV is text: its cells' places are not stored (only a spreadsheet's words carry sheet and cell).
  const { pdf } = drawGridPdf(csvPages(rows));
  return { kind: 'text', pdf, pageCount };
}
