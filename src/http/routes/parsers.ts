import Router from '@koa/router';
import { z } from 'zod';
import { refSchema } from '../../domain/definitions-common.js';
import {
  createParser,
  deleteParser,
  getParser,
  listParsers,
  parserCreateSchema,
  parserDefinitionSchema,
  parserNameSchema,
  parserPatchSchema,
  patchParser,
  putParser,
} from '../../domain/parsers.js';
import type { AppDeps } from '../context.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import { parseRequest, requireJsonBody } from '../validation.js';

const refPath = z.object({ ref: refSchema });
const namePath = z.object({ ref: parserNameSchema });

/** /v1/parsers: list, read, create, create-or-replace by name, partial update, delete. */
export function parserRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/v1/parsers' });

  router.get('/', async (ctx) => {
    const page = parseRequest('query', pageQuerySchema, ctx.query);
    const { rows, nextCursor } = await listParsers(deps.db, page);
    setPageHeaders(ctx, nextCursor);
    ctx.body = rows;
  });

  router.post('/', async (ctx) => {
    const body = parseRequest('body', parserCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createParser(deps, body);
  });

  router.get('/:ref', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    ctx.body = await getParser(deps.db, ref);
  });

  router.put('/:ref', async (ctx) => {
    const { ref: name } = parseRequest('path', namePath, ctx.params);
    const body = parseRequest('body', parserDefinitionSchema, ctx.request.body);
    const { parser, created } = await putParser(deps, name, body);
    ctx.status = created ? 201 : 200;
    ctx.body = parser;
  });

  router.patch('/:ref', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    const body = parseRequest('body', parserPatchSchema, requireJsonBody(ctx));
    ctx.body = await patchParser(deps, ref, body);
  });

  router.delete('/:ref', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    await deleteParser(deps.db, ref);
    ctx.status = 204;
  });

  return router;
}
