// A workbook as pages: which rows of which visible sheet go on which page, with the values as the
// spreadsheet displays them. Pure: the drawing is grid-pdf.ts's job.
import * as XLSX from '@e965/xlsx';

/** Rows of a sheet's used range per page; each following page repeats the first row as a header. */
export const ROWS_PER_PAGE = 100;

export interface SheetCell {
  /** A1 reference, e.g. "B7". */
  ref: string;
  /** The value as displayed. */
  text: string;
}

/** One row of a page: its cells by column offset from the used range's first column ('' for an empty cell). */
export interface PageRow {
  /** Row number as in the spreadsheet (1-based). */
  row: number;
  cells: (SheetCell | null)[];
}

export interface SheetPage {
  sheet: string;
  /** Column letters of the used range, left to right. */
  columns: string[];
  rows: PageRow[];
  /** True when rows[0] is the sheet's first row repeated as a header. */
  repeatsHeader: boolean;
}

// Built-in format 14 is "the system's short date", which Excel shows in the reader's locale (SheetJS
// reads it as `m/d/yy`); an ISO date is what no reader can misread (`2026-03-01`, not `3/1/26`).
const SYSTEM_SHORT_DATE = 'm/d/yy';
const ISO_DATE = 'yyyy-mm-dd';

/** Reads the workbook (already checked against the decompression budget) into SheetJS's dense form. */
export function readWorkbook(bytes: Uint8Array, maxRows?: number): XLSX.WorkBook {
  return XLSX.read(bytes, {
    type: 'buffer',
    ...(maxRows ? { sheetRows: maxRows } : {}),
    dense: true,
    cellText: true, // `w`: the displayed text, through the cell's number format
    cellNF: true, // `z`: the number format, to show the system short date as an ISO date
    cellDates: false,
    cellHTML: false,
    cellFormula: false,
    cellStyles: false,
    bookVBA: false,
    WTF: false,
  });
}

/** The visible sheets in workbook order (hidden and very hidden ones skipped). */
export function visibleSheets(wb: XLSX.WorkBook): string[] {
  const meta = wb.Workbook?.Sheets ?? [];
  return wb.SheetNames.filter((name, i) => {
    const hidden = meta.find((s) => s.name === name)?.Hidden ?? meta[i]?.Hidden ?? 0;
    return hidden === 0;
  });
}

/** The displayed text of a cell, or '' when it shows nothing. */
export function displayedText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.t === 'z') return '';
  if (cell.t === 'n' && cell.z === SYSTEM_SHORT_DATE && typeof cell.v === 'number') return XLSX.SSF.format(ISO_DATE, cell.v);
  if (typeof cell.w === 'string') return cell.w;
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.t === 'n' && typeof cell.v === 'number') return XLSX.SSF.format(cell.z ?? 'General', cell.v);
  return cell.v === undefined || cell.v === null ? '' : String(cell.v);
}

/**
 * The pages of one sheet: none when it shows nothing; otherwise one per ROWS_PER_PAGE rows of the
 * used range (trimmed to the cells that show something), each following page headed by the first row.
 */
export function sheetPages(name: string, sheet: XLSX.WorkSheet, rowsPerPage = ROWS_PER_PAGE): SheetPage[] {
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  // The used range as the cells that display something: `!ref` may count formatted empty cells.
  let r0 = Infinity, r1 = -1, c0 = Infinity, c1 = -1;
  data.forEach((row, r) => {
    row?.forEach((cell, c) => {
      if (displayedText(cell) === '') return;
      r0 = Math.min(r0, r); r1 = Math.max(r1, r);
      c0 = Math.min(c0, c); c1 = Math.max(c1, c);
    });
  });
  if (r1 < 0) return [];
  const columns: string[] = [];
  for (let c = c0; c <= c1; c++) columns.push(XLSX.utils.encode_col(c));
  const rowAt = (r: number): PageRow => {
    const cells: (SheetCell | null)[] = [];
    for (let c = c0; c <= c1; c++) {
      const text = displayedText(data[r]?.[c]);
      cells.push(text === '' ? null : { ref: XLSX.utils.encode_cell({ r, c }), text });
    }
    return { row: r + 1, cells };
  };
  const pages: SheetPage[] = [];
  for (let start = r0; start <= r1; start += rowsPerPage) {
    const rows: PageRow[] = [];
    const repeatsHeader = start > r0;
    if (repeatsHeader) rows.push(rowAt(r0));
    for (let r = start; r <= Math.min(r1, start + rowsPerPage - 1); r++) rows.push(rowAt(r));
    pages.push({ sheet: name, columns, rows, repeatsHeader });
  }
  return pages;
}
