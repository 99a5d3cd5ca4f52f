// XLSX and XLSM as pages: each visible sheet's used range in pages of up to 100 rows, drawn as a
// grid with the values as the spreadsheet displays them, and where each value is drawn.
import { DocumentError } from '../errors.js';
import { drawGridPdf } from './grid-pdf.js';
import { computeFormulas } from './sheet-formulas.js';
import { ROWS_PER_PAGE, layoutPages, readWorkbook, sheetLayout, usesDate1904, visibleSheets, type SheetLayout } from './sheet-pages.js';
import type { Rendition } from './types.js';
import { checkZipBudget, isZip, zipEntries } from './zip-budget.js';

export type SpreadsheetMediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' | 'application/vnd.ms-excel.sheet.macroEnabled.12';

/** XLSX or XLSM when the bytes are a ZIP container holding a workbook (macros make it XLSM); otherwise null. */
export function detectSpreadsheet(bytes: Uint8Array): SpreadsheetMediaType | null {
  if (!isZip(bytes)) return null;
  let names: Set<string>;
  try {
    names = new Set(zipEntries(bytes).map((e) => e.name));
  } catch {
    return null; // not a readable container: whatever it is, it is not a workbook we can open
  }
  if (!names.has('xl/workbook.xml')) return null;
  return names.has('xl/vbaProject.bin') ? 'application/vnd.ms-excel.sheet.macroEnabled.12' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
}

export interface SpreadsheetOptions {
  /** Most bytes the container may decompress to (a zip bomb is refused with document_too_large). */
  maxDecompressedBytes: number;
  /** Most pages the rendition may have (document_too_many_pages past it), checked before drawing. */
  maxPages: number;
}

/** What a workbook may decompress to: far above any real one of SERVICE_MAX_PAGES pages' worth of rows. */
export const DEFAULT_MAX_DECOMPRESSED_BYTES = 128 * 1024 * 1024;

export async function convertSpreadsheet(bytes: Uint8Array, opts: SpreadsheetOptions): Promise<Rendition> {
  if (!isZip(bytes)) throw new DocumentError('document_corrupt', 'The spreadsheet is not an XLSX/XLSM container (no ZIP header)');
  const { entries } = checkZipBudget(bytes, opts.maxDecompressedBytes);
  if (!entries.some((e) => e.name === 'xl/workbook.xml' || e.name === 'xl/workbook.bin')) {
    throw new DocumentError('document_corrupt', 'The ZIP container holds no workbook (xl/workbook.xml)');
  }
  let layouts: SheetLayout[];
  let warnings: Rendition['warnings'];
  try {
    // No sheet may give more than maxPages pages: rows past that are not even read.
    const wb = readWorkbook(bytes, opts.maxPages * ROWS_PER_PAGE + 1);
    const shown = visibleSheets(wb);
    warnings = computeFormulas(wb, shown);
    layouts = shown.map((name) => sheetLayout(name, wb.Sheets[name]!, ROWS_PER_PAGE, usesDate1904(wb))).filter((l): l is SheetLayout => l !== null);
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    throw new DocumentError('document_corrupt', `The workbook cannot be read: ${(err as Error).message}`, { cause: err });
  }
  const pageCount = layouts.reduce((n, l) => n + l.pageCount, 0);
  if (pageCount === 0) throw new DocumentError('document_empty', 'The workbook has no visible sheet with any value');
  if (pageCount > opts.maxPages) {
    throw new DocumentError('document_too_many_pages', `The workbook makes ${pageCount} pages; at most ${opts.maxPages} are accepted`);
  }
  // Pages are made as they are drawn: one page's rows at a time beside the workbook.
  const { pdf, cellGrids } = drawGridPdf((function* () { for (const l of layouts) yield* layoutPages(l); })());
  return { kind: 'spreadsheet', pdf, pageCount, cellGrids, ...(warnings.length > 0 ? { warnings } : {}) };
}
