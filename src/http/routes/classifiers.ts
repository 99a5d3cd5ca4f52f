import Router from '@koa/router';
import { z } from 'zod';
import {
  classifierDefinitionSchema,
  classifierNameSchema,
  deleteClassifier,
  getClassifier,
  listClassifiers,
  putClassifier,
} from '../../domain/classification/classifiers.js';
import { refSchema } from '../../domain/definitions-common.js';
import type { AppDeps } from '../context.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import { parseRequest } from '../validation.js';

const refPath = z.object({ ref: refSchema });
const namePath = z.object({ ref: classifierNameSchema });

/** /v1/classifiers: list, read, create-or-replace by name, delete (issue 44). */
export function classifierRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/v1/classifiers' });

  router.get('/', async (ctx) => {
    const page = parseRequest('query', pageQuerySchema, ctx.query);
    const { rows, nextCursor } = await listClassifiers(deps.db, page);
    setPageHeaders(ctx, nextCursor);
    ctx.body = rows;
  });

  router.get('/:ref', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    ctx.body = await getClassifier(deps.db, ref);
  });

  router.put('/:ref', async (ctx) => {
    const { ref: name } = parseRequest('path', namePath, ctx.params);
    const body = parseRequest('body', classifierDefinitionSchema, ctx.request.body);
    const { classifier, created } = await putClassifier(deps, name, body);
    ctx.status = created ? 201 : 200;
    ctx.body = classifier;
  });

  router.delete('/:ref', async (ctx) => {
    const { ref } = parseRequest('path', refPath, ctx.params);
    await deleteClassifier(deps.db, ref);
    ctx.status = 204;
  });

  return router;
}
