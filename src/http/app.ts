import type Router from '@koa/router';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { AppDeps } from './context.js';
import { bearerAuth, type WorkspaceDirectory } from './middleware/auth.js';
import { auditTrail } from './middleware/audit.js';
import { requestRateLimiter, workspaceQuotas } from './middleware/quotas.js';
import { workspaceRoutes } from './routes/workspaces.js';
import { authenticateKey, findWorkspace, type Workspace } from '../domain/workspaces.js';
import type { Db } from '../storage/db.js';
import { workspaceScopedDb } from '../storage/workspace-scope.js';
import { installWorkspaceGuard } from '../storage/workspace-guard.js';
import { errorHandler } from './middleware/error-handler.js';
import { httpMetrics } from './middleware/http-metrics.js';
import { hostileStrings } from './middleware/hostile-strings.js';
import { jsonDepthLimit } from './middleware/json-depth.js';
import { releaseLargeBodies } from './middleware/large-bodies.js';
import { methodNotAllowed } from './middleware/method-not-allowed.js';
import { requestId } from './middleware/request-id.js';
import { docsRoutes } from './routes/docs.js';
import { healthRoutes } from './routes/health.js';
import { v1Routes } from './routes/index.js';
import { presentMetricsSource } from '../metrics/present.js';
import { metricsRoutes } from './routes/metrics.js';
import { studioRoutes } from './routes/studio.js';
import { mcpRoutes } from '../mcp/http.js';

/** Build the Koa application. No listening here: the caller decides where. */

export function createApp(unscopedDeps: AppDeps): Koa {
  // Every route's queries are limited to the request's workspace (src/storage/workspace-scope.ts);
  // only the workspaces' own routes and the auth, audit and quota checks see the deployment's Db.
  const deploymentDb = unscopedDeps.db;
  if (unscopedDeps.config.workspaceGuard) installWorkspaceGuard(deploymentDb);
  const deps: AppDeps = { ...unscopedDeps, db: workspaceScopedDb(deploymentDb) };
  const app = new Koa();
  app.proxy = true;
  app.silent = true; // errors are logged by errorHandler, once
  app.use(requestId(deps.logger));
  app.use(httpMetrics({ workspaceLabel: deps.config.metrics.workspaceLabel }));
  app.use(errorHandler(deps.logger));
  // Before body parsing: an unauthenticated request is refused without reading its body.
  app.use(bearerAuth(deps.config.apiTokens, { publicMetrics: deps.config.metrics.public, directory: workspaceDirectory(deploymentDb), rateLimit: requestRateLimiter() }));
  app.use(auditTrail(deploymentDb));
  // A large body (a batch's, up to 256 MiB) is released with its memory once answered, refused or not.
  app.use(releaseLargeBodies());
  // JSON bodies only here; multipart uploads are parsed by the files route, which streams them.
  app.use(jsonBodies(deps.config.maxUploadBytes));
  // Before anything walks the body: nesting beyond MAX_JSON_DEPTH is refused (src/json-depth.ts).
  app.use(jsonDepthLimit());
  // Every route behind one check: no NUL reaches Postgres, unpaired surrogates become U+FFFD.
  app.use(hostileStrings());
  app.use(workspaceQuotas(deps.db));
  const routers = appRouters(deps, deploymentDb);
  // One 405 (with Allow) for every router and every method, TRACE included; unknown paths 404.
  app.use(methodNotAllowed(routers));
  for (const router of routers) app.use(router.routes());
  return app;
}

/**
 * Bodies are limited to 2 MiB, except job creation: its `text` may have 1 000 000 characters
 * (openapi.yaml), up to 12 bytes each as JSON escapes (`\ud83d\ude00`), so any body the schema
 * allows is read, and a text one character too long is a 422 rather than a 413.
 */
function jsonBodies(maxUploadBytes: number): Koa.Middleware {
  const limits = { multipart: false, textLimit: '2mb', formLimit: '2mb' } as const;
  const small = koaBody({ ...limits, jsonLimit: '2mb' });
  const large = koaBody({ ...limits, jsonLimit: '13mb' });
  // A batch's creation carries up to 50,000 inputs (docs/batches.md): its body may be larger.
  const batch = koaBody({ ...limits, jsonLimit: '256mb' });
  const jobCreation = /^\/v1\/(extraction-jobs|jobs)\/?$/;
  const batchCreation = /^\/v1\/batches\/?$/;
  // An MCP request may carry an upload as base64 (upload_file): 4/3 of the upload limit and the envelope.
  const mcp = koaBody({ ...limits, jsonLimit: `${Math.ceil((maxUploadBytes * 4) / 3 / 1048576) + 2}mb` });
  return (ctx, next) => {
    if (ctx.method === 'POST' && jobCreation.test(ctx.path)) return large(ctx, next);
    if (ctx.method === 'POST' && /^\/mcp\/?$/.test(ctx.path)) return mcp(ctx, next);
    if (ctx.method === 'POST' && batchCreation.test(ctx.path)) return batch(ctx, next);
    return small(ctx, next);
  };
}

/** Every router of the API, in the order they are tried. */
export function appRouters(deps: AppDeps, deploymentDb: Db = deps.db): Router[] {
  const present = presentMetricsSource({
    db: deps.db,
    temporal: deps.temporal,
    namespace: deps.config.temporal.namespace,
    taskQueues: [
      { name: deps.config.temporal.taskQueue, queue: 'interactive' },
      { name: deps.config.temporal.batchTaskQueue, queue: 'batch' },
    ],
    logger: deps.logger,
  });
  return [healthRoutes(deps), docsRoutes(), studioRoutes(), metricsRoutes(present), mcpRoutes(), ...v1Routes(deps), workspaceRoutes(deploymentDb)];
}

/**
 * The metrics endpoint alone, for a worker process run apart from the API
 * (SERVICE_WORKER_METRICS_PORT): the same /metrics, tokens and error bodies as the API's.
 */
export function createMetricsApp(config: AppDeps['config'], logger: AppDeps['logger']): Koa {
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler(logger));
  app.use(bearerAuth(config.apiTokens, { publicMetrics: config.metrics.public }));
  const router = metricsRoutes();
  app.use(methodNotAllowed([router]));
  app.use(router.routes());
  return app;
}

/** Workspaces by id or name (kept a second: a request names one on every call) and keys (never kept: revocation is at once). */
function workspaceDirectory(db: Db): WorkspaceDirectory {
  const cache = new Map<string, { at: number; ws: Workspace | undefined }>();
  return {
    async find(ref) {
      const hit = cache.get(ref);
      if (hit && Date.now() - hit.at < 1000) return hit.ws;
      const ws = await findWorkspace(db, ref);
      if (cache.size > 1000) cache.clear();
      cache.set(ref, { at: Date.now(), ws });
      return ws;
    },
    authenticate: (secret) => authenticateKey(db, secret),
  };
}
