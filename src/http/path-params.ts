import { z } from 'zod';
import { parseRequest } from './validation.js';

// Any identifier-looking string that matches nothing is simply "not found" (404), which is what
// clients expect; only values no identifier or name could ever have are request-shape errors (422).
const ref = z.string().min(1).max(128).regex(/^[A-Za-z0-9_.-]+$/, 'must be an identifier or a stable name');

// One schema per parameter name, built once: zod compiles an object schema on its first parse,
// which is far more work than the parse itself.
const byName = new Map<string, z.ZodType<Record<string, string>>>();

export function pathRef(params: Record<string, string>, name: string): string {
  let schema = byName.get(name);
  if (!schema) byName.set(name, (schema = z.object({ [name]: ref }) as unknown as z.ZodType<Record<string, string>>));
  return parseRequest('path', schema, params)[name] as string;
}
