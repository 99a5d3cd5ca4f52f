import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import * as mupdf from 'mupdf';
import { convertSpreadsheet, detectSpreadsheet } from '../../src/documents/formats/spreadsheet.js';
import { gridCells, type CellRef, type Rendition } from '../../src/documents/formats/types.js';
import { makeDisplayedValuesWorkbook, makeMacroWorkbook } from '../fixtures/workbooks.js';

const opts = { maxDecompressedBytes: 64 * 1024 * 1024, maxPages: 1000 };
const fixture = (name: string) => readFileSync(new URL(`../fixtures/formats/${name}`, import.meta.url));

/** The page's text inside a cell's box, read back from the rendition's text layer. */
function textIn(r: Rendition, ref: CellRef): string {
  const doc = mupdf.Document.openDocument(r.pdf!, 'application/pdf');
  const page = doc.loadPage(ref.page - 1);
  const [, , w, h] = page.getBounds();
  const words: string[] = [];
  page.toStructuredText('preserve-whitespace').walk({
    onChar(c, _origin, _font, _size, quad) {
      const cx = (quad[0] + quad[2]) / 2 / w;
      const cy = (quad[1] + quad[5]) / 2 / h;
      if (cx > ref.box.x0 && cx < ref.box.x1 && cy > ref.box.y0 && cy < ref.box.y1) words.push(c);
    },
  });
  return words.join('').trim();
}

/** Every cell drawn, from the rendition's per-page grids. */
const cellsOf = (r: Rendition): CellRef[] => (r.cellGrids ?? []).flatMap(gridCells);

const cellOf = (r: Rendition, sheet: string, cell: string, page?: number) =>
  cellsOf(r).find((c) => c.sheet === sheet && c.cell === cell && (page === undefined || c.page === page));

describe('spreadsheets as pages', () => {
  it('shows values as the spreadsheet displays them, each drawn inside its cell box', async () => {
    const r = await convertSpreadsheet(makeDisplayedValuesWorkbook(), opts);
    const shown = (cell: string) => textIn(r, cellOf(r, 'Values', cell)!);
    expect(shown('B2')).toBe('13');
    expect(shown('B3')).toBe('2026-03-01');
    expect(shown('B4')).toBe('2026-03-01');
    expect(shown('B5')).toBe('TRUE');
    expect(shown('B6')).toBe('1,234.50');
    expect(shown('B7')).toBe('17.5%');
    expect(shown('A1')).toBe('Item');
  });

  it('skips hidden, very hidden and empty sheets, and pages a long sheet by 100 rows with its header repeated', async () => {
    const r = await convertSpreadsheet(makeDisplayedValuesWorkbook(), opts);
    expect(r.kind).toBe('spreadsheet');
    // Values: 1 page; Long: 250 rows → 3 pages.
    expect(r.pageCount).toBe(4);
    expect(new Set(cellsOf(r).map((c) => c.sheet))).toEqual(new Set(['Values', 'Long']));
    expect(mupdf.Document.openDocument(r.pdf!, 'application/pdf').countPages()).toBe(4);
    // Page 2 holds rows 1-100 of Long; page 3 the header and rows 101-200; page 4 the header and 201-250.
    expect(cellOf(r, 'Long', 'A100', 2)).toBeDefined();
    expect(cellOf(r, 'Long', 'A101', 3)).toBeDefined();
    expect(textIn(r, cellOf(r, 'Long', 'A1', 3)!)).toBe('Row');
    expect(textIn(r, cellOf(r, 'Long', 'B1', 4)!)).toBe('Amount');
    expect(textIn(r, cellOf(r, 'Long', 'B250', 4)!)).toBe('498');
    expect(cellsOf(r).filter((c) => c.page === 4)).toHaveLength(2 * 51);
  });

  it('reads a real workbook with a table (Apache POI table-sample.xlsx)', async () => {
    const r = await convertSpreadsheet(fixture('table-sample.xlsx'), opts);
    expect(r.pageCount).toBe(1);
    expect(textIn(r, cellOf(r, 'Tabelle1', 'C4')!)).toBe('Field 1');
    expect(textIn(r, cellOf(r, 'Tabelle1', 'C9')!)).toBe('Ergebnis');
    expect(textIn(r, cellOf(r, 'Tabelle1', 'D9')!)).toBe('2.5'); // a formula's cached result
    expect(textIn(r, cellOf(r, 'Tabelle1', 'G5')!)).toBe('17%'); // a percentage format
  });

  it('shows dates of a workbook in the 1904 date system as Excel does (Apache POI DateFormatTests.xlsx)', async () => {
    const r = await convertSpreadsheet(fixture('DateFormatTests.xlsx'), opts);
    const doc = mupdf.Document.openDocument(r.pdf!, 'application/pdf');
    const text = Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).toStructuredText('preserve-whitespace').asText()).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('11-Oct-1952 14:35:27.000');
    expect(text).not.toContain('10-Oct-1948');
  });

  it('reads a real multi-sheet workbook, its empty third sheet giving no page (Apache POI SampleSS.xlsx)', async () => {
    const r = await convertSpreadsheet(fixture('SampleSS.xlsx'), opts);
    expect(r.pageCount).toBe(2);
    expect(textIn(r, cellOf(r, 'First Sheet', 'B2')!)).toBe('2nd row 2nd column');
    expect(textIn(r, cellOf(r, 'Sheet Number 2', 'A1')!)).toBe('Start of 2nd sheet');
    expect(cellsOf(r).some((c) => c.sheet === 'Sheet3')).toBe(false);
  });

  it('refuses a zip bomb once its output passes the budget, and a file that is no workbook', async () => {
    const bomb = zipOf('xl/workbook.xml', Buffer.alloc(8 * 1024 * 1024));
    await expect(convertSpreadsheet(bomb, { ...opts, maxDecompressedBytes: 1024 * 1024 })).rejects.toMatchObject({ code: 'document_too_large' });
    await expect(convertSpreadsheet(Buffer.from('not a zip at all'), opts)).rejects.toMatchObject({ code: 'document_corrupt' });
    const truncated = makeDisplayedValuesWorkbook().subarray(0, 2000);
    await expect(convertSpreadsheet(truncated, opts)).rejects.toMatchObject({ code: 'document_corrupt' });
  });

  it('tells XLSX from XLSM by the VBA project, and a ZIP without a workbook from both', async () => {
    expect(detectSpreadsheet(fixture('SampleSS.xlsx'))).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const xlsm = makeMacroWorkbook();
    expect(detectSpreadsheet(xlsm)).toBe('application/vnd.ms-excel.sheet.macroEnabled.12');
    const r = await convertSpreadsheet(xlsm, opts);
    expect(textIn(r, cellOf(r, 'Sheet1', 'B1')!)).toBe('42');
    expect(detectSpreadsheet(zipOf('word/document.xml', Buffer.from('<w:document/>')))).toBeNull();
    expect(detectSpreadsheet(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  it('refuses more pages than allowed before drawing them', async () => {
    await expect(convertSpreadsheet(makeDisplayedValuesWorkbook(), { ...opts, maxPages: 3 })).rejects.toMatchObject({ code: 'document_too_many_pages' });
  });
});

/** A one-entry ZIP archive (deflated). */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const centralOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}
