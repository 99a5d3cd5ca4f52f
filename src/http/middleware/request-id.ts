import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { isId } from '../../domain/ids.js';
import type { Logger } from '../../logging.js';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

/** Gives each request an id (or keeps a sane incoming X-Request-Id) and a child logger. */
export function requestId(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.state.log = logger.child({ request_id: id });
    ctx.set('X-Request-Id', id);
    const started = Date.now();
    try {
      await next();
    } finally {
      ctx.state.log.info(
        { ...jobLogFields(ctx), method: ctx.method, path: ctx.path, status: ctx.status, duration_ms: Date.now() - started },
        'request',
      );
    }
  };
}

const isJobId = (value: unknown): value is string =>
  typeof value === 'string' && (isId('extractionJob', value) || isId('parseJob', value));

/**
 * job_id and workflow_id (the same: a job's workflow id is its id) of a request that concerns one
 * job: the job in the path, or the job a creation answered with. Empty for any other request.
 */
export function jobLogFields(ctx: Context): { job_id?: string; workflow_id?: string } {
  const fromPath = (ctx as { params?: Record<string, string> }).params?.job_id;
  const fromBody = ctx.body && typeof ctx.body === 'object' ? (ctx.body as { id?: unknown }).id : undefined;
  const jobId = isJobId(fromPath) ? fromPath : isJobId(fromBody) ? fromBody : undefined;
  return jobId ? { job_id: jobId, workflow_id: jobId } : {};
}
