import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { RequestValidationError, ServiceError } from '../../errors.js';
import { DEFAULT_WORKSPACE_ID, DEFAULT_WORKSPACE_NAME } from '../../storage/workspace-ids.js';
import type { KeyGrant, Workspace } from '../../domain/workspaces.js';
import { inWorkspace } from '../../storage/workspace-scope.js';
import { ApiError } from '../errors.js';

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

// Public whatever the tokens: health, readiness, the API's own documentation, the favicon and the studio's page
// and assets (they hold no data; the studio asks for a token and sends it with every /v1 call).
// Everything else (the /v1 API, /metrics) is protected: deny by default, so a route matched
// case-insensitively or with a trailing slash by the router is never let through by a narrower
// "is this /v1?" test.
const PUBLIC_PATH = /^\/(?:healthz|readyz|openapi\.yaml|favicon\.ico)\/?$|^\/(?:docs|studio)(?:$|[/.])/i;
const METRICS_PATH = /^\/metrics\/?$/i;

export const isPublicPath = (path: string) => PUBLIC_PATH.test(path);

/**
 * What a caller may do. `operator`: a SERVICE_API_TOKENS entry (`<token>` or `<token>:admin`):
 * everything, in any workspace (X-Docextract-Workspace), plus workspaces, providers and metrics.
 * Workspace keys (issue 42): `admin` the workspace's definitions, keys, webhooks and everything
 * below; `client` files, jobs, batches' reads of definitions, schema validation; `reviewer` reads
 * of jobs and results, and review decisions. A `<token>:client` entry of SERVICE_API_TOKENS is a
 * `client` of the workspace its request names (default `default`), as before workspaces.
 */
export type TokenScope = 'operator' | 'admin' | 'client' | 'reviewer';
export interface TokenGrant {
  token: string;
  scope: 'operator' | 'client';
}

/**
 * One SERVICE_API_TOKENS entry: `<token>` (operator, as before scopes existed), `<token>:admin`
 * (operator) or `<token>:client`. Only those two suffixes are read as a scope, so older tokens that
 * contain a colon keep working.
 */
export function parseTokenEntry(entry: string): TokenGrant {
  const m = /^(.+):(admin|client)$/.exec(entry);
  return m ? { token: m[1]!, scope: m[2] === 'client' ? 'client' : 'operator' } : { token: entry, scope: 'operator' };
}

// What a client token may call. Deny by default: an endpoint not listed here (including ones added
// later) needs an admin token until it is listed.
// /mcp: the MCP server's tools call the API back with the caller's token, so each call is checked
// as a REST call; the tool list itself is filtered by scope (src/mcp/server.ts).
const CLIENT_ANY_METHOD = /^\/v1\/(?:files|uploads|extraction-jobs|parse-jobs|classification-jobs|schema-suggestions|jobs)(?:$|\/)|^\/v1\/schemas\/validate\/?$|^\/mcp\/?$/i;
const CLIENT_READ_ONLY = /^\/v1\/(?:extractors|parsers|classifiers|providers)(?:$|\/)|^\/metrics\/?$/i;
// A reviewer reads jobs, their results (and the pages they come from) and decides reviews.
const REVIEWER_READ_ONLY = /^\/v1\/(?:extraction-jobs|parse-jobs|classification-jobs|schema-suggestions|jobs|batches|files)(?:$|\/)/i;
const REVIEW_DECISION = /^\/v1\/(?:extraction-jobs|classification-jobs)\/[^/]+\/review(?:\/(?:approve|reject))?\/?$/i;
const MCP_PATH = /^\/mcp\/?$/i;
// Only an operator: the deployment's providers (changes), metrics, and workspaces themselves.
const PROVIDERS_PATH = /^\/v1\/providers(?:$|\/)/i;
export const WORKSPACES_PATH = /^\/v1\/workspaces(?:\/([^/]+)(\/.*)?)?\/?$/i;

/** Whether a `client` token may make this request. */
// An extractor's candidates (the release gate) hold evaluation results: admin only, as evaluations.
const ADMIN_ONLY = /^\/v1\/extractors\/[^/]+\/candidates(?:$|\/)/i;

