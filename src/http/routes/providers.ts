import type { ServerResponse } from 'node:http';
import Router from '@koa/router';
import { z } from 'zod';
import {
  getProvider,
  listProviderModels,
  listProviders,
  providerNamePathSchema,
  providerUpdateSchema,
  updateProvider,
} from '../../domain/providers.js';
import { forgetProviderStatus, providerStatus } from '../../domain/provider-status.js';
import { createSecretBox } from '../../storage/secrets.js';
import type { AppDeps } from '../context.js';
import { RequestValidationError } from '../errors.js';
import { parseRequest, requireJsonBody } from '../validation.js';

const pathSchema = z.object({ name: providerNamePathSchema });

/** /v1/providers: read, update (PATCH merges, PUT replaces) and model discovery. */
export function providerRoutes(deps: AppDeps): Router {
  const secrets = createSecretBox(deps.config);
  const router = new Router({ prefix: '/v1/providers' });

  router.get('/', async (ctx) => {
    ctx.body = await listProviders(deps.db);
  });

  router.get('/:name', async (ctx) => {
    const { name } = parseRequest('path', pathSchema, ctx.params);
    ctx.body = await getProvider(deps.db, name);
  });

  for (const [method, mode] of [['patch', 'merge'], ['put', 'replace']] as const) {
    router[method]('/:name', async (ctx) => {
      const { name } = parseRequest('path', pathSchema, ctx.params);
      // The body is required (openapi.yaml): PUT without one would silently reset the provider.
      const body = parseProviderBody(requireJsonBody(ctx));
      ctx.body = await updateProvider({ db: deps.db, secrets }, name, body, mode);
      forgetProviderStatus(name);
    });
  }

  router.get('/:name/models', async (ctx) => {
    const { name } = parseRequest('path', pathSchema, ctx.params);
    const models = await listProviderModels({ db: deps.db, secrets, config: deps.config }, name, closedSignal(ctx.res));
    ctx.body = { models };
  });

  // Whether the endpoint answered the latest check (at most 10 s old, else checked now, within 3 s).
  router.get('/:name/status', async (ctx) => {
    const { name } = parseRequest('path', pathSchema, ctx.params);
    ctx.body = await providerStatus({ db: deps.db, secrets, config: deps.config }, name);
  });

  return router;
}

/**
 * Validate an update body without ever echoing it: the 422 body normally carries the offending
 * input, which for this endpoint may be (or contain) the API key.
 */
function parseProviderBody(body: unknown) {
  try {
    return parseRequest('body', providerUpdateSchema, body ?? {});
  } catch (err) {
    if (!(err instanceof RequestValidationError)) throw err;
    throw new RequestValidationError(err.issues.map(({ input: _input, ...issue }) => issue));
  }
}

/** Aborts when the client goes away before the answer, so it stops waiting on the provider. */
function closedSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
