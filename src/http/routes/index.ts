import type Router from '@koa/router';
import type { AppDeps } from '../context.js';
import { schemaRoutes } from './schemas.js';

/** Every /v1 router, in one list so app.ts stays small. */
export function v1Routes(deps: AppDeps): Router[] {
  return [schemaRoutes(deps)];
}
