// The jobs of a workspace (issue 42): what count against its limits and usage, their removal
// with the workspace, and the workspace a workflow acts for.
import type { Knex } from 'knex';
import { UNENDED_STATUSES } from '../../kinds.js';
import { TABLE } from './tables.js';

/** Jobs of a workspace that still run (queued, running or on their way out), every kind. */
export async function countActiveJobsOfWorkspace(db: Knex, workspaceId: string, statuses: readonly string[] = UNENDED_STATUSES): Promise<number> {
  let n = 0;
  for (const table of Object.values(TABLE)) {
    const row = await db(table).where({ workspace_id: workspaceId }).whereIn('status', statuses).first(db.raw('count(*)::int as n'));
    n += row?.n ?? 0;
  }
  return n;
}

/** Jobs by kind and status; pages and model tokens of the jobs created since `since`. */
export async function jobUsageOfWorkspace(db: Knex, workspaceId: string, since: Date) {
  const jobs: Record<string, Record<string, number>> = {};
  let pages = 0;
  let tokens = 0;
  for (const [kind, table] of Object.entries(TABLE)) {
    const rows: Array<{ status: string; n: number }> = await db(table).where({ workspace_id: workspaceId }).groupBy('status').select('status', db.raw('count(*)::int as n'));
    jobs[kind] = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    const month = await db(table)
      .where({ workspace_id: workspaceId })
      .where('created_at', '>=', since)
      .first(db.raw('coalesce(sum(pages_total), 0)::bigint as pages'), db.raw("coalesce(sum((usage->>'total_tokens')::bigint), 0)::bigint as tokens"));
    pages += Number(month?.pages ?? 0);
    tokens += Number(month?.tokens ?? 0);
  }
  return { jobs, pages, tokens };
}

/** Remove every job of a workspace, in an order the foreign keys allow (its evaluation runs and batches first). */
export async function deleteJobsOfWorkspace(trx: Knex.Transaction, workspaceId: string): Promise<void> {
  await trx('extractor_candidates').where({ workspace_id: workspaceId }).delete();
  await trx('evaluation_runs').where({ workspace_id: workspaceId }).delete();
  await trx('batches').where({ workspace_id: workspaceId }).delete();
  await trx(TABLE.extraction).where({ workspace_id: workspaceId }).delete();
  await trx(TABLE.classification).where({ workspace_id: workspaceId }).delete();
  await trx(TABLE.parse).where({ workspace_id: workspaceId }).delete();
  await trx(TABLE.suggestion).where({ workspace_id: workspaceId }).delete();
}

/** The workspace of a job (any kind), a batch, an evaluation run or a candidate, by its id's prefix. */
const ROW_BY_PREFIX: Record<string, string> = {
  ejob: TABLE.extraction,
  pjob: TABLE.parse,
  cjob: TABLE.classification,
  sug: TABLE.suggestion,
  batch: 'batches',
  evrun: 'evaluation_runs',
  cand: 'extractor_candidates',
};

/** The workspace a workflow acts for, from its id (job, batch, run, candidate, or a delivery named after its job). */
export async function workspaceOfWorkflowId(db: Knex, workflowId: string): Promise<string | undefined> {
  const m = /^(ejob|pjob|cjob|sug|batch|evrun|cand)_[0-9a-z]{26}/.exec(workflowId);
  if (!m) return undefined;
  const row = await db(ROW_BY_PREFIX[m[1]!]!).where({ id: m[0] }).first('workspace_id');
  return row?.workspace_id as string | undefined;
}
