// Status moves of evaluation runs, each a compare-and-set on the status it expects, like jobs.
import type { Db } from './db.js';

export const RUN_ACTIVE_STATUSES = ['queued', 'running', 'canceling'] as const;

/** queued → running (the workflow's first step). Returns whether the run is running now. */
export async function claimRun(db: Db, runId: string): Promise<boolean> {
  await db('evaluation_runs').where({ id: runId, status: 'queued' }).update({ status: 'running', started_at: db.fn.now() });
  const row = await db('evaluation_runs').where({ id: runId }).first('status');
  return row?.status === 'running';
}

/** queued/running → canceling. Returns whether it moved. */
export async function markRunCanceling(db: Db, runId: string): Promise<boolean> {
  return (await db('evaluation_runs').where({ id: runId }).whereIn('status', ['queued', 'running']).update({ status: 'canceling' })) === 1;
}

/** running → completed with its report. */
export async function completeRun(db: Db, runId: string, report: unknown): Promise<boolean> {
  const n = await db('evaluation_runs')
    .where({ id: runId, status: 'running' })
    .update({ status: 'completed', report: JSON.stringify(report), completed_at: db.fn.now() });
  return n === 1;
}

/** queued/running → failed with `{code, message}`. */
export async function failRun(db: Db, runId: string, error: { code: string; message: string }): Promise<boolean> {
  const n = await db('evaluation_runs')
    .where({ id: runId })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'failed', error: JSON.stringify(error), completed_at: db.fn.now() });
  return n === 1;
}

/** Any non-terminal status → canceled (the run was asked to stop). */
export async function settleRunCanceled(db: Db, runId: string): Promise<boolean> {
  const n = await db('evaluation_runs')
    .where({ id: runId })
    .whereIn('status', RUN_ACTIVE_STATUSES as unknown as string[])
    .update({ status: 'canceled', completed_at: db.fn.now() });
  return n === 1;
}

/** The judged leaves of one item, kept for comparisons between runs. */
export async function storeScoredLeaves(db: Db, runId: string, itemId: string, leaves: unknown): Promise<void> {
  await db('evaluation_run_items').where({ run_id: runId, item_id: itemId }).update({ scored_leaves: JSON.stringify(leaves) });
}

/** Link an item of a run to the job it runs as, unless an earlier attempt already did. */
export async function linkItemJob(db: Db, runId: string, itemId: string, jobId: string): Promise<boolean> {
  const n = await db('evaluation_run_items').where({ run_id: runId, item_id: itemId }).whereNull('job_id').update({ job_id: jobId });
  return n === 1;
}

/** Link an item of a classifier's run to its classification job, unless an earlier attempt already did. */
export async function linkClassifierItemJob(db: Db, runId: string, itemId: string, jobId: string): Promise<boolean> {
  const n = await db('evaluation_run_items').where({ run_id: runId, item_id: itemId }).whereNull('classification_job_id').update({ classification_job_id: jobId });
  return n === 1;
}

/** Every item's judged leaves of a run (item_id → leaves): what a comparison between runs reads. */
export async function scoredLeavesOf<L>(db: Db, runId: string): Promise<Record<string, L[]>> {
  const rows = await db('evaluation_run_items').where({ run_id: runId }).select('item_id', 'scored_leaves');
  return Object.fromEntries(rows.map((r) => [r.item_id, (r.scored_leaves ?? []) as L[]]));
}
