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
    // No `w` (the displayed text) read for every cell: displayedText formats a cell when its page is
    // drawn, and most cells (General numbers) need no formatter at all (issue 48: 40% of the read).
    cellText: false,
    cellNF: true, // `z`: the number format, to show the system short date as an ISO date
    cellDates: false,
    cellHTML: false,
    // Formulas, and the cells that hold one without a stored value (stubs): computed by sheet-formulas.ts.
    cellFormula: true,
    sheetStubs: true,
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

/** Excel's error values by their code (what SheetJS stores in `v` of an error cell). */
const ERRORS: Record<number, string> = { 0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A', 0x2b: '#GETTING_DATA' };

/**
 * A number as the General format shows it, without the formatter where the answer is plain: up
 * to 10 characters of JavaScript's shortest form need neither rounding nor an exponent.
 */
export function generalNumber(v: number): string {
  const plain = String(v);
  if (plain.length <= 10 && !plain.includes('e')) return plain;
  return XLSX.SSF.format('General', v);
}

/** Whether the workbook counts its dates from 1904 (Mac Excel's date system): serial numbers show other dates. */
export function usesDate1904(wb: XLSX.WorkBook): boolean {
  return !!wb.Workbook?.WBProps?.date1904;
}

/** The displayed text of a cell, or '' when it shows nothing (`date1904`: the workbook's date system). */
export function displayedText(cell: XLSX.CellObject | undefined, date1904 = false): string {
  if (!cell || cell.t === 'z') return '';
  if (cell.t === 'n' && typeof cell.v === 'number' && (cell.z === undefined || cell.z === 'General')) return generalNumber(cell.v);
  if (cell.t === 'e') return typeof cell.w === 'string' ? cell.w : (ERRORS[cell.v as number] ?? '#VALUE!');
  const options = date1904 ? { date1904: true } : undefined;
  if (cell.t === 'n' && cell.z === SYSTEM_SHORT_DATE && typeof cell.v === 'number') return XLSX.SSF.format(ISO_DATE, cell.v, options);
  if (typeof cell.w === 'string') return cell.w;
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.t === 'n' && typeof cell.v === 'number') return XLSX.SSF.format(cell.z ?? 'General', cell.v, options);
  return cell.v === undefined || cell.v === null ? '' : String(cell.v);
}

/** Where a sheet's pages come from: its used range (trimmed to the cells that show something) and page count. */
export interface SheetLayout {
  name: string;
  data: (XLSX.CellObject[] | undefined)[];
  r0: number; r1: number; c0: number; c1: number;
  rowsPerPage: number;
  pageCount: number;
  date1904: boolean;
}

/** The sheet's layout, or null when it shows nothing. */
export function sheetLayout(name: string, sheet: XLSX.WorkSheet, rowsPerPage = ROWS_PER_PAGE, date1904 = false): SheetLayout | null {
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  // The used range as the cells that display something: `!ref` may count formatted empty cells.
  let r0 = Infinity, r1 = -1, c0 = Infinity, c1 = -1;
  data.forEach((row, r) => {
    row?.forEach((cell, c) => {
      if (!cell || cell.t === 'z') return;
      if (displayedText(cell, date1904) === '') return;
      r0 = Math.min(r0, r); r1 = Math.max(r1, r);
      c0 = Math.min(c0, c); c1 = Math.max(c1, c);
    });
  });
  if (r1 < 0) return null;
  return { name, data, r0, r1, c0, c1, rowsPerPage, pageCount: Math.ceil((r1 - r0 + 1) / rowsPerPage), date1904 };
}

/**
 * The pages of a laid-out sheet, one at a time (a page's rows are made when it is drawn, so a
 * million-cell sheet is never held twice): one per rowsPerPage rows, each following page headed by
 * the first row.
 */
export function* layoutPages(layout: SheetLayout): Generator<SheetPage> {
  const { name, data, r0, r1, c0, c1, rowsPerPage, date1904 } = layout;
  const columns: string[] = [];
  for (let c = c0; c <= c1; c++) columns.push(XLSX.utils.encode_col(c));
  const rowAt = (r: number): PageRow => {
    const cells: (SheetCell | null)[] = [];
    for (let c = c0; c <= c1; c++) {
      const text = displayedText(data[r]?.[c], date1904);
      cells.push(text === '' ? null : { ref: `${columns[c - c0]}${r + 1}`, text });
    }
    return { row: r + 1, cells };
  };
  for (let start = r0; start <= r1; start += rowsPerPage) {
    const rows: PageRow[] = [];
    const repeatsHeader = start > r0;
    if (repeatsHeader) rows.push(rowAt(r0));
    for (let r = start; r <= Math.min(r1, start + rowsPerPage - 1); r++) rows.push(rowAt(r));
    yield { sheet: name, columns, rows, repeatsHeader };
  }
}

/**
 * The pages of one sheet: none when it shows nothing; otherwise one per ROWS_PER_PAGE rows of the
 * used range (trimmed to the cells that show something), each following page headed by the first row.
 */
export function sheetPages(name: string, sheet: XLSX.WorkSheet, rowsPerPage = ROWS_PER_PAGE, date1904 = false): SheetPage[] {
  const layout = sheetLayout(name, sheet, rowsPerPage, date1904);
  return layout ? [...layoutPages(layout)] : [];
}
