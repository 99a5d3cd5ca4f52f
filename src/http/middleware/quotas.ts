import type { Context, Middleware } from 'koa';
import { serviceError } from '../../errors.js';
import { deleteFile } from '../../domain/files.js';
import type { Workspace } from '../../domain/workspaces.js';
import type { Db } from '../../storage/db.js';
import { workspaceActiveJobs, workspaceStorageBytes } from '../../storage/workspace-usage.js';

// A workspace's quotas (issue 42). Each refusal is 429 with Retry-After and the limit in the detail:
// - requests_per_minute: `rate_limited`, per API process (a fixed one-minute window per workspace);
// - max_running_jobs: `quota_exceeded` when a job is created while the workspace already has that
//   many jobs queued or running (batch items are not counted: a batch's own `concurrency` and the
//   fair share pace them); the job is not created, the client retries after Retry-After;
// - max_storage_bytes: `quota_exceeded` for an upload that would take the workspace's files beyond it.

/** One API process's request counts per workspace in the current minute. */
export function requestRateLimiter(now: () => number = Date.now): (ctx: Context, ws: Workspace) => void {
  const windows = new Map<string, { start: number; count: number }>();
  return (_ctx, ws) => {
    const limit = ws.requests_per_minute;
    if (limit === null) return;
    const t = now();
    let w = windows.get(ws.id);
    if (!w || t - w.start >= 60_000) windows.set(ws.id, (w = { start: t, count: 0 }));
    w.count += 1;
    if (w.count > limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000));
      throw serviceError('rate_limited', `Workspace '${ws.name}' may make ${limit} requests per minute (requests_per_minute: ${limit}); retry in ${retryAfterSeconds} s`, { retryAfterSeconds });
    }
  };
}

const JOB_CREATION = /^\/v1\/(?:extraction-jobs|parse-jobs|classification-jobs|schema-suggestions|jobs)\/?$/i;
// What stores a file: a multipart upload, a direct upload's completion (issue 53).
const UPLOAD = /^\/v1\/(?:files|uploads\/[^/]+\/complete)\/?$/i;
// A direct upload's announcement stores nothing yet, but is refused once the quota is used up.
const UPLOAD_ANNOUNCEMENT = /^\/v1\/uploads\/?$/i;

export function workspaceQuotas(db: Db): Middleware {
  return async (ctx, next) => {
    const ws = ctx.state.workspace;
    if (!ws || ctx.method !== 'POST') return next();
    if (ws.max_running_jobs !== null && JOB_CREATION.test(ctx.path)) {
      const active = await workspaceActiveJobs(db, ws.id);
      if (active >= ws.max_running_jobs) {
        throw serviceError('quota_exceeded', `Workspace '${ws.name}' has ${active} jobs queued or running (max_running_jobs: ${ws.max_running_jobs}); retry when one has ended`, { retryAfterSeconds: 5 });
      }
    }
    if (ws.max_storage_bytes !== null && UPLOAD_ANNOUNCEMENT.test(ctx.path)) {
      const used = await workspaceStorageBytes(db, ws.id);
      if (used >= ws.max_storage_bytes) throw storageQuota(ws, used);
    }
    if (ws.max_storage_bytes !== null && UPLOAD.test(ctx.path)) {
      const used = await workspaceStorageBytes(db, ws.id);
      if (used >= ws.max_storage_bytes) throw storageQuota(ws, used);
      await next();
      const created = ctx.body as { id?: string } | undefined;
      if (ctx.status === 201 && typeof created?.id === 'string') {
        const after = await workspaceStorageBytes(db, ws.id);
        if (after > ws.max_storage_bytes) {
          await deleteFile(db, created.id).catch(() => {});
          throw storageQuota(ws, after);
        }
      }
      return;
    }
    return next();
  };
}

const storageQuota = (ws: Workspace, used: number) =>
  serviceError('quota_exceeded', `Workspace '${ws.name}' would store ${used} bytes of files (max_storage_bytes: ${ws.max_storage_bytes}); delete files first`, { retryAfterSeconds: 60 });