export function clientMayCall(method: string, path: string): boolean {
  if (ADMIN_ONLY.test(path)) return false;
  if (CLIENT_ANY_METHOD.test(path)) return true;
  return (method === 'GET' || method === 'HEAD') && CLIENT_READ_ONLY.test(path);
}

/** Whether a `reviewer` key may make this request: reads of jobs and results, review decisions. */
export function reviewerMayCall(method: string, path: string): boolean {
  if (MCP_PATH.test(path)) return true;
  if ((method === 'GET' || method === 'HEAD') && REVIEWER_READ_ONLY.test(path)) return true;
  return (method === 'PATCH' || method === 'POST') && REVIEW_DECISION.test(path);
}

/**
 * Whether a workspace key of this scope may make this request (workspaces' own paths are decided
 * apart, in the auth middleware). Providers may be read, never changed; metrics are the operator's.
 */
export function keyMayCall(scope: 'admin' | 'client' | 'reviewer', method: string, path: string): boolean {
  if (METRICS_PATH.test(path)) return false;
  if (PROVIDERS_PATH.test(path) && method !== 'GET' && method !== 'HEAD') return false;
  if (scope === 'admin') return true;
  if (scope === 'client') return clientMayCall(method, path);
  return reviewerMayCall(method, path);
}

/**
 * For a request a client token may make, but whose option changes a definition (a review approval
 * with `add_as_example` appends to the extractor's examples): refuse it with the same 403 as a
 * direct change of the definition, before anything is done. No tokens configured: no scope, allowed.
 */
export function requireDefinitionScope(state: Record<string, unknown>, what: string): void {
  if (state.tokenScope === 'client' || state.tokenScope === 'reviewer') throw new ApiError(403, 'forbidden', `A client token may not ${what}; this needs an admin token`);
}

/** A token's label: `<scope>:<first 12 hex digits of its SHA-256>`, stable and safe to show. */
export function tokenLabel(scope: string, tokenDigest: Buffer): string {
  return `${scope}:${tokenDigest.toString('hex').slice(0, 12)}`;
}

/** Where the auth middleware finds workspaces and keys (the API's Db); absent: no keys (metrics-only app). */
export interface WorkspaceDirectory {
  /** The workspace by id or name, or undefined. */
  find(ref: string): Promise<Workspace | undefined>;
  /** The grant of a `dx_` secret, or undefined when unknown, revoked or expired. */
  authenticate(secret: string): Promise<KeyGrant | undefined>;
}

declare module 'koa' {
  interface DefaultState {
    /** The workspace the request acts in (issue 42). */
    workspace?: Workspace;
    tokenScope?: TokenScope;
    tokenLabel?: string;
  }
}

const unauthorized = (detail: string, invalidToken: boolean) =>
  new ApiError(401, 'unauthorized', detail, {
    'WWW-Authenticate': invalidToken ? 'Bearer realm="docextract", error="invalid_token"' : 'Bearer realm="docextract"',
  });

/**
 * The workspace named by X-Docextract-Workspace (id or name), or undefined without the header. A
 * header given empty, or of more than 128 characters, is 422: it names nothing, and reading it as
 * `default` would act where the caller did not mean to.
 */
function workspaceHeader(ctx: Context): string | undefined {
  const raw = ctx.headers['x-docextract-workspace'];
  if (raw === undefined) return undefined;
  const named = typeof raw === 'string' ? raw.trim() : '';
  if (named.length === 0 || named.length > 128) {
    throw new RequestValidationError([
      { loc: ['header', 'X-Docextract-Workspace'], msg: 'X-Docextract-Workspace, when given, is one workspace id or name of 1 to 128 characters', type: 'value_error' },
    ]);
  }
  return named;
}

