// Statements on the item jobs of classifier evaluation runs (issue 44, deliver 6): ordinary
// classification jobs (split mode) with evaluation_run_id, linked from evaluation_run_items by
// classification_job_id. The runs themselves move as extractor runs do (./evaluation-runs.ts).
import type { Db } from './db.js';

const ENDED = ['completed', 'failed', 'canceled'];

/** The first `limit` items of a run whose classification job has not ended (or has none yet), in the run's order. */
export async function unendedClassifierItems(db: Db, runId: string, limit: number): Promise<string[]> {
  return db('evaluation_run_items as ri')
    .leftJoin('classification_jobs as j', 'j.id', 'ri.classification_job_id')
    .where('ri.run_id', runId)
    .where((q) => q.whereNull('j.status').orWhereNotIn('j.status', ENDED))
    .orderBy('ri.position')
    .limit(limit)
    .pluck('ri.item_id');
}

/** Link an item of a run to its classification job, unless an earlier attempt already did. */
export async function linkClassifierItemJob(db: Db, runId: string, itemId: string, jobId: string): Promise<boolean> {
  const n = await db('evaluation_run_items').where({ run_id: runId, item_id: itemId }).whereNull('classification_job_id').update({ classification_job_id: jobId });
  return n === 1;
}

/** Every item of a run with its expected split and its job's outcome, in the run's order. */
export async function classifierItemJobs(db: Db, runId: string) {
  return db('evaluation_run_items as ri')
    .leftJoin('classification_jobs as j', 'j.id', 'ri.classification_job_id')
    .where('ri.run_id', runId)
    .orderBy('ri.position')
    .select('ri.item_id', 'ri.expected_segments', 'j.id as job_id', 'j.status', 'j.result', 'j.error');
}

/** queued/running → canceling for every classification job of a run (their workflows then settle them). */
export async function markClassifierRunJobsCanceling(db: Db, runId: string): Promise<number> {
  return db('classification_jobs').where({ evaluation_run_id: runId }).whereIn('status', ['queued', 'running']).update({ status: 'canceling' });
}

/** Classification jobs of a stopped run left without a workflow to settle them: queued/canceling → canceled. */
export async function settleClassifierRunJobsCanceled(db: Db, runId: string): Promise<number> {
  return db('classification_jobs')
    .where({ evaluation_run_id: runId })
    .whereIn('status', ['queued', 'canceling'])
    .update({ status: 'canceled', completed_at: db.fn.now() });
}
