// Keyset pagination shared by every list: newest first, ordered by (created_at, id), with a
// cursor. Offsets would skip or repeat rows while others are inserted; a keyset does not.
// The cursor is `<created_at in microseconds since 1970>.<id>` (openapi.yaml's pattern): every
// string of that form is a position in the keyset, so any value the document calls valid is
// accepted, and it keeps Postgres' microsecond precision, which a JS Date (milliseconds) would lose.
// The HTTP layer only reads `limit`/`cursor` from the query (src/http/pagination.ts) and writes
// the next cursor; the cursor's encoding and the SQL live here.
import type { Knex } from 'knex';
import { RequestValidationError } from '../errors.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** `<microseconds since 1970-01-01Z>.<id>`; the same pattern is in openapi.yaml (Cursor). */
export const CURSOR_PATTERN = /^[0-9]{1,16}\.[0-9A-Za-z_-]{1,200}$/;
export const INVALID_CURSOR_MESSAGE = 'Invalid cursor; use the value returned by the previous page';

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

export function encodeCursor(key: CursorKey): string {
  return `${key.t}.${key.id}`;
}

/** The position a cursor names; a request-shape error (422, `query.cursor`) when it names none. */
export function decodeCursor(cursor: string): CursorKey {
  if (CURSOR_PATTERN.test(cursor)) {
    const dot = cursor.indexOf('.');
    return { t: cursor.slice(0, dot), id: cursor.slice(dot + 1) };
  }
  throw new RequestValidationError([{ loc: ['query', 'cursor'], msg: INVALID_CURSOR_MESSAGE, type: 'value_error', input: cursor }]);
}