/**
 * Caller authentication and the workspace a request acts in.
 * - SERVICE_API_TOKENS (compared as SHA-256 digests with timingSafeEqual, against every configured
 *   token): operators; they act in the workspace named by `X-Docextract-Workspace` (id or name,
 *   default `default`). With no tokens configured every request is let in as before, in `default`
 *   only (open mode is one workspace: `openModeCheck`), and the first run is unchanged.
 * - `dx_` workspace keys (issued at run time, stored as hashes): their own workspace only, with
 *   their scope; a revoked or expired key is 401 on its next request.
 * `/metrics` is protected too (operators and `:client` entries may read it), unless `publicMetrics`.
 * The workspace's `requests_per_minute` applies to every request of its keys (`rateLimit`).
 */
export function bearerAuth(
  tokens: readonly string[] | undefined,
  opts: { publicMetrics?: boolean; directory?: WorkspaceDirectory; rateLimit?: (ctx: Context, ws: Workspace) => void } = {},
): Middleware {
  const grants = (tokens ?? []).filter(Boolean).map(parseTokenEntry);
  const expected = grants.map((g) => ({ digest: digest(g.token), scope: g.scope }));
  const open = expected.length === 0;
  const directory = opts.directory;
  if (open && !directory) return (_ctx, next) => next();
  return async (ctx, next) => {
    if (isPublicPath(ctx.path) || (opts.publicMetrics && METRICS_PATH.test(ctx.path))) return next();
    const header = ctx.get('authorization');
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    const given = match?.[1];
    let scope: TokenScope | undefined;
    let label: string | undefined;
    let workspace: Workspace | undefined;
    const givenKey = Boolean(given?.startsWith('dx_'));
    if (given && directory && givenKey) {
      const grant = await directory.authenticate(given);
      if (!grant) {
        ctx.state.log?.warn({ method: ctx.method, path: ctx.path }, 'rejected an unknown, revoked or expired workspace key');
        throw unauthorized('The key is not valid (unknown, revoked or expired)', true);
      }
      scope = grant.scope;
      label = grant.label;
      workspace = grant.workspace;
      // A key acts in its own workspace only; naming another is the same 404 as a missing one.
      const named = workspaceHeader(ctx);
      if (named && named !== workspace.id && named !== workspace.name) throw new ServiceError('not_found', `Workspace '${named}' was not found`);
    } else if (!open) {
      if (!given) throw unauthorized('This API requires an Authorization: Bearer <token> header', false);
      const givenDigest = digest(given);
      let envScope: TokenGrant['scope'] | undefined;
      for (const token of expected) {
        // Every token is compared; the widest matching scope wins (the same token listed twice).
        if (timingSafeEqual(givenDigest, token.digest) && envScope !== 'operator') envScope = token.scope;
      }
      if (!envScope) {
        ctx.state.log?.warn({ method: ctx.method, path: ctx.path }, 'rejected an unknown bearer token');
        throw unauthorized('The bearer token is not valid', true);
      }
      scope = envScope;
      label = tokenLabel(envScope, givenDigest);
    }
    if (open) openModeCheck(ctx, givenKey);
    if (!workspace && directory) {
      const named = workspaceHeader(ctx) ?? DEFAULT_WORKSPACE_NAME;
      // No tokens and no header: `default`, as the first run has always been, without a query (an
      // open deployment has no keys to limit, so default's quotas do not apply to it).
      workspace = open && named === DEFAULT_WORKSPACE_NAME ? OPEN_DEFAULT : await directory.find(named);
      if (!workspace) throw new ServiceError('not_found', `Workspace '${named}' was not found`);
    }
    if (scope) ctx.state.tokenScope = scope;
    // Who made a review decision or a change: a key's label, or a token's scope and the start of
    // its SHA-256 (never the token).
    if (label) ctx.state.tokenLabel = label;
    if (workspace) {
      ctx.state.workspace = workspace;
      ctx.set('X-Docextract-Workspace', workspace.name);
    }
    const operator = open ? !givenKey : scope === 'operator';
    checkScope(ctx, scope, operator, workspace, givenKey && directory !== undefined);
    if (workspace && !operator && opts.rateLimit) opts.rateLimit(ctx, workspace);
    return workspace ? inWorkspace(workspace.id, next) : next();
  };
}

