// What a workspace holds and uses (issue 42): its usage figures, the jobs that count against
// max_running_jobs, and the removal of everything it holds when it is deleted.
import type { Db } from './db.js';
import { countActiveJobsOfWorkspace, deleteJobsOfWorkspace, jobUsageOfWorkspace } from './jobs/workspaces.js';

export const workspaceRunningJobs = (db: Db, workspaceId: string) => countActiveJobsOfWorkspace(db, workspaceId, ['running', 'canceling', 'deleting']);
export const workspaceActiveJobs = (db: Db, workspaceId: string) => countActiveJobsOfWorkspace(db, workspaceId);

/** The workspace's files: how many, and their bytes. */
async function fileTotals(db: Db, workspaceId: string): Promise<{ files: number; bytes: number }> {
  const row = await db('files').where({ workspace_id: workspaceId }).first(db.raw('count(*)::int as files'), db.raw('coalesce(sum(size_bytes), 0)::bigint as bytes'));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export async function workspaceStorageBytes(db: Db, workspaceId: string): Promise<number> {
  return (await fileTotals(db, workspaceId)).bytes;
}

export async function workspaceUsageCounts(db: Db, workspaceId: string) {
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const { jobs, pages, tokens } = await jobUsageOfWorkspace(db, workspaceId, monthStart);
  const { files, bytes } = await fileTotals(db, workspaceId);
  return {
    jobs,
    running_jobs: await workspaceRunningJobs(db, workspaceId),
    month: { start: monthStart.toISOString(), pages, model_tokens: tokens },
    files,
    storage_bytes: bytes,
  };
}

/** Everything a workspace holds, then the workspace (its keys and audit go with it). */
export async function deleteWorkspaceRows(db: Db, workspaceId: string): Promise<void> {
  await db.transaction(async (trx) => {
    await deleteJobsOfWorkspace(trx, workspaceId);
    for (const table of ['evaluation_sets', 'files', 'classifiers', 'extractors', 'parsers', 'webhook_endpoints', 'webhook_events', 'idempotency_keys']) {
      await trx(table).where({ workspace_id: workspaceId }).delete();
    }
    await trx('workspaces').where({ id: workspaceId }).delete();
  });
}
