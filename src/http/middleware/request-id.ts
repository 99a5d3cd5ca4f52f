import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
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
        { method: ctx.method, path: ctx.path, status: ctx.status, duration_ms: Date.now() - started },
        'request',
      );
    }
  };
}
