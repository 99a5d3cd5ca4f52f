// The HTTP side of paging: read `limit` and `cursor` from the query, and tell the client where the
// next page starts. The keyset itself (cursor encoding, SQL) is src/storage/pagination.ts.
import type { Context } from 'koa';
import { z } from 'zod';
import { CURSOR_PATTERN, DEFAULT_PAGE_SIZE, INVALID_CURSOR_MESSAGE, MAX_PAGE_SIZE } from '../storage/pagination.js';
import { integerParam } from './validation.js';

/** Query parameters of a list; extend it with filters (`pageQuerySchema.extend({...})`). */
export const pageQuerySchema = z.object({
  limit: integerParam(1, MAX_PAGE_SIZE).optional().transform((n) => n ?? DEFAULT_PAGE_SIZE),
  cursor: z.string().min(1).max(500).regex(CURSOR_PATTERN, INVALID_CURSOR_MESSAGE).optional(),
});

/** Tell the client where the next page starts: `X-Next-Cursor` and an RFC 8288 `Link` header. */
export function setPageHeaders(ctx: Context, nextCursor: string | null): void {
  if (!nextCursor) return;
  const next = new URL(ctx.href);
  next.searchParams.set('cursor', nextCursor);
  ctx.set('X-Next-Cursor', nextCursor);
  ctx.set('Link', `<${next.pathname}${next.search}>; rel="next"`);
}
