// How the command line shows an API error: `error <code>: <detail>` on the first line, and each
// problem of a structured detail (a schema's errors and warnings, a request's invalid fields) on a
// line of its own, instead of the detail's raw JSON.
import { describeDetail } from '../../clients/typescript/index.js';

interface Problem {
  code?: unknown;
  path?: unknown;
  loc?: unknown;
  message?: unknown;
  msg?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One problem as `<code> at <where>: <message>` (as `schema validate` prints its diagnostics). */
function problemLine(p: unknown): string {
  if (!isObject(p)) return typeof p === 'string' ? p : JSON.stringify(p);
  const q = p as Problem;
  const where = typeof q.path === 'string' ? q.path || '/' : Array.isArray(q.loc) ? q.loc.join('.') : undefined;
  const message = typeof q.message === 'string' ? q.message : typeof q.msg === 'string' ? q.msg : JSON.stringify(p);
  const code = typeof q.code === 'string' ? `${q.code} ` : '';
  return where === undefined ? `${code}${message}` : `${code}at ${where}: ${message}`;
}

/** The lines to print for an error: first `error <code>: <summary>`, then one indented line per problem. */
export function errorLines(code: string, detail: unknown): string[] {
  if (Array.isArray(detail)) {
    if (detail.length === 1) return [`error ${code}: ${problemLine(detail[0])}`];
    return [`error ${code}: ${detail.length} problems`, ...detail.map((p) => `  ${problemLine(p)}`)];
  }
  if (isObject(detail) && typeof detail.message === 'string') {
    const errors = Array.isArray(detail.errors) ? detail.errors : [];
    const warnings = Array.isArray(detail.warnings) ? detail.warnings : [];
    const rest = Object.keys(detail).filter((k) => !['message', 'errors', 'warnings'].includes(k));
    return [
      `error ${code}: ${detail.message}`,
      ...errors.map((p) => `  ${problemLine(p)}`),
      ...warnings.map((p) => `  warning ${problemLine(p)}`),
      ...rest.map((k) => `  ${k}: ${typeof detail[k] === 'string' ? detail[k] : JSON.stringify(detail[k])}`),
    ];
  }
  return [`error ${code}: ${describeDetail(detail)}`];
}
