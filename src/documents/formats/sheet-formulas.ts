// Formulas without a stored value (files written by libraries such as openpyxl, not by Excel):
// computed with fast-formula-parser (MIT), so `=SUM(B2:B4)` shows its sum instead of a blank. A
// stored value (what Excel saved) is never recomputed. A formula that cannot be computed (a function
// the library lacks, a cycle) is shown as its formula text and reported (formula_not_computed).
import * as XLSX from '@e965/xlsx';
import FormulaParser from 'fast-formula-parser';
import type { ConversionWarning } from './types.js';

type Dense = (XLSX.CellObject[] | undefined)[];
type Arg = { value: unknown; isArray?: boolean; isRangeRef?: boolean; isCellRef?: boolean };

const { FormulaHelpers, Types } = FormulaParser as unknown as {
  FormulaHelpers: { flattenParams(params: Arg[], type: number, allowUnion: boolean, hook: (item: unknown) => void): void };
  Types: { NUMBER: number };
};

/** The numbers among the arguments as Excel's MIN and MAX take them (text and logicals in ranges ignored). */
function numbersOf(params: Arg[]): number[] {
  const out: number[] = [];
  FormulaHelpers.flattenParams(params, Types.NUMBER, true, (item) => {
    if (typeof item === 'number') out.push(item);
  });
  return out;
}

/** Common functions the library leaves out (its MIN and MAX are not implemented). */
const EXTRA_FUNCTIONS = {
  MIN: (...params: Arg[]) => { const n = numbersOf(params); return n.length === 0 ? 0 : Math.min(...n); },
  MAX: (...params: Arg[]) => { const n = numbersOf(params); return n.length === 0 ? 0 : Math.max(...n); },
  COUNTA: (...params: Arg[]) => {
    let count = 0;
    for (const p of params) {
      const values = Array.isArray(p.value) ? (p.value as unknown[][]).flat() : [p.value];
      count += values.filter((v) => v !== null && v !== undefined && v !== '').length;
    }
    return count;
  },
};

/**
 * A formula cell whose value was not stored: a stub (SheetJS `z`), a typed cell without `<v>` (an
 * error or number type with no value), or the empty string result of a `str` formula.
 */
export function lacksValue(cell: XLSX.CellObject | undefined): cell is XLSX.CellObject & { f: string } {
  return !!cell && typeof cell.f === 'string' && cell.f !== '' && (cell.t === 'z' || cell.v === undefined || (cell.t === 's' && cell.v === ''));
}

class NotComputed extends Error {}

/** Most formula_not_computed warnings listed for one file (a sheet of thousands of them says enough by then). */
export const MAX_WARNINGS = 1000;

/** What a FormulaError looks like (the library's own class is not exported as a type). */
const formulaError = (v: unknown): string | null =>
  v && typeof v === 'object' && typeof (v as { _error?: unknown })._error === 'string' ? (v as { _error: string })._error : null;

/**
 * Computes, in place, every formula without a stored value in `sheets` (and those they refer to,
 * in any sheet); returns a warning for each one that could not be computed, which is left showing
 * its formula text.
 */
export function computeFormulas(wb: XLSX.WorkBook, sheets: string[]): ConversionWarning[] {
  const byName = new Map(wb.SheetNames.map((n) => [n.toLowerCase(), n]));
  const dataOf = (sheet: string): Dense | undefined => {
    const name = byName.get(sheet.toLowerCase());
    return name === undefined ? undefined : ((wb.Sheets[name]?.['!data'] ?? []) as Dense);
  };
  const warnings: ConversionWarning[] = [];
  const inProgress = new Set<string>();
  const failed = new Set<string>();

  const valueOf = (sheet: string, r: number, c: number): unknown => {
    const data = dataOf(sheet);
    if (!data) throw new NotComputed(`no sheet '${sheet}'`);
    const cell = data[r]?.[c];
    if (lacksValue(cell)) compute(byName.get(sheet.toLowerCase())!, data, r, c);
    const now = data[r]?.[c];
    if (!now || now.t === 'z') return null;
    if (now.t === 'e') throw new NotComputed('refers to an error');
    if (failed.has(`${sheet.toLowerCase()}\u0000${r}\u0000${c}`)) throw new NotComputed('refers to a formula not computed');
    return now.v ?? null;
  };

  const parser = new FormulaParser({
    functions: EXTRA_FUNCTIONS,
    onCell: ({ sheet, row, col }) => valueOf(sheet, row - 1, col - 1),
    onRange: ({ sheet, from, to }) => {
      const data = dataOf(sheet);
      if (!data) throw new NotComputed(`no sheet '${sheet}'`);
      // Whole columns or rows (A:A, 1:1) reach only as far as the sheet has rows and columns.
      const lastRow = Math.min(to.row, data.length);
      const width = data.reduce((w, row) => Math.max(w, row?.length ?? 0), 0);
      const lastCol = Math.min(to.col, width);
      const out: unknown[][] = [];
      for (let r = from.row; r <= lastRow; r++) {
        const row: unknown[] = [];
        for (let c = from.col; c <= lastCol; c++) row.push(valueOf(sheet, r - 1, c - 1));
        out.push(row);
      }
      return out.length > 0 ? out : [[null]];
    },
  });

  function compute(sheet: string, data: Dense, r: number, c: number): void {
    const cell = data[r]![c]! as XLSX.CellObject & { f: string };
    const key = `${sheet.toLowerCase()}\u0000${r}\u0000${c}`;
    if (failed.has(key)) return;
    if (inProgress.has(key)) throw new NotComputed('circular reference');
    inProgress.add(key);
    try {
      const result = parser.parse(cell.f, { sheet, row: r + 1, col: c + 1 });
      const error = formulaError(result);
      const value = Array.isArray(result) ? (result as unknown[][])[0]?.[0] : result;
      if (error !== null) {
        // The formula was computed: its result is an error value, shown as Excel shows it.
        Object.assign(cell, { t: 's', v: error });
      } else if (typeof value === 'number') {
        // The library answers AVERAGE of no numbers with NaN: Excel's #DIV/0!.
        Object.assign(cell, Number.isFinite(value) ? { t: 'n', v: value } : { t: 's', v: '#DIV/0!' });
      } else if (typeof value === 'boolean') {
        Object.assign(cell, { t: 'b', v: value });
      } else if (typeof value === 'string') {
        Object.assign(cell, { t: 's', v: value });
      } else if (value === null || value === undefined) {
        Object.assign(cell, { t: 'n', v: 0 }); // a reference to an empty cell shows 0, as in Excel
      } else {
        throw new NotComputed(`unexpected result ${String(value)}`);
      }
    } catch {
      // Anything the library cannot do (an unknown function, a cycle, a missing sheet): the formula text.
      failed.add(key);
      Object.assign(cell, { t: 's', v: `=${cell.f}`, z: undefined });
      if (warnings.length < MAX_WARNINGS) warnings.push({ code: 'formula_not_computed', sheet, cell: XLSX.utils.encode_cell({ r, c }) });
    } finally {
      inProgress.delete(key);
    }
  }

  for (const name of sheets) {
    const data = dataOf(name) ?? [];
    data.forEach((row, r) => row?.forEach((cell, c) => lacksValue(cell) && compute(name, data, r, c)));
  }
  return warnings;
}
