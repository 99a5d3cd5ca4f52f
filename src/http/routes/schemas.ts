import Router from '@koa/router';
import { z } from 'zod';
import { validateSchema } from '../../schema-dialect/index.js';
import type { AppDeps } from '../context.js';
import { parseRequest } from '../validation.js';

const ValidateBody = z.object({ schema: z.record(z.string(), z.unknown()) });

/**
 * POST /v1/schemas/validate. A request without an object `schema` is a 422; a schema that breaks
 * the dialect is still a 200, because the diagnostics are the answer to a validation request.
 */
export function schemaRoutes(_deps: AppDeps): Router {
  const router = new Router({ prefix: '/v1/schemas' });
  router.post('/validate', (ctx) => {
    parseRequest('body', ValidateBody, ctx.request.body);
    // Validate the submitted object itself, not zod's copy: the copy drops keys such as
    // "__proto__", and diagnostics must describe exactly what the client sent.
    const { schema } = ctx.request.body as { schema: unknown };
    ctx.status = 200;
    ctx.body = validateSchema(schema);
  });
  return router;
}
