import Router from '@koa/router';
import type { AppDeps } from '../context.js';

// POST /v1/schemas/validate — filled in by the schema-dialect work.
export function schemaRoutes(_deps: AppDeps): Router {
  return new Router({ prefix: '/v1/schemas' });
}
