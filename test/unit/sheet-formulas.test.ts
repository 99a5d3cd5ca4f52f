// Issue 50 (deliverable 3): formulas with no stored value are computed (fast-formula-parser), one
// that cannot be is shown as its formula text with a formula_not_computed warning, and stored
// values win. Workbooks are written as openpyxl writes them: `<f>` without `<v>`.
import { describe, expect, it } from '@jest/globals';
import { convertSpreadsheet } from '../../src/documents/formats/spreadsheet.js';
import { computeFormulas } from '../../src/documents/formats/sheet-formulas.js';
import { displayedText, readWorkbook } from '../../src/documents/formats/sheet-pages.js';
import { ooxmlWorkbook } from '../fixtures/workbooks.js';

const num = (ref: string, v: number) => `<c r="${ref}"><v>${v}</v></c>`;
const f = (ref: string, formula: string, extra = '') => `<c r="${ref}"${extra}><f>${formula.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</f></c>`;
const row = (r: number, ...cells: string[]) => `<row r="${r}">${cells.join('')}</row>`;

function shown(bytes: Buffer, sheets?: string[]) {
  const wb = readWorkbook(bytes);
  const warnings = computeFormulas(wb, sheets ?? wb.SheetNames);
  const text = (sheet: string, r: number, c: number) => displayedText(((wb.Sheets[sheet]!['!data'] ?? []) as any[])[r]?.[c]);
  return { warnings, text };
}

describe('formulas without a stored value', () => {
  it('computes arithmetic and the common functions, over ranges and other sheets, and formulas that use other formulas', () => {
    const bytes = ooxmlWorkbook([
      {
        name: 'Data',
        xml:
          row(1, num('A1', 1200), f('B1', 'SUM(A1:A3)'), f('C1', 'AVERAGE(A1:A3)'), f('D1', 'MIN(A:A)'), f('E1', 'MAX(A1:A3)'), f('F1', 'COUNT(A1:A3)')) +
          row(2, num('A2', 85.5), f('B2', 'ROUND(AVERAGE(A1:A3),1)'), f('C2', 'IF(B1>1000,"big","small")'), f('D2', '(A1-A2)*2/4+1'), f('E2', 'B1*2')) +
          row(3, num('A3', 40.25), f('B3', 'A1/0'), f('C3', 'COUNTA(A1:A3)')),
      },
      { name: 'My Sheet', xml: row(1, f('A1', 'Data!B1+1'), f('B1', "'My Sheet'!A1*2"), f('C1', 'SUM(Data!A1:A3)')) },
    ]);
    const { warnings, text } = shown(bytes);
    expect(warnings).toEqual([]);
    expect([text('Data', 0, 1), text('Data', 0, 2), text('Data', 0, 3), text('Data', 0, 4), text('Data', 0, 5)]).toEqual(['1325.75', '441.9166667', '40.25', '1200', '3']);
    expect([text('Data', 1, 1), text('Data', 1, 2), text('Data', 1, 3), text('Data', 1, 4)]).toEqual(['441.9', 'big', '558.25', '2651.5']);
    expect([text('Data', 2, 1), text('Data', 2, 2)]).toEqual(['#DIV/0!', '3']);
    expect([text('My Sheet', 0, 0), text('My Sheet', 0, 1), text('My Sheet', 0, 2)]).toEqual(['1326.75', '2653.5', '1325.75']);
  });

  it('shows what cannot be computed as its formula text with a warning: an unknown function, a cycle, a missing sheet, and what refers to them', () => {
    const bytes = ooxmlWorkbook([
      { name: 'S', xml: row(1, num('A1', 2), f('B1', 'NOSUCHFUNCTION(A1)'), f('C1', 'D1+1'), f('D1', 'C1+1'), f('E1', 'Gone!A1'), f('F1', 'B1*2'), f('G1', 'A1*3')) },
    ]);
    const { warnings, text } = shown(bytes);
    expect([text('S', 0, 1), text('S', 0, 2), text('S', 0, 3), text('S', 0, 4), text('S', 0, 5), text('S', 0, 6)]).toEqual(['=NOSUCHFUNCTION(A1)', '=D1+1', '=C1+1', '=Gone!A1', '=B1*2', '6']);
    expect(new Set(warnings.map((w) => `${w.sheet}!${w.cell}`))).toEqual(new Set(['S!B1', 'S!C1', 'S!D1', 'S!E1', 'S!F1']));
    expect(warnings.every((w) => w.code === 'formula_not_computed')).toBe(true);
  });

  it('keeps stored values (what Excel saved), even where the formula would give another', () => {
    const bytes = ooxmlWorkbook([{ name: 'S', xml: row(1, num('A1', 2), `<c r="B1"><f>A1*100</f><v>7</v></c>`, `<c r="C1" t="str"><f>"a"&amp;"b"</f><v>saved</v></c>`) }]);
    const { warnings, text } = shown(bytes);
    expect([text('S', 0, 1), text('S', 0, 2), warnings]).toEqual(['7', 'saved', []]);
  });

  it('the converter reports the warnings of the visible sheets with the rendition', async () => {
    const bytes = ooxmlWorkbook([{ name: 'S', xml: row(1, num('A1', 2), f('B1', 'NOSUCHFUNCTION(A1)'), f('C1', 'SUM(A1,3)')) }]);
    const r = await convertSpreadsheet(bytes, { maxDecompressedBytes: 1 << 24, maxPages: 10 });
    expect(r.warnings).toEqual([{ code: 'formula_not_computed', sheet: 'S', cell: 'B1' }]);
    const plain = await convertSpreadsheet(ooxmlWorkbook([{ name: 'S', xml: row(1, num('A1', 2)) }]), { maxDecompressedBytes: 1 << 24, maxPages: 10 });
    expect(plain.warnings).toBeUndefined();
  });
});
