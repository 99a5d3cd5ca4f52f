// Keyset pagination shared by every list endpoint: newest first, ordered by (created_at, id),
// with a cursor. Offsets would skip or repeat rows while others are inserted; a keyset does not.
// The cursor is `<created_at in microseconds since 1970>.<id>` (openapi.yaml's pattern): every
// string of that form is a position in the keyset, so any value the document calls valid is
// accepted, and it keeps Postgres' microsecond precision, which a JS Date (milliseconds) would lose.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import { RequestValidationError } from './errors.js';
import { integerParam } from './validation.js';

export const DEFAULT_PAGE_SIZE = 20;
/** `<microseconds since 1970-01-01Z>.<id>`; the same pattern is in openapi.yaml (Cursor). */
export const CURSOR_PATTERN = /^[0-9]{1,16}\.[0-9A-Za-z_-]{1,200}$/;
export const MAX_PAGE_SIZE = 100;

/** Query parameters of a list; extend it with filters (`pageQuerySchema.extend({...})`). */
export const pageQuerySchema = z.object({
  limit: integerParam(1, MAX_PAGE_SIZE).optional().transform((n) => n ?? DEFAULT_PAGE_SIZE),
  cursor: z.string().min(1).max(500).regex(CURSOR_PATTERN, 'Invalid cursor; use the value returned by the previous page').optional(),
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
  t: string; // created_at, whole microseconds since 1970-01-01Z, in decimal
  id: string;
}

const CURSOR_TS = `(extract(epoch from ??) * 1000000)::bigint::text`;

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
    q.whereRaw(`(??, ??) < (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?)`, [columns.createdAt, columns.id, key.t, key.id]);
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
  return `${key.t}.${key.id}`;
}

export function decodeCursor(cursor: string): CursorKey {
  if (CURSOR_PATTERN.test(cursor)) {
    const dot = cursor.indexOf('.');
    return { t: cursor.slice(0, dot), id: cursor.slice(dot + 1) };
  }
  throw new RequestValidationError([
    { loc: ['query', 'cursor'], msg: 'Invalid cursor; use the value returned by the previous page', type: 'value_error', input: cursor },
  ]);
}
