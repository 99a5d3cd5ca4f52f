import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

// Public whatever the tokens: health, readiness, the API's own documentation and the studio's page
// and assets (they hold no data; the studio asks for a token and sends it with every /v1 call).
// Everything else (the /v1 API, /metrics) is protected: deny by default, so a route matched
// case-insensitively or with a trailing slash by the router is never let through by a narrower
// "is this /v1?" test.
const PUBLIC_PATH = /^\/(?:healthz|readyz|openapi\.yaml)\/?$|^\/(?:docs|studio)(?:$|[/.])/i;
const METRICS_PATH = /^\/metrics\/?$/i;

export const isPublicPath = (path: string) => PUBLIC_PATH.test(path);

/** What a token may do: `admin` everything; `client` files, jobs, reads of definitions and providers, schema validation. */
export type TokenScope = 'admin' | 'client';
export interface TokenGrant {
  token: string;
  scope: TokenScope;
}

/**
 * One SERVICE_API_TOKENS entry: `<token>` (admin, as before scopes existed), `<token>:admin` or
 * `<token>:client`. Only those two suffixes are read as a scope, so older tokens that contain a
 * colon keep working.
 */
export function parseTokenEntry(entry: string): TokenGrant {
  const m = /^(.+):(admin|client)$/.exec(entry);
  return m ? { token: m[1]!, scope: m[2] as TokenScope } : { token: entry, scope: 'admin' };
}

// What a client token may call. Deny by default: an endpoint not listed here (including ones added
// later) needs an admin token until it is listed.
// /mcp: the MCP server's tools call the API back with the caller's token, so each call is checked
// as a REST call; the tool list itself is filtered by scope (src/mcp/server.ts).
const CLIENT_ANY_METHOD = /^\/v1\/(?:files|extraction-jobs|parse-jobs|classification-jobs|jobs)(?:$|\/)|^\/v1\/schemas\/validate\/?$|^\/mcp\/?$/i;
const CLIENT_READ_ONLY = /^\/v1\/(?:extractors|parsers|classifiers|providers)(?:$|\/)|^\/metrics\/?$/i;

/** Whether a `client` token may make this request. */
// An extractor's candidates (the release gate) hold evaluation results: admin only, as evaluations.
const ADMIN_ONLY = /^\/v1\/extractors\/[^/]+\/candidates(?:$|\/)/i;

export function clientMayCall(method: string, path: string): boolean {
  if (ADMIN_ONLY.test(path)) return false;
  if (CLIENT_ANY_METHOD.test(path)) return true;
  return (method === 'GET' || method === 'HEAD') && CLIENT_READ_ONLY.test(path);
}

/**
 * For a request a client token may make, but whose option changes a definition (a review approval
 * with `add_as_example` appends to the extractor's examples): refuse it with the same 403 as a
 * direct change of the definition, before anything is done. No tokens configured: no scope, allowed.
 */
export function requireDefinitionScope(state: Record<string, unknown>, what: string): void {
  if (state.tokenScope === 'client') throw new ApiError(403, 'forbidden', `A client token may not ${what}; this needs an admin token`);
}

/** A token's label: `<scope>:<first 12 hex digits of its SHA-256>`, stable and safe to show. */
export function tokenLabel(scope: TokenScope, tokenDigest: Buffer): string {
  return `${scope}:${tokenDigest.toString('hex').slice(0, 12)}`;
}

/**
 * Optional caller authentication (SERVICE_API_TOKENS). With no tokens configured every request
 * passes; otherwise every request but the public ones needs `Authorization: Bearer <one of the tokens>`.
 * A `client` token (see parseTokenEntry) is refused with 403 `forbidden` outside clientMayCall.
 * `/metrics` is protected too (any token may read it, so a scraper needs no admin token), unless
 * `publicMetrics` (SERVICE_METRICS_PUBLIC).
 * Tokens are compared as SHA-256 digests with timingSafeEqual, against every configured token, so
 * neither a token's length nor which token matched shows in the response time.
 */
export function bearerAuth(tokens: readonly string[] | undefined, opts: { publicMetrics?: boolean } = {}): Middleware {
  const grants = (tokens ?? []).filter(Boolean).map(parseTokenEntry);
  const expected = grants.map((g) => ({ digest: digest(g.token), scope: g.scope }));
  if (expected.length === 0) return (_ctx, next) => next();
  return async (ctx, next) => {
    if (isPublicPath(ctx.path) || (opts.publicMetrics && METRICS_PATH.test(ctx.path))) return next();
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(ctx.get('authorization'));
    if (!match) {
      throw new ApiError(401, 'unauthorized', 'This API requires an Authorization: Bearer <token> header', {
        'WWW-Authenticate': 'Bearer realm="docextract"',
      });
    }
    const given = digest(match[1]!);
    let scope: TokenScope | undefined;
    for (const token of expected) {
      // Every token is compared; the widest matching scope wins (the same token listed twice).
      if (timingSafeEqual(given, token.digest) && scope !== 'admin') scope = token.scope;
    }
    if (!scope) {
      ctx.state.log?.warn({ method: ctx.method, path: ctx.path }, 'rejected an unknown bearer token');
      throw new ApiError(401, 'unauthorized', 'The bearer token is not valid', {
        'WWW-Authenticate': 'Bearer realm="docextract", error="invalid_token"',
      });
    }
    ctx.state.tokenScope = scope;
    // Who made a review decision: the token's label, its scope and the start of its SHA-256 (never the token).
    ctx.state.tokenLabel = tokenLabel(scope, given);
    if (scope === 'client' && !clientMayCall(ctx.method, ctx.path)) {
      throw new ApiError(403, 'forbidden', `A client token may not ${ctx.method} ${ctx.path}; this needs an admin token`);
    }
    return next();
  };
}
