import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';

/**
 * After every router: a request no route answered whose path some route declares gets
 * 405 `method_not_allowed` with `Allow` listing that path's methods (HEAD wherever GET is, which
 * the router answers itself). Any method, including ones the router does not know such as TRACE;
 * paths no route declares fall through to the 404 of the error handler.
 */
export function methodNotAllowed(routers: readonly Router[]): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body !== undefined) return;
    const allowed = new Set<string>();
    for (const router of routers) {
      for (const layer of router.match(ctx.path, ctx.method).path) for (const m of layer.methods) allowed.add(m);
    }
    if (allowed.size === 0 || allowed.has(ctx.method)) return;
    const allow = [...allowed].sort().join(', ');
    throw new ApiError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allow}`, { Allow: allow });
  };
}