// /v1/workspaces/{ref}/keys[/...]: issuing, listing and revoking keys.
const KEYS_PATH = /^\/v1\/workspaces\/[^/]+\/keys(?:\/[^/]*)?\/?$/i;

/**
 * Open mode (no SERVICE_API_TOKENS) is one workspace (issue 48): nobody there is an operator, so
 * nobody may create workspaces or keys, and an anonymous caller acts in `default` only. Otherwise a
 * team that issues keys on an open deployment would believe its data isolated while any anonymous
 * request naming its workspace reads it. Anonymous: every /v1/workspaces call is 403
 * `operator_token_required`, and an X-Docextract-Workspace header naming anything but `default` is 403
 * `workspace_requires_token` (before any lookup, so names cannot be probed). A `dx_` key issued earlier
 * (while tokens were configured) still acts in its own workspace, but cannot manage keys.
 */
function openModeCheck(ctx: Context, givenKey: boolean): void {
  const needsToken = (what: string) =>
    new ApiError(403, 'operator_token_required', `${what} needs an operator token: the service runs without SERVICE_API_TOKENS (open mode), where everything is one workspace, \`default\``);
  if (givenKey) {
    if (KEYS_PATH.test(ctx.path)) throw needsToken(`${ctx.method} ${ctx.path}`);
    return;
  }
  if (WORKSPACES_PATH.test(ctx.path)) throw needsToken(`${ctx.method} ${ctx.path}`);
  const named = workspaceHeader(ctx);
  if (named !== undefined && named !== DEFAULT_WORKSPACE_NAME && named !== DEFAULT_WORKSPACE_ID) {
    throw new ApiError(
      403,
      'workspace_requires_token',
      `X-Docextract-Workspace '${named}': workspaces other than \`default\` need SERVICE_API_TOKENS (an operator token or a workspace key); without tokens the service is one workspace`,
    );
  }
}

const OPEN_DEFAULT: Workspace = {
  id: DEFAULT_WORKSPACE_ID,
  name: DEFAULT_WORKSPACE_NAME,
  display_name: 'Default',
  max_running_jobs: null,
  max_storage_bytes: null,
  requests_per_minute: null,
  created_at: new Date(0).toISOString(),
  updated_at: new Date(0).toISOString(),
};

/** 403 `forbidden` for what the scope may not do; another workspace by path is 404 as a missing one. */
function checkScope(ctx: Context, scope: TokenScope | undefined, operator: boolean, workspace: Workspace | undefined, fromKey: boolean): void {
  const ws = WORKSPACES_PATH.exec(ctx.path);
  if (ws) {
    if (operator) return;
    if (!fromKey) throw new ApiError(403, 'forbidden', `A client token may not ${ctx.method} ${ctx.path}; workspaces are an operator's`);
    const [, ref, rest] = ws;
    // Keys see their own workspace only: another one, or the list, is not theirs to know of.
    if (!ref || !workspace || (ref !== workspace.id && ref !== workspace.name)) {
      if (!ref) throw new ApiError(403, 'forbidden', 'Only an operator token (SERVICE_API_TOKENS) may list or create workspaces');
      throw new ServiceError('not_found', `Workspace '${ref}' was not found`);
    }
    const readSelf = !rest && (ctx.method === 'GET' || ctx.method === 'HEAD');
    if (readSelf) return;
    if (rest && scope === 'admin') return;
    throw new ApiError(403, 'forbidden', `A ${scope} key may not ${ctx.method} ${ctx.path}; this needs ${rest ? 'an admin key' : 'an operator token'}`);
  }
  if (operator || scope === undefined || scope === 'operator') return;
  // `:client` entries of SERVICE_API_TOKENS keep their reach (metrics included).
  if (!fromKey) {
    if (!clientMayCall(ctx.method, ctx.path)) throw new ApiError(403, 'forbidden', `A client token may not ${ctx.method} ${ctx.path}; this needs an admin token`);
    return;
  }
  if (!keyMayCall(scope, ctx.method, ctx.path)) throw new ApiError(403, 'forbidden', `A ${scope} key may not ${ctx.method} ${ctx.path}; this needs an admin key`);
}
