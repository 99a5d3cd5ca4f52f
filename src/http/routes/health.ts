import { readFile } from 'node:fs/promises';
import Router from '@koa/router';
import type { AppDeps } from '../context.js';
import { withTimeout } from '../../with-timeout.js';

const READY_CHECK_DEADLINE_MS = 1000;

const OPENAPI_PATH = new URL('../../../openapi.yaml', import.meta.url);

/** Liveness, readiness and the machine-readable contract. All public. */
export function healthRoutes({ db, temporal }: AppDeps): Router {
  const router = new Router();

  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    const checks = await Promise.all([
      check(() => db.raw('select 1')),
      // A short deadline: readiness says how things are now, instead of riding out an outage on the
      // client's own retries (a supervised Temporal restart takes a couple of seconds).
      check(() => temporal.withDeadline(Date.now() + READY_CHECK_DEADLINE_MS, () => temporal.connection.workflowService.getSystemInfo({}))),
    ]);
    const [database, temporalCheck] = checks;
    const ready = database === 'ok' && temporalCheck === 'ok';
    ctx.status = ready ? 200 : 503;
    if (!ready) ctx.set('Retry-After', '5');
    ctx.body = { status: ready ? 'ready' : 'not_ready', checks: { database, temporal: temporalCheck } };
  });

  router.get('/openapi.yaml', async (ctx) => {
    // text/yaml only when the client prefers it: some generated clients read only text/* bodies as text.
    ctx.type = ctx.accepts('application/yaml', 'text/yaml') === 'text/yaml' ? 'text/yaml' : 'application/yaml';
    ctx.body = await readFile(OPENAPI_PATH);
  });

  return router;
}

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'unavailable'> {
  try {
    await withTimeout(probe(), 3000);
    return 'ok';
  } catch {
    return 'unavailable';
  }
}
