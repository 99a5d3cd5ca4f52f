// Leaves of extracted data by JSON Pointer, nulls included (a null is a value the model gave).
import { childPointer } from '../long-documents/pointer.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every leaf (string, number, boolean or null) under `data`, in document order. */
export function leaves(data: unknown, path = ''): Array<{ pointer: string; value: unknown }> {
  if (Array.isArray(data)) return data.flatMap((v, i) => leaves(v, childPointer(path, i)));
  if (isObject(data)) return Object.entries(data).flatMap(([k, v]) => leaves(v, childPointer(path, k)));
  if (data === undefined) return [];
  return [{ pointer: path, value: data }];
}

/** The value at a JSON Pointer, or undefined when there is none. */
export function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let at: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      at = at[Number(token)];
    } else if (isObject(at)) {
      at = Object.hasOwn(at, token) ? at[token] : undefined;
    } else {
      return undefined;
    }
    if (at === undefined) return undefined;
  }
  return at;
}

/** True when `pointer` names a leaf of `data`. */
export function isLeaf(data: unknown, pointer: string): boolean {
  if (!pointer.startsWith('/')) return false;
  const v = valueAt(data, pointer);
  return v !== undefined && (v === null || typeof v !== 'object');
}

/** A copy of `data` with the leaf at `pointer` replaced by `value` (the pointer must name a leaf). */
export function withValueAt(data: unknown, pointer: string, value: unknown): unknown {
  const copy = structuredClone(data) as Record<string, unknown> | unknown[];
  const tokens = pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  let at: any = copy;
  for (const t of tokens.slice(0, -1)) at = Array.isArray(at) ? at[Number(t)] : at[t];
  const last = tokens[tokens.length - 1]!;
  if (Array.isArray(at)) at[Number(last)] = value;
  else at[last] = value;
  return copy;
}
