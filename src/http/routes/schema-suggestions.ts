import Router from '@koa/router';
import { parseIdempotencyKey } from '../../domain/idempotency.js';
import { readJob } from '../../domain/job-reads.js';
import {
  cancelSchemaSuggestion,
  createSchemaSuggestion,
  createSchemaSuggestionBody,
  deleteSchemaSuggestion,
  findSchemaSuggestion,
  listSchemaSuggestions,
  listSchemaSuggestionsQuery,
} from '../../domain/schema-suggestions.js';
import type { AppDeps } from '../context.js';
import { readWithWait } from '../job-streams.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import { pathRef } from '../path-params.js';
import { parseRequest } from '../validation.js';

const listQuery = listSchemaSuggestionsQuery.extend(pageQuerySchema.shape);

/** /v1/schema-suggestions (issue 51): a suggestion is a job; create, read (long-poll), list, cancel, delete. */
export function schemaSuggestionRoutes({ db, temporal, config, jobEvents }: AppDeps): Router {
  const router = new Router({ prefix: '/v1/schema-suggestions' });

  router.post('/', async (ctx) => {
    const key = parseIdempotencyKey(ctx.headers['idempotency-key']);
    const body = parseRequest('body', createSchemaSuggestionBody, ctx.request.body ?? {});
    const { job, replayed } = await createSchemaSuggestion(db, temporal, config, body, key);
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = job;
  });

  router.get('/', async (ctx) => {
    const { limit, cursor, ...filter } = parseRequest('query', listQuery, ctx.query);
    const page = await listSchemaSuggestions(db, filter, { limit, cursor });
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor);
  });

  router.get('/:suggestion_id', async (ctx) => {
    const id = pathRef(ctx.params, 'suggestion_id');
    ctx.body = await readWithWait(ctx, jobEvents, id, () => readJob(db, 'suggestion', id), config.longPollMaxSeconds);
  });

  router.post('/:suggestion_id/cancel', async (ctx) => {
    ctx.body = await cancelSchemaSuggestion(db, temporal, pathRef(ctx.params, 'suggestion_id'));
  });

  router.delete('/:suggestion_id', async (ctx) => {
    const id = pathRef(ctx.params, 'suggestion_id');
    if ((await deleteSchemaSuggestion(db, temporal, id)) === 'deleted') {
      ctx.status = 204;
      return;
    }
    const job = await findSchemaSuggestion(db, id);
    ctx.status = job ? 202 : 204;
    ctx.body = job ?? undefined;
  });

  return router;
}
