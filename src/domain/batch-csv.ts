// The CSV of an extraction batch's results (GET /v1/batches/{id}/results.csv), as pure functions.
// Columns: custom_id, status, error_code, job_id, review_status, flagged_paths (the pointers of the
// job's flags, space-separated), failed_rules (the ids of the job's failed rules, `;`-separated), then one per leaf of the extractor's schema in the order the schema
// was written, named by its JSON Pointer with `*` for "every item of this array" (e.g.
// `/vendor/name`, `/line_items/*/amount`), each followed by `<column>__confidence` on request.
// An approved review's values replace the model's.
// An array of objects that is not inside another array spreads an item over several rows: one row
// per array element, the item's other columns repeated on each (several such arrays are zipped by
// position). Anything else that is not a scalar (an array of scalars, an array of objects inside
// an array item, an object without declared properties) is one cell holding its JSON.
import { escapeToken } from '../long-documents/pointer.js';

export const FIXED_COLUMNS = ['custom_id', 'status', 'error_code', 'job_id', 'review_status', 'flagged_paths', 'failed_rules'] as const;

export interface CsvColumn {
  /** Header: the leaf's JSON Pointer, `*` standing for the array's items. */
  pointer: string;
  /** Path from the result's root; `'*'` marks the row-spreading array. */
  path: string[];
}

type Schema = Record<string, unknown>;

const types = (s: Schema): string[] => (Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : []);
const isObject = (s: Schema) => (types(s).includes('object') || (s.type === undefined && typeof s.properties === 'object')) && typeof s.properties === 'object' && s.properties !== null;
const isArray = (s: Schema) => types(s).includes('array') && typeof s.items === 'object' && s.items !== null && !Array.isArray(s.items);

/** The leaf columns of a JSON Schema, in the schema's property order. */
export function csvColumns(schema: unknown): CsvColumn[] {
  const out: CsvColumn[] = [];
  walk(asSchema(schema), [], false, out);
  return out;
}

function asSchema(s: unknown): Schema {
  return s && typeof s === 'object' && !Array.isArray(s) ? (s as Schema) : {};
}

function walk(schema: Schema, path: string[], insideArray: boolean, out: CsvColumn[]): void {
  if (isObject(schema)) {
    const props = Object.entries(schema.properties as Record<string, unknown>);
    if (props.length > 0 || path.length === 0) {
      for (const [name, sub] of props) walk(asSchema(sub), [...path, name], insideArray, out);
      return;
    }
  }
  if (!insideArray && isArray(schema) && isObject(asSchema(schema.items)) && Object.keys(asSchema(schema.items).properties as object).length > 0) {
    walk(asSchema(schema.items), [...path, '*'], true, out);
    return;
  }
  if (path.length === 0) return; // extractor schemas are objects: nothing to name otherwise
  out.push({ pointer: path.map((t) => (t === '*' ? '*' : escapeToken(t))).reduce((p, t) => `${p}/${t}`, ''), path });
}

export interface CsvItem {
  custom_id: string;
  status: string;
  error_code: string | null;
  job_id?: string;
  /** The job's review status; null without a review. */
  review_status?: string | null;
  /** Pointers of the job's flags. */
  flagged_paths?: string[];
  /** Ids of the job's failed rules (docs/rules.md). */
  failed_rules?: string[];
  /** The extracted data (completed items; the reviewed data of an approved review), or null. */
  result: unknown;
  /** `result.confidence` of the job (JSON Pointer → confidence), or null. */
  confidence?: Record<string, unknown> | null;
}

export function csvHeader(columns: CsvColumn[], withConfidence = false): string[] {
  return [...FIXED_COLUMNS, ...columns.flatMap((c) => (withConfidence ? [c.pointer, `${c.pointer}__confidence`] : [c.pointer]))];
}

/** The rows of one item: one, or one per element of its row-spreading arrays. */
export function csvRows(columns: CsvColumn[], item: CsvItem, withConfidence = false): string[][] {
  const fixed = [item.custom_id, item.status, item.error_code ?? '', item.job_id ?? '', item.review_status ?? '', (item.flagged_paths ?? []).join(' '), (item.failed_rules ?? []).join(';')];
  const arrays = new Set(columns.filter((c) => c.path.includes('*')).map((c) => c.path.slice(0, c.path.indexOf('*')).join('\u0000')));
  let rows = 1;
  for (const key of arrays) {
    const value = at(item.result, key === '' ? [] : key.split('\u0000'));
    if (Array.isArray(value)) rows = Math.max(rows, value.length);
  }
  const out: string[][] = [];
  for (let r = 0; r < rows; r++) {
    const cells = columns.flatMap((c) => {
      const value = cell(valueAt(item.result, c.path, r));
      return withConfidence ? [value, confidenceCell(item, c.path, r)] : [value];
    });
    out.push([...fixed, ...cells]);
  }
  return out;
}

/**
 * The confidence of a cell: of its value's pointer, or for a cell holding JSON (a list or an
 * object) the lowest among the values under it; empty when the job reported none.
 */
function confidenceCell(item: CsvItem, path: string[], row: number): string {
  if (!item.confidence || valueAt(item.result, path, row) === undefined) return '';
  const pointer = path.map((t) => (t === '*' ? String(row) : escapeToken(t))).reduce((p, t) => `${p}/${t}`, '');
  let lowest: number | null = null;
  for (const [p, c] of Object.entries(item.confidence)) {
    if (typeof c !== 'number' || (p !== pointer && !p.startsWith(`${pointer}/`))) continue;
    lowest = lowest === null ? c : Math.min(lowest, c);
  }
  return lowest === null ? '' : String(lowest);
}

function valueAt(result: unknown, path: string[], row: number): unknown {
  const star = path.indexOf('*');
  if (star < 0) return at(result, path);
  const array = at(result, path.slice(0, star));
  if (!Array.isArray(array)) return undefined;
  return at(array[row], path.slice(star + 1));
}

function at(value: unknown, path: string[]): unknown {
  let v = value;
  for (const token of path) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[token];
  }
  return v;
}

/** A value as a cell: scalars as text, null/absent empty, anything else its JSON. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** One CSV record (RFC 4180): fields with a comma, quote, CR or LF are quoted, quotes doubled; CRLF ends it. */
export function csvLine(fields: string[]): string {
  return `${fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',')}\r\n`;
}
