import Router from '@koa/router';
import { scrape, type MetricsSnapshot } from '../../metrics/index.js';

/**
 * GET /metrics: this process's metrics in the Prometheus text format, and with `present` (the
 * API's) the service's jobs and task queues right now. Protected like /v1 unless SERVICE_METRICS_PUBLIC.
 */
export function metricsRoutes(present?: () => Promise<MetricsSnapshot>): Router {
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    const { contentType, body } = await scrape(present ? [present] : []);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  });
  return router;
}
