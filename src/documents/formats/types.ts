// src/documents/formats/types.ts
export type FileKind = 'pdf' | 'image' | 'document' | 'presentation' | 'spreadsheet' | 'web' | 'text' | 'email';
export interface PageBox { x0: number; y0: number; x1: number; y1: number } // 0..1, origin top-left
/** Where a spreadsheet cell's displayed value is drawn (1-based page of the rendition). */
export interface CellRef { sheet: string; cell: string; page: number; box: PageBox }
/** What a converter makes of an upload. */
export interface Rendition {
  kind: FileKind;
  /** Derived PDF the pages are read from; null when the original bytes are the pages (PDF, PNG, JPEG). */
  pdf: Uint8Array | null;
  pageCount: number;
  /**
   * Which made the pages of an Office file: LibreOffice (DOCX and PPTX where installed; the
   * formats only it reads), or the service's own converter (DOCX, PPTX); absent for other formats.
   */
  converter?: 'libreoffice' | 'builtin';
  /**
   * Spreadsheets: each page's grid, from which every non-empty cell's box follows (gridCells):
   * words on those boxes carry sheet/cell. Per page, not per cell: a million cells stored one by
   * one were 107 MB of JSON for a 4.8 MB workbook (issue 48).
   */
  cellGrids?: CellGrid[];
  /** What the converter could not do faithfully (e.g. a formula it could not compute). */
  warnings?: ConversionWarning[];
}

/** A formula with no stored value that could not be computed: its formula text is shown instead. */
export interface ConversionWarning { code: 'formula_not_computed'; sheet: string; cell: string }

/** One page's drawn grid (spreadsheets): the boxes of all its cells, without a record per cell. */
export interface CellGrid {
  /** 1-based page of the rendition. */
  page: number;
  sheet: string;
  /** Column letters, left to right. */
  columns: string[];
  /** Row numbers as in the sheet, top to bottom (a repeated header row first). */
  rows: number[];
  /** Column edges as page fractions: columns.length + 1 of them. */
  xs: number[];
  /** Row edges as page fractions: rows.length + 1 of them. */
  ys: number[];
  /** Which cells show a value: a row-major bitmap over rows × columns (bit 7 of byte 0 first), base64. */
  filled: string;
}

/** The bitmap of CellGrid.filled for a rows × columns grid, from a test of each cell. */
export function encodeFilled(rows: number, columns: number, isFilled: (r: number, c: number) => boolean): string {
  const bits = new Uint8Array(Math.ceil((rows * columns) / 8));
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) if (isFilled(r, c)) bits[(r * columns + c) >> 3]! |= 0x80 >> ((r * columns + c) & 7);
  return Buffer.from(bits).toString('base64');
}

/** Every non-empty cell of a page's grid, where it is drawn: row by row, left to right. */
export function gridCells(grid: CellGrid): CellRef[] {
  const bits = Buffer.from(grid.filled, 'base64');
  const width = grid.columns.length;
  const out: CellRef[] = [];
  grid.rows.forEach((row, r) => {
    for (let c = 0; c < width; c++) {
      const i = r * width + c;
      if (!((bits[i >> 3] ?? 0) & (0x80 >> (i & 7)))) continue;
      out.push({ sheet: grid.sheet, cell: `${grid.columns[c]}${row}`, page: grid.page, box: { x0: grid.xs[c]!, y0: grid.ys[r]!, x1: grid.xs[c + 1]!, y1: grid.ys[r + 1]! } });
    }
  });
  return out;
}
