// How two scalar values compare: normalised strings, fuzzy strings, numbers with a relative
// tolerance, and ISO dates. Pure; the rules are the ones docs/evaluation.md lists.

/** NFKC, trimmed, whitespace runs collapsed to one space, lower case. */
export function normaliseString(s: string): string {
  return s.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** Levenshtein distance over code points. */
export function levenshtein(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[y.length]!;
}

/** 1 − distance / length of the longer string; two empty strings are identical (1). */
export function similarity(a: string, b: string): number {
  const longest = Math.max([...a].length, [...b].length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

// "1240", "-3.5", "1,240.00", ".5": optional sign, digits with optional comma grouping, decimals.
const NUMERIC = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?$/;

/** A JSON number, or a string that is one once thousands separators are removed; else null. */
export function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (s === '' || !/\d/.test(s) || !NUMERIC.test(s)) return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** Equal within a relative tolerance of the larger magnitude (0 = exactly equal). */
export function numbersEqual(a: number, b: number, tolerance: number): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

const monthOf = (name: string): number => {
  const i = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return i < 0 ? 0 : i + 1;
};

/**
 * The ISO calendar date (YYYY-MM-DD) a string names, or null when it names none unambiguously:
 * ISO dates and date-times, YYYY/MM/DD, YYYYMMDD, DD.MM.YYYY, "5 March 2024", "March 5, 2024",
 * and D/M/Y or M/D/Y only when one part is above 12 (otherwise the order is a guess).
 */
export function asIsoDate(v: string): string | null {
  const s = v.trim();
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/))) return isoDate(+m[1]!, +m[2]!, +m[3]!);
  if ((m = s.match(/^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/))) return isoDate(+m[1]!, +m[2]!, +m[3]!);
  if ((m = s.match(/^(\d{4})(\d{2})(\d{2})$/))) return isoDate(+m[1]!, +m[2]!, +m[3]!);
  if ((m = s.match(/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/))) return isoDate(+m[3]!, +m[2]!, +m[1]!);
  if ((m = s.match(/^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,})\.?,?\s+(\d{4})$/))) return isoDate(+m[3]!, monthOf(m[2]!), +m[1]!);
  if ((m = s.match(/^([A-Za-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/))) return isoDate(+m[3]!, monthOf(m[1]!), +m[2]!);
  if ((m = s.match(/^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/))) {
    const a = +m[1]!;
    const b = +m[2]!;
    if (a > 12 && b <= 12) return isoDate(+m[3]!, b, a);
    if (b > 12 && a <= 12) return isoDate(+m[3]!, a, b);
  }
  return null;
}

export interface ValueRules {
  fuzzy: boolean;
  fuzzyThreshold: number;
  numericTolerance: number;
  date: boolean;
}

/** Whether two non-null scalars are the same value under the field's rules. */
export function valuesEqual(expected: unknown, extracted: unknown, rules: ValueRules): boolean {
  if (rules.date && typeof expected === 'string' && typeof extracted === 'string') {
    const a = asIsoDate(expected);
    const b = asIsoDate(extracted);
    if (a !== null && b !== null) return a === b;
  }
  const numeric = typeof expected === 'number' || typeof extracted === 'number' || (typeof expected === 'string' && typeof extracted === 'string');
  if (numeric) {
    const a = asNumber(expected);
    const b = asNumber(extracted);
    if (a !== null && b !== null) return numbersEqual(a, b, rules.numericTolerance);
  }
  if (typeof expected === 'boolean' && typeof extracted === 'boolean') return expected === extracted;
  const a = normaliseString(scalarText(expected));
  const b = normaliseString(scalarText(extracted));
  if (rules.fuzzy) return similarity(a, b) >= rules.fuzzyThreshold;
  return a === b;
}

const scalarText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
