// Workspaces (issue 42): create, read, list, change quotas, delete; keys issued and revoked at run
// time (stored as SHA-256 hashes only); usage; the append-only audit trail.
// These tables belong to the deployment: queries here are never limited to the caller's workspace;
// the HTTP layer decides who may act on which workspace.
import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { notFound, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { keysetPage, type Page, type PageRequest } from '../storage/pagination.js';
import { inWorkspace } from '../storage/workspace-scope.js';
import { workspaceRunningJobs, workspaceUsageCounts, deleteWorkspaceRows } from '../storage/workspace-usage.js';
import { DEFAULT_WORKSPACE_ID } from '../storage/workspace-ids.js';

export type KeyScope = 'admin' | 'client' | 'reviewer';

export interface WorkspaceQuotas {
  /** Jobs of this workspace running at once; more are refused with 429 `quota_exceeded`. null: unlimited. */
  max_running_jobs: number | null;
  /** Bytes of stored files; an upload beyond it is refused with 413 `quota_exceeded`. null: unlimited. */
  max_storage_bytes: number | null;
  /** Requests per minute of the workspace's keys; beyond it 429 `rate_limited`. null: unlimited. */
  requests_per_minute: number | null;
}

export interface Workspace extends WorkspaceQuotas {
  id: string;
  name: string;
  display_name: string;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceKey {
  id: string;
  label: string;
  scope: KeyScope;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export function toWorkspace(row: any): Workspace {
  return {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    max_running_jobs: row.max_running_jobs ?? null,
    max_storage_bytes: row.max_storage_bytes == null ? null : Number(row.max_storage_bytes),
    requests_per_minute: row.requests_per_minute ?? null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

function toKey(row: any): WorkspaceKey {
  return {
    id: row.id,
    label: row.label,
    scope: row.scope,
    prefix: row.prefix,
    created_at: iso(row.created_at)!,
    last_used_at: iso(row.last_used_at),
    expires_at: iso(row.expires_at),
  };
}

/** A workspace by id or by name; another name than an existing one is 404 `not_found`. */
export async function findWorkspace(db: Db, ref: string): Promise<Workspace | undefined> {
  const row = await db('workspaces').where(ref.startsWith('ws_') ? { id: ref } : { name: ref }).first();
  return row ? toWorkspace(row) : undefined;
}

export async function getWorkspace(db: Db, ref: string): Promise<Workspace> {
  const found = await findWorkspace(db, ref);
  if (!found) throw notFound('Workspace', ref);
  return found;
}

export async function listWorkspaces(db: Db, page: PageRequest): Promise<Page<Workspace>> {
  const found = await keysetPage<any>(db('workspaces').select('*'), page);
  return { rows: found.rows.map(toWorkspace), nextCursor: found.nextCursor };
}

export async function createWorkspace(db: Db, body: { name: string; display_name: string } & Partial<WorkspaceQuotas>): Promise<Workspace> {
  const rows = await db('workspaces')
    .insert({
      id: `ws_${ulid().toLowerCase()}`,
      name: body.name,
      display_name: body.display_name,
      max_running_jobs: body.max_running_jobs ?? null,
      max_storage_bytes: body.max_storage_bytes ?? null,
      requests_per_minute: body.requests_per_minute ?? null,
    })
    .onConflict('name')
    .ignore()
    .returning('*');
  if (rows.length === 0) throw serviceError('name_taken', `A workspace named '${body.name}' already exists`);
  return toWorkspace(rows[0]);
}

/** PATCH: display_name and quotas; a quota set to null is unlimited. */
export async function updateWorkspace(db: Db, ref: string, body: { display_name?: string } & Partial<WorkspaceQuotas>): Promise<Workspace> {
  const ws = await getWorkspace(db, ref);
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const rows = await db('workspaces').where({ id: ws.id }).update({ ...changes, updated_at: db.fn.now() }).returning('*');
  return toWorkspace(rows[0]);
}

/**
 * Delete a workspace and everything in it. `default` stays (409 `workspace_is_default`); a workspace
 * with jobs that still run is 409 `workspace_has_running_jobs` (cancel them first).
 */
export async function deleteWorkspace(db: Db, ref: string): Promise<void> {
  const ws = await getWorkspace(db, ref);
  if (ws.id === DEFAULT_WORKSPACE_ID) throw serviceError('workspace_is_default', 'The default workspace cannot be deleted');
  const running = await workspaceRunningJobs(db, ws.id);
  if (running > 0) throw serviceError('workspace_has_running_jobs', `Workspace '${ws.name}' has ${running} job(s) that run; cancel them first`);
  await deleteWorkspaceRows(db, ws.id);
}

// ---- keys ---------------------------------------------------------------------------------------

/** `dx_` and 32 random bytes (base64url): the secret, shown once. */
export function newKeySecret(): string {
  return `dx_${randomBytes(32).toString('base64url')}`;
}

export const keyDigest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export async function issueKey(
  db: Db,
  workspaceId: string,
  body: { scope: KeyScope; label: string; expires_at?: string | null },
): Promise<WorkspaceKey & { secret: string }> {
  const secret = newKeySecret();
  const [row] = await db('workspace_keys')
    .insert({
      id: `wsk_${ulid().toLowerCase()}`,
      workspace_id: workspaceId,
      label: body.label,
      scope: body.scope,
      prefix: secret.slice(0, 10),
      secret_sha256: keyDigest(secret),
      expires_at: body.expires_at ?? null,
    })
    .returning('*');
  return { ...toKey(row), secret };
}

/** Keys that are not revoked, newest first, without secrets. */
export async function listKeys(db: Db, workspaceId: string, page: PageRequest): Promise<Page<WorkspaceKey>> {
  const found = await keysetPage<any>(db('workspace_keys').select('*').where({ workspace_id: workspaceId }).whereNull('revoked_at'), page);
  return { rows: found.rows.map(toKey), nextCursor: found.nextCursor };
}

/** Revoke at once: the next request with the key is 401. */
export async function revokeKey(db: Db, workspaceId: string, keyId: string): Promise<WorkspaceKey> {
  const [row] = await db('workspace_keys').where({ id: keyId, workspace_id: workspaceId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() }).returning('*');
  if (!row) throw notFound('Key', keyId);
  return toKey(row);
}

export interface KeyGrant {
  keyId: string;
  label: string;
  scope: KeyScope;
  workspace: Workspace;
}

/** The key a secret belongs to, if it is neither revoked nor expired. */
export async function authenticateKey(db: Db, secret: string): Promise<KeyGrant | undefined> {
  const row = await db('workspace_keys as k')
    .join('workspaces as w', 'w.id', 'k.workspace_id')
    .where('k.secret_sha256', keyDigest(secret))
    .whereNull('k.revoked_at')
    .where((q) => q.whereNull('k.expires_at').orWhere('k.expires_at', '>', db.fn.now()))
    .first('k.id as key_id', 'k.label', 'k.scope', 'k.last_used_at', 'w.*');
  if (!row) return undefined;
  // last_used_at to the minute: one write a minute at most, not one per request.
  if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000) {
    void db('workspace_keys').where({ id: row.key_id }).update({ last_used_at: db.fn.now() }).catch(() => {});
  }
  return { keyId: row.key_id, label: row.label, scope: row.scope, workspace: toWorkspace(row) };
}

// ---- usage and audit ----------------------------------------------------------------------------

export async function workspaceUsage(db: Db, ws: Workspace) {
  const counts = await inWorkspace(ws.id, () => workspaceUsageCounts(db, ws.id));
  return { workspace_id: ws.id, ...counts, quotas: { max_running_jobs: ws.max_running_jobs, max_storage_bytes: ws.max_storage_bytes, requests_per_minute: ws.requests_per_minute } };
}

export interface AuditEntry {
  workspaceId: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
  actor: string;
  requestId: string | null;
  detail?: Record<string, unknown>;
}

export async function recordAudit(db: Db, e: AuditEntry): Promise<void> {
  await db('audit_events').insert({
    workspace_id: e.workspaceId,
    action: e.action,
    resource_type: e.resourceType,
    resource_id: e.resourceId,
    actor: e.actor,
    request_id: e.requestId,
    detail: e.detail ? JSON.stringify(e.detail) : null,
  });
}

/** Audit events newest first; `cursor` is the `seq` of the last one read. */
export async function listAudit(db: Db, workspaceId: string, page: { limit: number; cursor?: string }) {
  const q = db('audit_events').where({ workspace_id: workspaceId }).orderBy('seq', 'desc').limit(page.limit + 1);
  if (page.cursor) q.where('seq', '<', Number(page.cursor));
  const rows = await q;
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  return {
    rows: shown.map((r: any) => ({
      id: String(r.seq),
      action: r.action,
      resource_type: r.resource_type,
      resource_id: r.resource_id,
      actor: r.actor,
      request_id: r.request_id,
      detail: r.detail ?? null,
      created_at: iso(r.created_at)!,
    })),
    nextCursor: more ? String(shown[shown.length - 1].seq) : null,
  };
}
