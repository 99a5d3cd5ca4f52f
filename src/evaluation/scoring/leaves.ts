// Expected and extracted data walked together down to their leaves, each leaf keyed by JSON
// Pointer and judged tp / fp / fn / tn. Arrays (of objects or of scalars) are paired by the
// assignment that maximises the matching leaves; what stays unpaired is missing or extra.
import { maximumAssignment } from './hungarian.js';
import { listedIn, type ScoringOptions } from './options.js';
import { escapePointer } from './schema-fields.js';
import { valuesEqual } from './values.js';

export type Outcome = 'tp' | 'fp_fn' | 'fp' | 'fn' | 'tn';

export interface Leaf {
  /** Concrete pointer, indices of the expected rows (extra extracted rows follow them). */
  path: string;
  /** The same pointer with every index replaced by `*`: the per-field aggregate key. */
  field: string;
  /** Where the extracted value sits in the extracted data (for its confidence); null when absent. */
  extractedPath: string | null;
  expected: unknown;
  extracted: unknown;
  outcome: Outcome;
}

export interface LeafContext {
  options: ScoringOptions;
  dateFields: ReadonlySet<string>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNull = (v: unknown) => v === null || v === undefined;

/** tp: both non-null and equal; fp+fn: both non-null, different; fp: unexpected; fn: missing; tn: both null. */
export function judge(expected: unknown, extracted: unknown, field: string, path: string, ctx: LeafContext): Outcome {
  if (isNull(expected)) return isNull(extracted) ? 'tn' : 'fp';
  if (isNull(extracted)) return 'fn';
  const equal = valuesEqual(expected, extracted, {
    fuzzy: listedIn(ctx.options.fuzzy_fields, field, path),
    fuzzyThreshold: ctx.options.fuzzy_threshold,
    numericTolerance: ctx.options.numeric_tolerance,
    date: ctx.dateFields.has(field),
  });
  return equal ? 'tp' : 'fp_fn';
}

interface At {
  path: string;
  field: string;
  extractedPath: string | null;
}

/** Every leaf of `expected` and `extracted` walked together (excluded fields skipped). */
export function collectLeaves(expected: unknown, extracted: unknown, ctx: LeafContext): Leaf[] {
  const out: Leaf[] = [];
  walk(expected, extracted, { path: '', field: '', extractedPath: '' }, ctx, out);
  return out;
}

function walk(expected: unknown, extracted: unknown, at: At, ctx: LeafContext, out: Leaf[]): void {
  if (at.path !== '' && listedIn(ctx.options.exclude_fields, at.field, at.path)) return;
  const e = isNull(expected) ? null : expected;
  const x = isNull(extracted) ? null : extracted;
  const containers = [e, x].filter((v) => v !== null);
  if (containers.length > 0 && containers.every((v) => Array.isArray(v))) {
    walkArrays((e as unknown[] | null) ?? [], (x as unknown[] | null) ?? [], at, ctx, out);
    return;
  }
  if (containers.length > 0 && containers.every(isObject)) {
    const eo = (e as Record<string, unknown> | null) ?? {};
    const xo = (x as Record<string, unknown> | null) ?? {};
    const keys = [...Object.keys(eo), ...Object.keys(xo).filter((k) => !(k in eo))];
    for (const key of keys) {
      const k = escapePointer(key);
      walk(eo[key], xo[key], { path: `${at.path}/${k}`, field: `${at.field}/${k}`, extractedPath: x === null || !(key in xo) ? null : `${at.extractedPath}/${k}` }, ctx, out);
    }
    return;
  }
  // A scalar, a null, or an object/array facing a value of another kind: one leaf.
  out.push({ path: at.path, field: at.field, extractedPath: x === null ? null : at.extractedPath, expected: e, extracted: x, outcome: judge(e, x, at.field, at.path, ctx) });
}

/**
 * Rows paired by the assignment that maximises matching leaves (tp), ties broken towards the same
 * position so equal arrays pair in order. Paired and unpaired expected rows keep their expected
 * index; extra extracted rows are numbered after the expected ones.
 */
function walkArrays(e: unknown[], x: unknown[], at: At, ctx: LeafContext, out: Leaf[]): void {
  const item = (i: number, xi: number | null): At => ({
    path: `${at.path}/${i}`,
    field: `${at.field}/*`,
    extractedPath: xi === null || at.extractedPath === null ? null : `${at.extractedPath}/${xi}`,
  });
  const bonus = e.length + x.length + 1; // one more matching leaf always beats any tie-break
  const score = e.map((ei, i) =>
    x.map((xj, j) => {
      const leaves: Leaf[] = [];
      walk(ei, xj, item(i, j), ctx, leaves);
      return leaves.filter((l) => l.outcome === 'tp').length * bonus + (i === j ? 1 : 0);
    }),
  );
  const pairs = maximumAssignment(score, e.length, x.length);
  const paired = new Set<number>();
  e.forEach((ei, i) => {
    const j = pairs[i]!;
    if (j >= 0) paired.add(j);
    walk(ei, j >= 0 ? x[j] : null, item(i, j >= 0 ? j : null), ctx, out);
  });
  let extra = e.length;
  x.forEach((xj, j) => {
    if (!paired.has(j)) walk(null, xj, item(extra++, j), ctx, out);
  });
}
