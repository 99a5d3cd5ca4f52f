import type { Middleware } from 'koa';
import { httpRequestDuration } from '../../metrics/index.js';

/**
 * Observes every request's duration under the route template the router matched
 * (`/v1/files/:file_id`, never the raw path, so ids do not multiply the series), its method and
 * final status. Runs outside the error handler, so it sees the status the client got.
 */
export function httpMetrics(): Middleware {
  // The probes' and the scrape's own series at 0 from start-up, so the HTTP panels show 0 rather
  // than "no data" on a service nobody has called yet (other routes appear with their first request).
  for (const route of ['/healthz', '/readyz', '/metrics']) httpRequestDuration.zero({ method: 'GET', route, status: '200' });
  return async (ctx, next) => {
    const stop = httpRequestDuration.startTimer();
    try {
      await next();
    } finally {
      const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      // A prefix router's `/` route is `/v1/files/`: drop the trailing slash, as clients write it.
      const route = typeof matched === 'string' ? matched.replace(/(.)\/$/, '$1') : 'unmatched';
      stop({ method: ctx.method, route, status: String(ctx.status) });
    }
  };
}
