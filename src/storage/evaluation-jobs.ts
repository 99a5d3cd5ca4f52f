// Writes to extraction_jobs for evaluation runs: one function per statement, each guarded by the
// status it expects. (To fold into the job store, src/storage/jobs.ts.)
import type { Db } from './db.js';

export interface EvaluationItemJobRow {
  id: string;
  extractorId: string;
  extractorSnapshot: unknown;
  fileId: string | null;
  sourceText: string | null;
  runId: string;
}

/** A queued extraction job of an evaluation run, with the run's extractor snapshot. */
export async function insertEvaluationItemJob(db: Db, job: EvaluationItemJobRow): Promise<void> {
  await db('extraction_jobs').insert({
    id: job.id,
    extractor_id: job.extractorId,
    extractor_snapshot: JSON.stringify(job.extractorSnapshot),
    file_id: job.fileId,
    source_text: job.sourceText,
    status: 'queued',
    evaluation_run_id: job.runId,
  });
}

/** queued/running → canceling for every job of a run (their workflows then settle them). */
export async function markEvaluationJobsCanceling(db: Db, runId: string): Promise<number> {
  return db('extraction_jobs').where({ evaluation_run_id: runId }).whereIn('status', ['queued', 'running']).update({ status: 'canceling' });
}

/** Jobs of a stopped run left without a workflow to settle them: queued/canceling → canceled. */
export async function settleEvaluationJobsCanceled(db: Db, runId: string): Promise<number> {
  return db('extraction_jobs')
    .where({ evaluation_run_id: runId })
    .whereIn('status', ['queued', 'canceling'])
    .update({ status: 'canceled', completed_at: db.fn.now() });
}
