// CSV as grid pages (src/documents/formats/csv-pages.ts): 100 rows a page, the first row heading
// every following page, cells named as a spreadsheet would name them.
import { describe, expect, it } from '@jest/globals';
import { convertCsv, csvPages, csvRows } from '../../src/documents/formats/csv-pages.js';

describe('CSV pages', () => {
  it('reads quoted fields, embedded commas and line breaks, and a UTF-8 BOM', () => {
    expect(csvRows(Buffer.from('\uFEFFa,"b, c"\n"line\nbreak",2\n'))).toEqual([['a', 'b, c'], ['line\nbreak', '2']]);
  });

  it('splits rows into pages of 100, repeating the first row on each following page', () => {
    const rows = [['Id', 'Name'], ...Array.from({ length: 250 }, (_, i) => [`${i + 1}`, i === 4 ? '' : `n${i + 1}`])];
    const pages = csvPages(rows);
    expect(pages.map((p) => [p.rows.length, p.repeatsHeader, p.rows[0]!.row, p.rows.at(-1)!.row])).toEqual([
      [100, false, 1, 100],
      [101, true, 1, 200],
      [52, true, 1, 251],
    ]);
    expect(pages[0]!.columns).toEqual(['A', 'B']);
    expect(pages[0]!.rows[5]!.cells).toEqual([{ ref: 'A6', text: '5' }, null]);
    expect(pages[1]!.rows[1]!.cells).toEqual([{ ref: 'A101', text: '100' }, { ref: 'B101', text: 'n100' }]);
  });

  it('refuses an empty CSV and one past the page limit before drawing', async () => {
    await expect(convertCsv(Buffer.from('\n,\n'), { maxPages: 10 })).rejects.toMatchObject({ code: 'document_empty' });
    const big = Array.from({ length: 1_001 }, (_, i) => `r${i}`).join('\n');
    await expect(convertCsv(Buffer.from(big), { maxPages: 10 })).rejects.toMatchObject({ code: 'document_too_many_pages' });
    const ok = await convertCsv(Buffer.from(big), { maxPages: 11 });
    expect([ok.kind, ok.pageCount, ok.cellGrids]).toEqual(['text', 11, undefined]);
  });
});
