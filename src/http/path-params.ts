import { z } from 'zod';
import { parseRequest } from './validation.js';

// Any identifier-looking string that matches nothing is simply "not found" (404), which is what
// clients expect; only values no identifier or name could ever have are request-shape errors (422).
const ref = z.string().min(1).max(128).regex(/^[A-Za-z0-9_.-]+$/, 'must be an identifier or a stable name');

export function pathRef(params: Record<string, string>, name: string): string {
  return parseRequest('path', z.object({ [name]: ref }), params)[name] as string;
}
