import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { AppDeps } from './context.js';
import { errorHandler } from './middleware/error-handler.js';
import { requestId } from './middleware/request-id.js';
import { healthRoutes } from './routes/health.js';
import { v1Routes } from './routes/index.js';

/** Build the Koa application. No listening here: the caller decides where. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  app.silent = true; // errors are logged by errorHandler, once
  app.use(requestId(deps.logger));
  app.use(errorHandler(deps.logger));
  // JSON bodies only here; multipart uploads are parsed by the files route, which streams them.
  app.use(koaBody({ multipart: false, jsonLimit: '2mb', textLimit: '2mb', formLimit: '2mb' }));
  for (const router of [healthRoutes(deps), ...v1Routes(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
