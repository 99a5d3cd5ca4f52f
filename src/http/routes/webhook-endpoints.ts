import Router from '@koa/router';
import {
  createWebhookEndpoint,
  createWebhookEndpointBody,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  updateWebhookEndpointBody,
} from '../../domain/webhook-endpoints.js';
import { createSecretBox } from '../../storage/secrets.js';
import type { AppDeps } from '../context.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import { pathRef } from '../path-params.js';
import { parseRequest, requireJsonBody } from '../validation.js';

/** /v1/webhook-endpoints: where job events are delivered, and the attempts made. */
export function webhookEndpointRoutes({ db, config }: AppDeps): Router {
  const deps = { db, secrets: createSecretBox(config), allowPrivate: config.webhooks.allowPrivate };
  const router = new Router({ prefix: '/v1/webhook-endpoints' });

  router.post('/', async (ctx) => {
    const body = parseRequest('body', createWebhookEndpointBody, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await createWebhookEndpoint(deps, body);
  });

  router.get('/', async (ctx) => {
    const page = await listWebhookEndpoints(db, parseRequest('query', pageQuerySchema, ctx.query));
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor);
  });

  router.get('/:endpoint_id', async (ctx) => {
    ctx.body = await getWebhookEndpoint(db, pathRef(ctx.params, 'endpoint_id'));
  });

  router.patch('/:endpoint_id', async (ctx) => {
    const id = pathRef(ctx.params, 'endpoint_id');
    const body = parseRequest('body', updateWebhookEndpointBody, requireJsonBody(ctx));
    ctx.body = await updateWebhookEndpoint(deps, id, body);
  });

  router.delete('/:endpoint_id', async (ctx) => {
    await deleteWebhookEndpoint(db, pathRef(ctx.params, 'endpoint_id'));
    ctx.status = 204;
  });

  router.post('/:endpoint_id/rotate-secret', async (ctx) => {
    ctx.body = await rotateWebhookSecret(deps, pathRef(ctx.params, 'endpoint_id'));
  });

  router.get('/:endpoint_id/deliveries', async (ctx) => {
    const id = pathRef(ctx.params, 'endpoint_id');
    const page = await listWebhookDeliveries(db, id, parseRequest('query', pageQuerySchema, ctx.query));
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor);
  });

  return router;
}
