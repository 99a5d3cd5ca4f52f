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
import type { AppDeps } from '../context.js';
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

  return router;
}
