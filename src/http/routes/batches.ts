import { Readable } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { csvLines } from '../../domain/batch-exports.js';
import {
  batchForExport,
  batchResults,
  cancelBatch,
  checkInputCount,
  createBatch,
  createBatchBody,
  deleteBatch,
  getBatch,
  listBatches,
  listBatchesQuery,
  resultsQuery,
  csvResultsQuery,
  retryBatch,
  type BatchResultLine,
} from '../../domain/batches.js';
import { parseIdempotencyKey } from '../../domain/idempotency.js';
import { batchChunkLines } from '../../domain/retrieval/batch-chunks.js';
import type { AppDeps } from '../context.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import { pathRef } from '../path-params.js';
import { parseRequest, requireJsonBody } from '../validation.js';
import { chunkFields, overlapBelowMax } from './parse-job-retrieval.js';

const listQuery = listBatchesQuery.extend(pageQuerySchema.shape);

const resultsAsRanges = resultsQuery.extend({ as: z.enum(['chunks']).optional(), ...chunkFields });
const resultsAsQuery = resultsAsRanges.refine(...overlapBelowMax);

export function batchRoutes({ db, temporal, config }: AppDeps): Router {
  const router = new Router({ prefix: '/v1/batches' });

  router.post('/', async (ctx) => {
    const key = parseIdempotencyKey(ctx.headers['idempotency-key']);
    const raw = requireJsonBody(ctx);
    checkInputCount(raw);
    const body = parseRequest('body', createBatchBody, raw ?? {});
    const { batch, replayed } = await createBatch(db, temporal, config, body, key);
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = batch;
  });

  router.get('/', async (ctx) => {
    const { limit, cursor, ...filter } = parseRequest('query', listQuery, ctx.query);
    const page = await listBatches(db, filter, { limit, cursor });
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor);
  });

  router.get('/:batch_id', async (ctx) => {
    ctx.body = await getBatch(db, pathRef(ctx.params, 'batch_id'));
  });

  router.post('/:batch_id/cancel', async (ctx) => {
    ctx.body = await cancelBatch(db, temporal, pathRef(ctx.params, 'batch_id'));
  });

  router.post('/:batch_id/retry', async (ctx) => {
    ctx.body = await retryBatch(db, temporal, config, pathRef(ctx.params, 'batch_id'));
  });

  router.delete('/:batch_id', async (ctx) => {
    const id = pathRef(ctx.params, 'batch_id');
    if ((await deleteBatch(db, temporal, id)) === 'deleted') {
      ctx.status = 204;
      return;
    }
    // Its workflow stops the items, then removes the batch and its jobs.
    ctx.status = 202;
    ctx.body = { id, status: 'deleting' };
  });

  // One JSON line per ended item, in input order, read from Postgres page by page.
  router.get('/:batch_id/results', async (ctx) => {
    const id = pathRef(ctx.params, 'batch_id');
    const query = parseRequest('query', resultsAsRanges, ctx.query);
    // Chunks: overlap_tokens below max_tokens (422) once the batch is found (a missing one is 404
    // whatever the query); without as=chunks the two are not used.
    if (query.as === 'chunks') {
      await batchForExport(db, id);
      parseRequest('query', resultsAsQuery, ctx.query);
    }
    // `as=chunks` (parse batches): one line per chunk of each completed item, with its custom_id.
    const lines: AsyncGenerator<object> = query.as === 'chunks'
      ? batchChunkLines(db, id, { maxTokens: query.max_tokens, overlapTokens: query.overlap_tokens })
      : batchResults(db, id, query.status);
    await streamFrom(ctx, 'application/x-ndjson; charset=utf-8', lines, (line) => `${JSON.stringify(line)}\n`);
  });

  // One row per item (or per element of its row-spreading arrays), columns from the batch's schema.
  router.get('/:batch_id/results.csv', async (ctx) => {
    const id = pathRef(ctx.params, 'batch_id');
    const { status, confidence } = parseRequest('query', csvResultsQuery, ctx.query);
    await streamFrom(ctx, 'text/csv; charset=utf-8', csvLines(db, id, { status, withConfidence: confidence === 'true' }), (s) => s);
    // Once the batch is found (streamFrom read the header line): a 404 carries no attachment name.
    ctx.set('Content-Disposition', `attachment; filename="${id}.csv"`);
  });

  return router;
}

/**
 * Stream an async sequence as the response body. Its first element is read before the headers go
 * out, so a missing batch is still a 404 with an error body.
 */
async function streamFrom<T>(ctx: Context, type: string, source: AsyncGenerator<T>, format: (item: T) => string): Promise<void> {
  const first = await source.next();
  async function* all(): AsyncGenerator<string> {
    if (first.done) return;
    let chunk = format(first.value);
    for await (const item of source) {
      chunk += format(item);
      // Write in chunks of ~64 KiB, not a write per line.
      if (chunk.length >= 65_536) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  ctx.type = type;
  ctx.status = 200;
  ctx.body = Readable.from(all());
}

export type { BatchResultLine };
