import Router from '@koa/router';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import { parseJobChunks, parseJobDocument, parseJobTableCsv, parseJobTables } from '../../domain/retrieval/reads.js';
import { DOCUMENT_FORMATS, MAX_CHUNK_TOKENS, MIN_CHUNK_TOKENS } from '../../retrieval/index.js';
import type { AppDeps } from '../context.js';
import { pathRef } from '../path-params.js';
import { integerParam, parseRequest } from '../validation.js';

export const DEFAULT_CHUNK_TOKENS = 512;

/** `max_tokens` (32–8,192, default 512) and `overlap_tokens` (default 0), as query fields. */
export const chunkFields = {
  max_tokens: integerParam(MIN_CHUNK_TOKENS, MAX_CHUNK_TOKENS).optional().transform((n) => n ?? DEFAULT_CHUNK_TOKENS),
  overlap_tokens: integerParam(0, MAX_CHUNK_TOKENS).optional().transform((n) => n ?? 0),
};

/** The overlap must leave room in a chunk: below max_tokens (else 422). */
export const overlapBelowMax: [(q: { max_tokens: number; overlap_tokens: number }) => boolean, { path: string[]; message: string }] = [
  (q) => q.overlap_tokens < q.max_tokens,
  { path: ['overlap_tokens'], message: 'overlap_tokens must be less than max_tokens' },
];

const chunkRanges = z.object(chunkFields);
const chunkQuery = chunkRanges.refine(...overlapBelowMax);

const documentQuery = z.object({ format: z.enum(DOCUMENT_FORMATS).optional().transform((f) => f ?? 'markdown') });
const tableIndex = integerParam(0, 1_000_000);

/** Parse results for retrieval: chunks, tables, a table as CSV, the whole document (issue 41). */
export function parseJobRetrievalRoutes({ db }: AppDeps): Router {
  const router = new Router({ prefix: '/v1/parse-jobs' });

  router.get('/:job_id/chunks', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    const q = parseRequest('query', chunkRanges, ctx.query);
    // The relation of the two (422) is checked once the job is found: a missing job is 404 whatever
    // the query, as every other read of a missing job (issue 48: what the fuzzer could not know).
    const check = () => void parseRequest('query', chunkQuery, ctx.query);
    ctx.body = await parseJobChunks(db, id, { maxTokens: q.max_tokens, overlapTokens: q.overlap_tokens }, check);
  });

  router.get('/:job_id/tables', async (ctx) => {
    ctx.body = await parseJobTables(db, pathRef(ctx.params, 'job_id'));
  });

  router.get('/:job_id/tables/:index.csv', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    const index = parseRequest('path', z.object({ index: tableIndex }), { index: ctx.params.index }).index;
    ctx.body = await parseJobTableCsv(db, id, index);
    ctx.type = 'text/csv; charset=utf-8; header=present';
    ctx.set('Content-Disposition', contentDisposition(`${id}-table-${index}.csv`, { type: 'attachment' }));
  });

  router.get('/:job_id/document', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    const { format } = parseRequest('query', documentQuery, ctx.query);
    const doc = await parseJobDocument(db, id, format);
    ctx.body = doc.body;
    ctx.type = doc.mediaType;
    ctx.set('Content-Disposition', contentDisposition(doc.filename, { type: 'attachment' }));
  });

  return router;
}
