// Draws spreadsheet pages as a grid into a PDF of our own making, so the box of every value is
// known exactly (the cell's rectangle), not guessed back from a rendering.
import * as mupdf from 'mupdf';
import { encodeFilled, type CellGrid } from './types.js';
import type { SheetPage } from './sheet-pages.js';

const FONT_SIZE = 8;
const LINE_HEIGHT = 10;
const CELL_PAD = 3;
const MARGIN = 24;
const CAPTION_HEIGHT = 18;
const MIN_COLUMN = 28;
/** Wider values wrap inside their cell, so one long text does not make the page absurdly wide. */
const MAX_COLUMN = 260;

const BLACK: mupdf.Color = [0];
const GRID_GRAY: mupdf.Color = [0.6];
const IDENTITY: mupdf.Matrix = [1, 0, 0, 1, 0, 0];

let fonts: { regular: mupdf.Font; bold: mupdf.Font } | null = null;
function loadFonts() {
  fonts ??= { regular: new mupdf.Font('Helvetica'), bold: new mupdf.Font('Helvetica-Bold') };
  return fonts;
}

/** Advance of each character per font, asked of mupdf once: two WebAssembly calls a character added up to seconds on large sheets. */
const advances = new WeakMap<mupdf.Font, Map<number, number>>();

function textWidth(font: mupdf.Font, text: string, size: number): number {
  let known = advances.get(font);
  if (!known) advances.set(font, (known = new Map()));
  let w = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    let advance = known.get(code);
    if (advance === undefined) known.set(code, (advance = font.advanceGlyph(font.encodeCharacter(code), 0)));
    w += advance;
  }
  return w * size;
}

/** Breaks a value into lines no wider than `width`: at spaces where it can, inside a word where it must. */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/(?<= )/)) {
      if (measure(line + word) <= width || line === '') {
        line += word;
      } else {
        lines.push(line.trimEnd());
        line = word;
      }
      while (measure(line) > width && [...line].length > 1) {
        // A single word wider than the cell: cut it where it stops fitting.
        const chars = [...line];
        let fit = 1;
        while (fit < chars.length && measure(chars.slice(0, fit + 1).join('')) <= width) fit++;
        lines.push(chars.slice(0, fit).join(''));
        line = chars.slice(fit).join('');
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

const STROKE = new mupdf.StrokeState({ lineWidth: 0.5, lineCap: 'Butt', lineJoin: 'Miter', miterLimit: 10 });
const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1e5) / 1e5;

/**
 * The PDF of the pages and each page's grid (page numbers 1-based, in `pages` order). `pages` may
 * be a generator: one page's rows are held at a time.
 */
export function drawGridPdf(pages: Iterable<SheetPage>): { pdf: Uint8Array; cellGrids: CellGrid[] } {
  const { regular, bold } = loadFonts();
  const buffer = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(buffer, 'pdf', 'compress');
  const cellGrids: CellGrid[] = [];
  try {
    let index = 0;
    for (const page of pages) {
      const pageNumber = ++index;
      const fontOf = (rowIndex: number) => (rowIndex === 0 && page.repeatsHeader ? bold : regular);
      // Each value's width, measured once: it sizes the columns, and a value that fits is not wrapped.
      const measured = page.rows.map((row, r) =>
        row.cells.map((cell) => {
          if (!cell) return 0;
          if (!cell.text.includes('\n')) return textWidth(fontOf(r), cell.text, FONT_SIZE);
          let widest = 0;
          for (const line of cell.text.split(/\r?\n/)) widest = Math.max(widest, textWidth(fontOf(r), line, FONT_SIZE));
          return widest;
        }),
      );
      // Column widths from the widest value on this page, within bounds.
      const widths = page.columns.map((_, c) => {
        let widest = 0;
        for (const row of measured) widest = Math.max(widest, row[c]!);
        return Math.min(MAX_COLUMN, Math.max(MIN_COLUMN, Math.ceil(widest + 2 * CELL_PAD)));
      });
      const wrapped = page.rows.map((row, r) =>
        row.cells.map((cell, c) => {
          if (!cell) return [];
          if (measured[r]![c]! <= widths[c]! - 2 * CELL_PAD && !cell.text.includes('\n')) return [cell.text.trimEnd()]; // as wrapText would
          return wrapText(cell.text, widths[c]! - 2 * CELL_PAD, (s) => textWidth(fontOf(r), s, FONT_SIZE));
        }),
      );
      const heights = wrapped.map((row) => Math.max(1, ...row.map((lines) => lines.length)) * LINE_HEIGHT + 4);
      const pageWidth = 2 * MARGIN + widths.reduce((a, b) => a + b, 0);
      const pageHeight = 2 * MARGIN + CAPTION_HEIGHT + heights.reduce((a, b) => a + b, 0);
      const xs = [MARGIN];
      for (const w of widths) xs.push(xs[xs.length - 1]! + w);
      const ys = [MARGIN + CAPTION_HEIGHT];
      for (const h of heights) ys.push(ys[ys.length - 1]! + h);

      const device = writer.beginPage([0, 0, pageWidth, pageHeight]);
      const text = new mupdf.Text();
      // The sheet's name, so a reader of the page (and the model) knows which sheet it is (a CSV has none).
      if (page.sheet) text.showString(bold, [10, 0, 0, -10, MARGIN, MARGIN + 11], page.sheet);
      page.rows.forEach((row, r) => {
        row.cells.forEach((cell, c) => {
          if (!cell) return;
          const x0 = xs[c]!, y0 = ys[r]!;
          wrapped[r]![c]!.forEach((line, l) => {
            if (line) text.showString(fontOf(r), [FONT_SIZE, 0, 0, -FONT_SIZE, x0 + CELL_PAD, y0 + 2 + (l + 1) * LINE_HEIGHT - 2], line);
          });
        });
      });
      cellGrids.push({
        page: pageNumber,
        sheet: page.sheet,
        columns: page.columns,
        rows: page.rows.map((row) => row.row),
        xs: xs.map((x) => round(x / pageWidth)),
        ys: ys.map((y) => round(y / pageHeight)),
        filled: encodeFilled(page.rows.length, page.columns.length, (r, c) => page.rows[r]!.cells[c] != null),
      });
      device.fillText(text, IDENTITY, mupdf.ColorSpace.DeviceGray, BLACK, 1);
      const grid = new mupdf.Path();
      for (const y of ys) { grid.moveTo(xs[0]!, y); grid.lineTo(xs[xs.length - 1]!, y); }
      for (const x of xs) { grid.moveTo(x, ys[0]!); grid.lineTo(x, ys[ys.length - 1]!); }
      device.strokePath(grid, STROKE, IDENTITY, mupdf.ColorSpace.DeviceGray, GRID_GRAY, 1);
      writer.endPage();
      text.destroy();
      grid.destroy();
    }
    writer.close();
    return { pdf: new Uint8Array(buffer.asUint8Array()), cellGrids };
  } finally {
    writer.destroy();
    buffer.destroy();
  }
}
