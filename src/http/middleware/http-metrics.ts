import type { Middleware } from 'koa';
import { httpRequestDuration, workspaceJobsCreated, workspaceRequests } from '../../metrics/index.js';

/**
 * Observes every request's duration under the route template the router matched
 * (`/v1/files/:file_id`, never the raw path, so ids do not multiply the series), its method and
 * final status. Runs outside the error handler, so it sees the status the client got.
 */
/** At most this many workspace names label series; the rest are counted as `other` (bounded cardinality). */
export const MAX_WORKSPACE_LABELS = 200;
const JOB_CREATION = /^\/v1\/(extraction-jobs|parse-jobs|classification-jobs|schema-suggestions|jobs)\/?$/;
const KIND: Record<string, string> = { 'extraction-jobs': 'extraction', jobs: 'extraction', 'parse-jobs': 'parse', 'classification-jobs': 'classification', 'schema-suggestions': 'suggestion' };

export function httpMetrics(opts: { workspaceLabel?: boolean } = {}): Middleware {
  const labelled = new Set<string>();
  const labelOf = (name: string) => {
    if (labelled.has(name)) return name;
    if (labelled.size >= MAX_WORKSPACE_LABELS) return 'other';
    labelled.add(name);
    return name;
  };
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
      const ws = ctx.state.workspace;
      if (opts.workspaceLabel && ws) {
        const workspace = labelOf(ws.name);
        workspaceRequests.inc({ workspace, status_class: `${String(ctx.status)[0]}xx` });
        const created = ctx.method === 'POST' && ctx.status === 201 ? JOB_CREATION.exec(ctx.path) : null;
        if (created) workspaceJobsCreated.inc({ workspace, kind: KIND[created[1]!]! });
      }
    }
  };
}
