import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { SLUG_PATTERN } from '../../domain/ids.js';
import {
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  issueKey,
  listAudit,
  listKeys,
  listWorkspaces,
  recordAudit,
  revokeKey,
  updateWorkspace,
  workspaceUsage,
} from '../../domain/workspaces.js';
import type { Db } from '../../storage/db.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import { pathRef } from '../path-params.js';
import { parseRequest, requireJsonBody } from '../validation.js';

const quota = (max: number) => z.number().int().min(0).max(max).nullable().optional();
const quotas = {
  max_running_jobs: quota(1_000_000),
  max_storage_bytes: quota(Number.MAX_SAFE_INTEGER),
  requests_per_minute: quota(1_000_000),
};
const displayName = z.string().min(1).max(200);
const createBody = z.object({ name: z.string().regex(SLUG_PATTERN, 'a lowercase slug: letters, digits, - and _, 1-64 characters'), display_name: displayName, ...quotas }).strict();
const updateBody = z.object({ display_name: displayName.optional(), ...quotas }).strict();
const keyBody = z
  .object({
    scope: z.enum(['admin', 'client', 'reviewer']),
    label: z.string().min(1).max(200),
    expires_at: z.string().datetime({ offset: true }).nullable().optional(),
  })
  .strict();
const auditQuery = z.object({
  limit: pageQuerySchema.shape.limit,
  cursor: z.string().regex(/^[0-9]{1,16}\.[0-9]{1,19}$/, 'Invalid cursor; use the value returned by the previous page').optional(),
});

/** Who acts, for the audit trail: the key's label, or the token's (never a secret). */
export const actorOf = (ctx: Context) => (typeof ctx.state.tokenLabel === 'string' ? ctx.state.tokenLabel : 'anonymous');

/**
 * /v1/workspaces (issue 42). Who may call what is decided by the auth middleware: operators
 * everything; a workspace's keys only their own workspace (its read; keys, usage, audit for admin).
 * `db` is the deployment's, not limited to the caller's workspace: an operator acts on any.
 */
export function workspaceRoutes(db: Db): Router {
  const router = new Router({ prefix: '/v1/workspaces' });

  router.post('/', async (ctx) => {
    const body = parseRequest('body', createBody, requireJsonBody(ctx));
    ctx.status = 201;
    ctx.body = await createWorkspace(db, { ...body, display_name: body.display_name });
  });

  router.get('/', async (ctx) => {
    const page = await listWorkspaces(db, parseRequest('query', pageQuerySchema, ctx.query));
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor);
  });

  router.get('/:workspace_id', async (ctx) => {
    ctx.body = await getWorkspace(db, pathRef(ctx.params, 'workspace_id'));
  });

  router.patch('/:workspace_id', async (ctx) => {
    const ref = pathRef(ctx.params, 'workspace_id');
    const body = parseRequest('body', updateBody, requireJsonBody(ctx));
    ctx.body = await updateWorkspace(db, ref, body);
  });

  router.delete('/:workspace_id', async (ctx) => {
    await deleteWorkspace(db, pathRef(ctx.params, 'workspace_id'));
    ctx.status = 204;
  });

  router.post('/:workspace_id/keys', async (ctx) => {
    const ws = await getWorkspace(db, pathRef(ctx.params, 'workspace_id'));
    const body = parseRequest('body', keyBody, requireJsonBody(ctx));
    const key = await issueKey(db, ws.id, body);
    await recordAudit(db, { workspaceId: ws.id, action: 'key.issued', resourceType: 'key', resourceId: key.id, actor: actorOf(ctx), requestId: ctx.state.requestId, detail: { label: key.label, scope: key.scope } });
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = key;
  });

  router.get('/:workspace_id/keys', async (ctx) => {
    const ws = await getWorkspace(db, pathRef(ctx.params, 'workspace_id'));
    const page = await listKeys(db, ws.id, parseRequest('query', pageQuerySchema, ctx.query));
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor);
  });

  router.delete('/:workspace_id/keys/:key_id', async (ctx) => {
    const ws = await getWorkspace(db, pathRef(ctx.params, 'workspace_id'));
    const key = await revokeKey(db, ws.id, pathRef(ctx.params, 'key_id'));
    await recordAudit(db, { workspaceId: ws.id, action: 'key.revoked', resourceType: 'key', resourceId: key.id, actor: actorOf(ctx), requestId: ctx.state.requestId, detail: { label: key.label, scope: key.scope } });
    ctx.status = 204;
  });

  router.get('/:workspace_id/usage', async (ctx) => {
    ctx.body = await workspaceUsage(db, await getWorkspace(db, pathRef(ctx.params, 'workspace_id')));
  });

  router.get('/:workspace_id/audit', async (ctx) => {
    const ws = await getWorkspace(db, pathRef(ctx.params, 'workspace_id'));
    const q = parseRequest('query', auditQuery, ctx.query);
    const page = await listAudit(db, ws.id, { limit: q.limit, cursor: q.cursor?.split('.')[1] });
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor ? `0.${page.nextCursor}` : null);
  });

  return router;
}
