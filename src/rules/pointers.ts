// Rule pointers: JSON Pointers whose `*` tokens run over arrays, checked against the extractor's
// schema and expanded over extracted data.
import { shapeOf } from '../providers/schema-shape.js';
import type { JsonSchema } from '../providers/types.js';
import { childPointer } from '../long-documents/pointer.js';

const INDEX = /^(0|[1-9]\d*)$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The unescaped tokens of a pointer; null when it is not a JSON Pointer. */
export function pointerTokens(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/') || /~[^01]|~$/.test(pointer)) return null;
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export type SchemaField = { ok: true; kind: string; wildcards: number } | { ok: false; reason: string };

/**
 * Whether `pointer` names a field of `schema`: every token a property of an object, or `*` (or an
 * index) into an array. Answers the field's kind (object, array, string, number, …) and how many
 * `*` the pointer has.
 */
export function schemaField(schema: JsonSchema, pointer: string): SchemaField {
  const tokens = pointerTokens(pointer);
  if (tokens === null) return { ok: false, reason: `'${pointer}' is not a JSON Pointer (it must be "" or start with "/")` };
  let node: JsonSchema = schema;
  let at = '';
  let wildcards = 0;
  for (const token of tokens) {
    const shape = shapeOf(node ?? {});
    if (shape.kind === 'object') {
      if (!Object.hasOwn(shape.properties, token)) {
        return { ok: false, reason: `'${pointer}' does not name a field of the schema: ${at === '' ? 'the top level' : `'${at}'`} has no property '${token}'` };
      }
      node = shape.properties[token]!;
    } else if (shape.kind === 'array') {
      if (token !== '*' && !INDEX.test(token)) {
        return { ok: false, reason: `'${pointer}' does not name a field of the schema: '${at}' is an array, so the next token must be '*' or an index, not '${token}'` };
      }
      if (token === '*') wildcards++;
      node = shape.items;
    } else {
      return { ok: false, reason: `'${pointer}' does not name a field of the schema: '${at}' is ${shape.kind === 'unknown' ? 'not an object or array' : `a ${shape.kind}`}, it has no '${token}'` };
    }
    at = childPointer(at, token);
  }
  return { ok: true, kind: shapeOf(node ?? {}).kind, wildcards };
}

/** One value a rule pointer reaches: its concrete pointer, the value, and the indices its `*` took. */
export interface Match {
  pointer: string;
  /** undefined when the data has no value there (a parent is null or missing). */
  value: unknown;
  bindings: number[];
}

/**
 * Every value `pointer` reaches in `data`, `*` running over arrays. A path through a null or missing
 * parent reaches one undefined value (so `required` can fail on it);
 * a `*` over an empty array reaches nothing.
 */
export function expand(data: unknown, pointer: string): Match[] {
  const tokens = pointerTokens(pointer) ?? [];
  const out: Match[] = [];
  const walk = (at: unknown, i: number, path: string, bindings: number[]) => {
    if (i === tokens.length) {
      out.push({ pointer: path, value: at, bindings });
      return;
    }
    const token = tokens[i]!;
    if (Array.isArray(at)) {
      if (token === '*') {
        at.forEach((v, n) => walk(v, i + 1, childPointer(path, n), [...bindings, n]));
        return;
      }
      if (INDEX.test(token)) return walk(at[Number(token)], i + 1, childPointer(path, token), bindings);
      return walk(undefined, tokens.length, childPointer(path, token), bindings);
    }
    if (isObject(at)) return walk(Object.hasOwn(at, token) ? at[token] : undefined, i + 1, childPointer(path, token), bindings);
    // A null or missing parent: the rest of the pointer reaches nothing. It is reported by its full
    // pointer, or by the parent's when the rest runs over arrays that are not there.
    const rest = tokens.slice(i);
    out.push({ pointer: rest.includes('*') ? path : rest.reduce((p, t) => childPointer(p, t), path), value: undefined, bindings });
  };
  walk(data, 0, '', []);
  return out;
}

/** Two matches belong together when the indices their `*` took agree as far as both go. */
export function correlated(a: Match, b: Match): boolean {
  const n = Math.min(a.bindings.length, b.bindings.length);
  for (let i = 0; i < n; i++) if (a.bindings[i] !== b.bindings[i]) return false;
  return true;
}
