// Keyset pagination shared by every list endpoint: newest first, ordered by (created_at, id),
// with an opaque cursor. Offsets would skip or repeat rows while others are inserted; a keyset
// does not. The cursor keeps created_at at Postgres' microsecond precision, which a JS Date
// (milliseconds) would lose.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import { RequestValidationError } from './errors.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Query parameters of a list; extend it with filters (`pageQuerySchema.extend({...})`). */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().min(1).max(500).optional(),
});

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface Page<R> {
  rows: R[];
  nextCursor: string | null;
}

interface CursorKey {
  t: string; // created_at, ISO with microseconds, UTC
  id: string;
}

const CURSOR_TS = `to_char(?? AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Run `query` as one page. `query` selects its columns explicitly (e.g. `db('t').select('*')`),
 * has its filters applied and no order or limit. Key columns default to `created_at` and `id`;
 * pass qualified names when the query joins. Rows must carry the id column as `id`.
 */
export async function keysetPage<R extends object>(
  query: Knex.QueryBuilder,
  page: PageRequest,
  columns: { createdAt: string; id: string } = { createdAt: 'created_at', id: 'id' },
): Promise<Page<R>> {
  const q = query.clone();
  const client = q.client as Knex.Client;
  q.select(client.raw(`${CURSOR_TS} AS __cursor_t`, [columns.createdAt]));
  if (page.cursor) {
    const key = decodeCursor(page.cursor);
    q.whereRaw('(??, ??) < (?::timestamptz, ?)', [columns.createdAt, columns.id, key.t, key.id]);
  }
  q.orderBy([
    { column: columns.createdAt, order: 'desc' },
    { column: columns.id, order: 'desc' },
  ]).limit(page.limit + 1);

  const found = (await q) as (R & { __cursor_t: string })[];
  const more = found.length > page.limit;
  const taken = found.slice(0, page.limit);
  const last = taken[taken.length - 1];
  return {
    rows: taken.map(({ __cursor_t, ...row }) => row as unknown as R),
    nextCursor: more && last ? encodeCursor({ t: last.__cursor_t, id: String((last as Record<string, unknown>).id) }) : null,
  };
}

/** Tell the client where the next page starts: `X-Next-Cursor` and an RFC 8288 `Link` header. */
export function setPageHeaders(ctx: Context, nextCursor: string | null): void {
  if (!nextCursor) return;
  const next = new URL(ctx.href);
  next.searchParams.set('cursor', nextCursor);
  ctx.set('X-Next-Cursor', nextCursor);
  ctx.set('Link', `<${next.pathname}${next.search}>; rel="next"`);
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

const cursorKeySchema = z.object({
  t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/),
  id: z.string().min(1).max(200).refine((id) => !id.includes('\0'), 'no NUL'),
});

function isRealInstant(t: string): boolean {
  const ms = Date.parse(t);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 19) === t.slice(0, 19);
}

export function decodeCursor(cursor: string): CursorKey {
  try {
    const parsed = cursorKeySchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    // A real instant only: "2024-13-45T…" matches the pattern but Postgres refuses it (a 500).
    if (parsed.success && isRealInstant(parsed.data.t)) return parsed.data;
  } catch {
    // fall through to the validation error
  }
  throw new RequestValidationError([
    { loc: ['query', 'cursor'], msg: 'Invalid cursor; use the value returned by the previous page', type: 'value_error', input: cursor },
  ]);
}
