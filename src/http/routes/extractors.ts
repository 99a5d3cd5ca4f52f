import Router from '@koa/router';
import { z } from 'zod';
import { refSchema } from '../../domain/definitions-common.js';
import {
  deleteExtractor,
  extractorDefinitionSchema,
  extractorNameSchema,
  extractorPatchSchema,
  getExtractor,
  listExtractors,
  patchExtractor,
  putExtractor,
} from '../../domain/extractors.js';
import {
  cancelCandidate,
  createCandidate,
  createCandidateBody,
  getCandidate,
  listCandidates,
  promoteCandidate,
  promoteCandidateBody,
} from '../../domain/candidates/candidates.js';
import type { AppDeps } from '../context.js';
import { pathRef } from '../path-params.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import { parseRequest, requireJsonBody } from '../validation.js';

const refPath = z.object({ ref: refSchema });
const namePath = z.object({ ref: extractorNameSchema });

/** /v1/extractors: list, read, create-or-replace by name, partial update, delete. */
export function extractorRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/v1/extractors' });

  router.get('/', async (ctx) => {
    const page = parseRequest('query', pageQuerySchema, ctx.query);
    const { rows, nextCursor } = await listExtractors(deps.db, page);
    setPageHeaders(ctx, nextCursor);
    ctx.body = rows;
  });

  router.get('/:ref', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    ctx.body = await getExtractor(deps.db, ref);
  });

  router.put('/:ref', async (ctx) => {
    const { ref: name } = parseRequest('path', namePath, ctx.params);
    const body = parseRequest('body', extractorDefinitionSchema, ctx.request.body);
    const { extractor, created } = await putExtractor(deps, name, body);
    ctx.status = created ? 201 : 200;
    ctx.body = extractor;
  });

  router.patch('/:ref', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    const body = parseRequest('body', extractorPatchSchema, requireJsonBody(ctx));
    ctx.body = await patchExtractor(deps, ref, body);
  });

  router.delete('/:ref', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    await deleteExtractor(deps.db, ref);
    ctx.status = 204;
  });

  // The release gate: candidates of a change, run on the extractor's evaluation set and compared.
  router.post('/:ref/candidates', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    const body = parseRequest('body', createCandidateBody, requireJsonBody(ctx));
    ctx.status = 201;
    ctx.body = await createCandidate(deps, ref, body);
  });

  router.get('/:ref/candidates', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    const page = parseRequest('query', pageQuerySchema, ctx.query);
    const { rows, nextCursor } = await listCandidates(deps.db, ref, page);
    setPageHeaders(ctx, nextCursor);
    ctx.body = rows;
  });

  router.get('/:ref/candidates/:candidate_id', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    ctx.body = await getCandidate(deps.db, ref, pathRef(ctx.params, 'candidate_id'));
  });

  router.post('/:ref/candidates/:candidate_id/cancel', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    ctx.body = await cancelCandidate(deps.db, deps.temporal, ref, pathRef(ctx.params, 'candidate_id'));
  });

  router.post('/:ref/candidates/:candidate_id/promote', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    const body = parseRequest('body', promoteCandidateBody, ctx.request.body ?? {});
    ctx.body = await promoteCandidate(deps, ref, pathRef(ctx.params, 'candidate_id'), body);
  });

  return router;
}
