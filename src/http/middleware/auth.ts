import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

// Public whatever the tokens: health, readiness and the API's own documentation. Everything else
// (the /v1 API) is protected: deny by default, so a route matched case-insensitively or with a
// trailing slash by the router is never let through by a narrower "is this /v1?" test.
const PUBLIC_PATH = /^\/(?:healthz|readyz|openapi\.yaml)\/?$|^\/docs(?:$|[/.])/i;

export const isPublicPath = (path: string) => PUBLIC_PATH.test(path);

/**
 * Optional caller authentication (SERVICE_API_TOKENS). With no tokens configured every request
 * passes; otherwise every request but the public ones needs `Authorization: Bearer <one of the tokens>`.
 * Tokens are compared as SHA-256 digests with timingSafeEqual, against every configured token, so
 * neither a token's length nor which token matched shows in the response time.
 */
export function bearerAuth(tokens: readonly string[] | undefined): Middleware {
  const expected = (tokens ?? []).filter(Boolean).map(digest);
  if (expected.length === 0) return (_ctx, next) => next();
  return async (ctx, next) => {
    if (isPublicPath(ctx.path)) return next();
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(ctx.get('authorization'));
    if (!match) {
      throw new ApiError(401, 'unauthorized', 'This API requires an Authorization: Bearer <token> header', {
        'WWW-Authenticate': 'Bearer realm="docextract"',
      });
    }
    const given = digest(match[1]!);
    let ok = false;
    for (const token of expected) ok = timingSafeEqual(given, token) || ok;
    if (!ok) {
      ctx.state.log?.warn({ method: ctx.method, path: ctx.path }, 'rejected an unknown bearer token');
      throw new ApiError(401, 'unauthorized', 'The bearer token is not valid', {
        'WWW-Authenticate': 'Bearer realm="docextract", error="invalid_token"',
      });
    }
    return next();
  };
}
