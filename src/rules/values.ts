// Lenient reading of extracted values: numbers that may be written as text ("1,234.50", "$12"),
// and dates in whatever format the document used ("2024-03-12", "12.03.2024", "March 12, 2024").

/** A number, or a string holding one (currency signs, spaces and thousands separators allowed); else null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  let s = value.trim().replace(/[\s\u00a0\u202f']/g, '');
  // A currency sign or code before or after the figure; a sign before either.
  const negative = /^-|^\(.*\)$|-$/.test(s);
  s = s.replace(/^[-+(]?[^\d.,-]*/, '').replace(/[^\d.,]*\)?-?$/, '');
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the later one is the decimal separator.
    s = lastDot > lastComma ? s.replace(/,/g, '') : s.replace(/\./g, '').replace(',', '.');
  } else if (lastComma >= 0) {
    // Only commas: thousands when every group after the first has three digits ("1,234,567"), else decimal ("12,50").
    s = /^\d{1,3}(,\d{3})+$/.test(s) ? s.replace(/,/g, '') : s.split(',').length === 2 ? s.replace(',', '.') : '';
  } else if ((s.match(/\./g) ?? []).length > 1) {
    s = /^\d{1,3}(\.\d{3})+$/.test(s) ? s.replace(/\./g, '') : '';
  }
  if (s === '') return null;
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/** A calendar day as a comparable number: yyyymmdd. */
export type Day = number;

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10,
  nov: 11, november: 11, dec: 12, december: 12,
};

function day(y: number, m: number, d: number): Day | null {
  if (y < 100) y += y < 70 ? 2000 : 1900;
  if (m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return null;
  return y * 10000 + m * 100 + d;
}

/**
 * The day a value names, read both ways where the format alone cannot tell day from month
 * ("03/04/2024"): `dmy` reads such a date day first, `mdy` month first; where the format is
 * unambiguous both are the same. null: not a date this reader knows (or not a string).
 */
export function readDate(value: unknown): { dmy: Day | null; mdy: Day | null } | null {
  if (typeof value !== 'string') return null;
  const s = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (s === '') return null;
  const same = (d: Day | null) => (d === null ? null : { dmy: d, mdy: d });
  let m: RegExpExecArray | null;
  // Year first: 2024-03-12, 2024/3/12, 2024.03.12, with any time after it; or 20240312.
  if ((m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[t ]\d)/.exec(s))) return same(day(+m[1]!, +m[2]!, +m[3]!));
  if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(s))) return same(day(+m[1]!, +m[2]!, +m[3]!));
  // Day and month as numbers, year last. Dots are day first (12.03.2024); slashes and dashes either way.
  if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})\.?(?:$| \d)/.exec(s))) return same(day(+m[3]!, +m[2]!, +m[1]!));
  if ((m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})(?:$| \d)/.exec(s))) {
    const [a, b, y] = [+m[1]!, +m[2]!, +m[3]!];
    const dmy = day(y, b, a);
    const mdy = day(y, a, b);
    return dmy === null && mdy === null ? null : { dmy, mdy };
  }
  // Month names: 12 March 2024, 12th of Mar. 2024, 12-Mar-2024, March 12, 2024, Mar 12th 2024, 2024 March 12.
  const name = '([a-z]+)\\.?';
  const num = '(\\d{1,2})(?:st|nd|rd|th)?';
  const year = '(\\d{4}|\\d{2})';
  const month = (w: string) => MONTHS[w] ?? null;
  if ((m = new RegExp(`^${num}(?: of)?[ -/]${name}[ -/,]+${year}$`).exec(s))) {
    const mo = month(m[2]!);
    return mo === null ? null : same(day(+m[3]!, mo, +m[1]!));
  }
  if ((m = new RegExp(`^${name}[ -]${num},? ${year}$`).exec(s))) {
    const mo = month(m[1]!);
    return mo === null ? null : same(day(+m[3]!, mo, +m[2]!));
  }
  if ((m = new RegExp(`^(\\d{4}) ${name} ${num}$`).exec(s))) {
    const mo = month(m[2]!);
    return mo === null ? null : same(day(+m[1]!, mo, +m[3]!));
  }
  return null;
}
