import type { Context } from 'koa';
import { z } from 'zod';
import { RequestValidationError, type ValidationIssue } from './errors.js';

type Where = 'body' | 'query' | 'path';

/**
 * An integer query or path parameter as openapi.yaml types it: decimal digits with an optional
 * minus sign and nothing else, within [min, max]. Not `z.coerce.number()`, which reads '' as 0 and
 * accepts ' 5', '0x10' and '1e1'.
 */
export function integerParam(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d+$/, 'Input should be a valid integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/**
 * For operations whose JSON body openapi.yaml marks required: a request without one is a 422
 * (`missing`), not an empty object. An empty PATCH would otherwise answer 200 and change nothing.
 */
export function requireJsonBody(ctx: Context): unknown {
  if (!ctx.is('application/json')) {
    throw new RequestValidationError([{ loc: ['body'], msg: 'Field required: a JSON object body', type: 'missing' }]);
  }
  return ctx.request.body;
}

/**
 * Validate one part of a request with a zod schema; a mismatch becomes a 422
 * HTTPValidationError whose `loc` starts with the part's name, as clients of the contract expect.
 */
export function parseRequest<S extends z.ZodType>(where: Where, schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new RequestValidationError(result.error.issues.flatMap((issue) => toIssues(where, issue, input)));
}

function toIssues(where: Where, issue: z.core.$ZodIssue, root: unknown): ValidationIssue[] {
  // One entry per unknown field, named where it is, as clients of HTTPValidationError expect.
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const path = [...issue.path, key];
      const value = valueAt(root, path);
      return {
        loc: [where, ...path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
        ...(value !== undefined && isSmall(value) ? { input: value } : {}),
      };
    });
  }
  return [toIssue(where, issue, root)];
}

function toIssue(where: Where, issue: z.core.$ZodIssue, root: unknown): ValidationIssue {
  const value = valueAt(root, issue.path);
  const missing = issue.code === 'invalid_type' && value === undefined;
  return {
    loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: missing ? 'Field required' : issue.message,
    type: missing ? 'missing' : issue.code,
    ...(value !== undefined && isSmall(value) ? { input: value } : {}),
  };
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v: any = root;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[p as any];
  }
  return v;
}

// Echo small inputs only: a validation error must never carry a huge body back.
function isSmall(v: unknown): boolean {
  try {
    return JSON.stringify(v).length <= 1000;
  } catch {
    return false;
  }
}
