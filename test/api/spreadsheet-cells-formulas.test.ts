// Issue 48 (deliverable 5) and issue 50 (deliverable 3), through the API: a workbook's cells are
// stored per page, a few bytes a page rather than a JSON object per cell, and every reader of them
// still names each value's sheet and cell; formulas written without a stored value (by a library,
// not by Excel) are computed, and one that cannot be is shown as its text and listed in `warnings`.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { makeNumbersWorkbook } from '../fixtures/workbooks.js';
import { apiCall } from '../harness/openapi-validator.js';
import { upload } from './job-helpers.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let stack: TestStack;
let base: string;

beforeAll(async () => {
  stack = await startTestStack({ worker: false });
  base = stack.url;
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

/** A workbook as openpyxl writes one: formulas with no stored value (SheetJS's writer, no `v`). */
function formulasWithoutValues(): Buffer {
  const wb = XLSX.utils.book_new();
  const data: XLSX.WorkSheet = { '!ref': 'A1:B7' };
  const set = (ref: string, cell: object) => (data[ref] = cell as XLSX.CellObject);
  set('A1', { t: 's', v: 'Item' });
  set('B1', { t: 's', v: 'Amount' });
  set('A2', { t: 's', v: 'Rent' });
  set('B2', { t: 'n', v: 1200 });
  set('A3', { t: 's', v: 'Power' });
  set('B3', { t: 'n', v: 85.5 });
  set('A4', { t: 's', v: 'Water' });
  set('B4', { t: 'n', v: 40.25 });
  set('A5', { t: 's', v: 'Total' });
  set('B5', { t: 'n', f: 'SUM(B2:B4)' });
  set('A6', { t: 's', v: 'Mean' });
  set('B6', { t: 'n', f: 'ROUND(AVERAGE(B2:B4),1)' });
  set('A7', { t: 's', v: 'Unknown' });
  set('B7', { t: 'n', f: 'NOSUCHFUNCTION(B2)' });
  XLSX.utils.book_append_sheet(wb, data, 'Costs');
  const summary: XLSX.WorkSheet = { '!ref': 'A1:C2' };
  summary['A1'] = { t: 's', v: 'Grand total' };
  summary['B1'] = { t: 'n', f: "Costs!B5*2" } as XLSX.CellObject;
  summary['C1'] = { t: 's', v: 'Stored' };
  // A stored value wins over the formula (Excel saved 7, whatever the formula would give).
  summary['A2'] = { t: 's', v: 'Saved' };
  summary['B2'] = { t: 'n', v: 7, f: 'Costs!B2*100' };
  XLSX.utils.book_append_sheet(wb, summary, 'Summary');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('spreadsheet cells stored per page', () => {
  it('stores the cells of a 40,000-cell workbook in fewer bytes than the file, and the text endpoint still names each value\'s cell', async () => {
    const bytes = makeNumbersWorkbook(1_999, 20);
    const r = await upload(base, bytes, 'numbers.xlsx', XLSX_TYPE);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ kind: 'spreadsheet', page_count: 20, warnings: [] });
    // One JSON object per cell was ~107 bytes a cell: 4.3 MB here, twenty times the file.
    const stored = await stack.db('file_renditions')
      .where({ file_id: r.body.id })
      .first(stack.db.raw('coalesce(octet_length(cell_grids::text), 0) + coalesce(octet_length(cells::text), 0) as bytes'));
    expect(Number(stored.bytes)).toBeGreaterThan(0);
    expect(Number(stored.bytes)).toBeLessThan(bytes.length / 4);

    // Page 7: row 1 (the header) repeated, then rows 601-700 (100 rows a page).
    const text = await apiCall(base, 'GET', `/v1/files/${r.body.id}/pages/7/text`);
    expect(text.status).toBe(200);
    const words = text.body.words as { text: string; sheet?: string; cell?: string }[];
    expect(words.filter((w) => w.cell).length).toBe(101 * 20);
    expect(words.find((w) => w.cell === 'T1')).toMatchObject({ text: 'col20', sheet: 'Numbers' });
    // Row 602's value in column C: ((602 * 7 + 2 * 13) % 10000) / 100.
    expect(words.find((w) => w.cell === 'C602')).toMatchObject({ text: String(((602 * 7 + 2 * 13) % 10_000) / 100), sheet: 'Numbers' });
  }, 180_000);
});

describe('formulas without a stored value', () => {
  it('computes SUM, ROUND(AVERAGE(…)) and a reference to another sheet; shows an uncomputable one as its text, listed in warnings', async () => {
    const r = await upload(base, formulasWithoutValues(), 'openpyxl-like.xlsx', XLSX_TYPE);
    expect(r.status).toBe(201);
    expect(r.body.page_count).toBe(2);
    expect(r.body.warnings).toEqual([{ code: 'formula_not_computed', sheet: 'Costs', cell: 'B7' }]);
    const again = await apiCall(base, 'GET', `/v1/files/${r.body.id}`);
    expect(again.body.warnings).toEqual(r.body.warnings);

    const costs = await apiCall(base, 'GET', `/v1/files/${r.body.id}/pages/1/text`);
    const cell = (body: any, ref: string) => (body.words as { text: string; cell?: string }[]).filter((w) => w.cell === ref).map((w) => w.text).join(' ');
    expect(cell(costs.body, 'B5')).toBe('1325.75');
    expect(cell(costs.body, 'B6')).toBe('441.9');
    expect(cell(costs.body, 'B7')).toBe('=NOSUCHFUNCTION(B2)');
    expect(costs.body.text.replace(/\s+/g, ' ')).toContain('Total 1325.75');

    const summary = await apiCall(base, 'GET', `/v1/files/${r.body.id}/pages/2/text`);
    expect(cell(summary.body, 'B1')).toBe('2651.5');
    expect(cell(summary.body, 'B2')).toBe('7');
  }, 180_000);
});
