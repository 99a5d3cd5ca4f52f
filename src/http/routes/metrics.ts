import Router from '@koa/router';
import { scrape } from '../../metrics/index.js';

/** GET /metrics: this process's metrics in the Prometheus text format. Protected like /v1 unless SERVICE_METRICS_PUBLIC. */
export function metricsRoutes(): Router {
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    const { contentType, body } = await scrape();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  });
  return router;
}
