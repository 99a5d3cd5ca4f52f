import type { Context, Middleware } from 'koa';
import { RequestValidationError, type ValidationIssue } from '../errors.js';

// Postgres stores neither a NUL character in `text` nor `\u0000` in `jsonb`, and refuses a lone
// UTF-16 surrogate escape in `jsonb`: such input reached the database and came back as a 500.
// This module is the one place that deals with it, for every route:
// - NUL anywhere (a JSON value or key at any depth, a query parameter, a path, a multipart field
//   or filename) is refused with 422 naming the field (`type: "string_nul"`);
// - unpaired surrogates are replaced by U+FFFD (the Unicode replacement character) and stored so.

const NUL_MSG = 'String must not contain the NUL character (\\u0000)';
const MAX_ISSUES = 20;
const MAX_DEPTH = 200;

/**
 * Runs after JSON body parsing, before any route: refuses NUL in the body, the query string and
 * the path, and replaces unpaired surrogates in the body with U+FFFD.
 */
export function hostileStrings(): Middleware {
  return async (ctx, next) => {
    const issues: ValidationIssue[] = [];
    if (hasNul(safeDecode(ctx.path))) issues.push({ loc: ['path'], msg: NUL_MSG, type: 'string_nul' });
    for (const [key, value] of Object.entries(ctx.query)) {
      if (hasNul(key) || [value].flat().some((v) => typeof v === 'string' && hasNul(v))) {
        issues.push({ loc: ['query', key.replace(/\0/g, '\\u0000')], msg: NUL_MSG, type: 'string_nul' });
      }
    }
    const body = (ctx.request as { body?: unknown }).body;
    if (body !== undefined) {
      collectNul(body, ['body'], issues);
      if (issues.length === 0) (ctx.request as { body?: unknown }).body = wellFormed(body);
    }
    if (issues.length > 0) throw new RequestValidationError(issues.slice(0, MAX_ISSUES));
    await next();
  };
}

/**
 * For parsers that run inside a route (multipart uploads): refuses NUL in each file part's name and
 * filename, with the same 422 as JSON bodies. Text fields beside the file are ignored by the route
 * (never stored), so their characters do not matter.
 */
export function refuseHostileMultipart(ctx: Context): void {
  const issues: ValidationIssue[] = [];
  for (const [part, files] of Object.entries(ctx.request.files ?? {})) {
    for (const file of [files].flat()) {
      if (hasNul(part)) issues.push({ loc: ['body', part.replace(/\0/g, '\\u0000')], msg: NUL_MSG, type: 'string_nul' });
      else if (typeof file.originalFilename === 'string' && hasNul(file.originalFilename)) {
        issues.push({ loc: ['body', part, 'filename'], msg: NUL_MSG, type: 'string_nul' });
      }
    }
  }
  if (issues.length > 0) throw new RequestValidationError(issues.slice(0, MAX_ISSUES));
}

const hasNul = (s: string) => s.includes('\0');

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // malformed escapes are the router's business (404)
  }
}

/** Every NUL in `value`, keys included, at any depth; `loc` names where (a NUL in a key shows as `\u0000`). */
export function collectNul(value: unknown, loc: (string | number)[], issues: ValidationIssue[]): void {
  // Deeper than MAX_DEPTH: never reached, json-depth.ts refuses such bodies first (no stack overflow here).
  if (issues.length >= MAX_ISSUES || loc.length > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (hasNul(value)) issues.push({ loc, msg: NUL_MSG, type: 'string_nul' });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => collectNul(v, [...loc, i], issues));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (hasNul(k)) {
        issues.push({ loc: [...loc, k.replace(/\0/g, '\\u0000')], msg: 'Key must not contain the NUL character (\\u0000)', type: 'string_nul' });
      } else {
        collectNul(v, [...loc, k], issues);
      }
    }
  }
}

/** A copy of `value` whose strings and keys are well-formed UTF-16 (unpaired surrogates → U+FFFD). */
export function wellFormed<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return toWellFormed(value) as T;
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => wellFormed(v, depth + 1)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    // fromEntries defines own properties, so a "__proto__" key stays a key.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [toWellFormed(k), wellFormed(v, depth + 1)])) as T;
  }
  return value;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function toWellFormed(s: string): string {
  // Same as String.prototype.toWellFormed (Node 20), which tsconfig's lib does not declare.
  return /[\uD800-\uDFFF]/.test(s) ? s.replace(LONE_SURROGATE, '\uFFFD') : s;
}
