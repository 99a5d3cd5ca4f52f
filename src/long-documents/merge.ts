// Merge of window answers, directed by the extractor's schema, in page order:
// - lists: items concatenated in window order; an item deep-equal to the last item of the
//   previous window is dropped once (a row straddling a page break is often reported twice);
// - objects: merged property by property;
// - scalars (and anything the schema does not describe as an object or a list): the first
//   non-null value in page order wins; a different non-null value from a later window is
//   recorded as a conflict, never dropped silently.
// Alongside the data, `origins` says which window produced every non-null leaf, and `sources`
// which window and which pointer in that window's answer every leaf (nulls included) came from.
import { shapeOf } from '../providers/schema-shape.js';
import type { JsonSchema } from '../providers/types.js';
import { childPointer, deepEqual } from './pointer.js';

export interface WindowAnswer {
  /** Pages the window held, in order. */
  pages: number[];
  /** The window's validated answer (window schema: any property may be null). */
  data: unknown;
}

export interface Conflict {
  /** JSON Pointer of the value in `result.data`. */
  path: string;
  /** Every distinct value seen, the winner first, each with the pages of the windows that gave it. */
  values: Array<{ value: unknown; pages: number[] }>;
}

export interface MergeResult {
  data: Record<string, unknown>;
  conflicts: Conflict[];
  /** JSON Pointer of every non-null leaf of `data` → pages of the window that produced it. */
  origins: Map<string, number[]>;
  /** JSON Pointer of every leaf of `data` → the window (index in page order) and pointer in its answer it came from. */
  sources: Map<string, LeafSource>;
}

export interface LeafSource {
  window: number;
  pointer: string;
}

interface Part {
  value: unknown;
  pages: number[];
  /** Index of the window in page order, and where the value is in that window's answer. */
  window: number;
  path: string;
}

interface Sinks {
  conflicts: Conflict[];
  origins: Map<string, number[]>;
  sources: Map<string, LeafSource>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function mergeWindows(schema: JsonSchema, answers: WindowAnswer[]): MergeResult {
  const sinks: Sinks = { conflicts: [], origins: new Map(), sources: new Map() };
  const parts = answers.map((a, window) => ({ value: a.data, pages: a.pages, window, path: '' }));
  const data = mergeNode(schema, parts, '', sinks);
  return { data: isObject(data) ? data : {}, conflicts: sinks.conflicts, origins: sinks.origins, sources: sinks.sources };
}

function mergeNode(schema: JsonSchema, parts: Part[], path: string, sinks: Sinks): unknown {
  const { conflicts, origins } = sinks;
  const present = parts.filter((p) => p.value !== null && p.value !== undefined);
  if (present.length === 0) {
    // Null everywhere: the first window that said so is its source.
    const first = parts.find((p) => p.value === null);
    if (first) sinks.sources.set(path, { window: first.window, pointer: first.path });
    return null;
  }
  const shape = shapeOf(schema ?? {});

  if (shape.kind === 'object' && present.every((p) => isObject(p.value))) {
    const out: Record<string, unknown> = {};
    const keys = new Set<string>(Object.keys(shape.properties));
    for (const p of present) for (const k of Object.keys(p.value as object)) keys.add(k);
    for (const key of keys) {
      const childParts = present.map((p) => ({
        value: (p.value as Record<string, unknown>)[key],
        pages: p.pages,
        window: p.window,
        path: childPointer(p.path, key),
      }));
      const merged = mergeNode(shape.properties[key] ?? {}, childParts, childPointer(path, key), sinks);
      if (merged !== null || childParts.some((c) => c.value === null)) out[key] = merged;
    }
    return out;
  }

  if (shape.kind === 'array' && present.every((p) => Array.isArray(p.value))) {
    const out: unknown[] = [];
    let previousLast: { value: unknown } | null = null;
    for (const p of present) {
      const items = p.value as unknown[];
      if (items.length === 0) continue;
      let start = 0;
      if (previousLast && deepEqual(items[0], previousLast.value)) start = 1;
      for (let i = start; i < items.length; i++) {
        recordOrigins(items[i], childPointer(path, out.length), p.pages, origins);
        recordSources(items[i], childPointer(path, out.length), { window: p.window, pointer: childPointer(p.path, i) }, sinks.sources);
        out.push(items[i]);
      }
      previousLast = { value: items[items.length - 1] };
    }
    return out;
  }

  // A scalar: first non-null wins; other values are conflicts.
  const winner = present[0]!;
  const values: Part[] = [];
  for (const p of present) {
    const seen = values.find((v) => deepEqual(v.value, p.value));
    if (seen) seen.pages = [...seen.pages, ...p.pages];
    else values.push({ value: p.value, pages: [...p.pages], window: p.window, path: p.path });
  }
  if (values.length > 1) conflicts.push({ path: path || '/', values: values.map((v) => ({ value: v.value, pages: v.pages })) });
  recordOrigins(winner.value, path, winner.pages, origins);
  recordSources(winner.value, path, { window: winner.window, pointer: winner.path }, sinks.sources);
  return winner.value;
}

/** Every non-null leaf under `value` (at `path`) came from `pages`. */
export function recordOrigins(value: unknown, path: string, pages: number[], origins: Map<string, number[]>): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => recordOrigins(v, childPointer(path, i), pages, origins));
    return;
  }
  if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) recordOrigins(v, childPointer(path, k), pages, origins);
    return;
  }
  origins.set(path, pages);
}

/** Every leaf under `value` (at `path`, nulls included) came from `source` (the same relative path under it). */
function recordSources(value: unknown, path: string, source: LeafSource, sources: Map<string, LeafSource>): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => recordSources(v, childPointer(path, i), { window: source.window, pointer: childPointer(source.pointer, i) }, sources));
    return;
  }
  if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      recordSources(v, childPointer(path, k), { window: source.window, pointer: childPointer(source.pointer, k) }, sources);
    }
    return;
  }
  if (value !== undefined) sources.set(path, source);
}

/** Leaves of `data` that survived conforming to the real schema (keys dropped there lose their origin). */
export function leafPointers(data: unknown, path = ''): Array<{ pointer: string; value: unknown }> {
  if (data === null || data === undefined) return [];
  if (Array.isArray(data)) return data.flatMap((v, i) => leafPointers(v, childPointer(path, i)));
  if (isObject(data)) return Object.entries(data).flatMap(([k, v]) => leafPointers(v, childPointer(path, k)));
  return [{ pointer: path, value: data }];
}
