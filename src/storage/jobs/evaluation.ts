// The item jobs of evaluation runs: ordinary extraction jobs with the run's extractor snapshot,
// or (a classifier's run, issue 44 deliver 6) classification jobs in split mode, linked from
// evaluation_run_items by classification_job_id. The runs themselves are ../evaluation-runs.ts.
import { ACTIVE_STATUSES, TERMINAL_STATUSES } from '../../kinds.js';
import type { Db } from '../db.js';
import { TABLE } from './tables.js';

/** The kinds of job a run's items are (an extractor's run, a classifier's run). */
const RUN_ITEM_TABLES = [TABLE.extraction, TABLE.classification];

/** A run's progress from its item jobs, extraction or classification (a subquery on evaluation_runs): completed, failed or canceled, total. */
export const EVALUATION_PROGRESS_SQL = `(select json_build_object(
  'items_completed', count(*) filter (where coalesce(j.status, c.status) = 'completed'),
  'items_failed', count(*) filter (where coalesce(j.status, c.status) in ('failed', 'canceled')),
  'items_total', count(*))
  from evaluation_run_items ri left join ${TABLE.extraction} j on j.id = ri.job_id
  left join ${TABLE.classification} c on c.id = ri.classification_job_id where ri.run_id = evaluation_runs.id)`;

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
  await db(TABLE.extraction).insert({
    id: job.id,
    extractor_id: job.extractorId,
    extractor_snapshot: JSON.stringify(job.extractorSnapshot),
    file_id: job.fileId,
    source_text: job.sourceText,
    status: 'queued',
    evaluation_run_id: job.runId,
  });
}

/** queued/running → canceling for every job of a run, of either kind (their workflows then settle them). */
export async function markEvaluationJobsCanceling(db: Db, runId: string): Promise<number> {
  let n = 0;
  for (const table of RUN_ITEM_TABLES) n += await db(table).where({ evaluation_run_id: runId }).whereIn('status', ACTIVE_STATUSES).update({ status: 'canceling' });
  return n;
}

/** Jobs of a stopped run, of either kind, left without a workflow to settle them: queued/canceling → canceled. */
export async function settleEvaluationJobsCanceled(db: Db, runId: string): Promise<number> {
  let n = 0;
  for (const table of RUN_ITEM_TABLES) {
    n += await db(table)
      .where({ evaluation_run_id: runId })
      .whereIn('status', ['queued', 'canceling'])
      .update({ status: 'canceled', completed_at: db.fn.now() });
  }
  return n;
}

/** A run's items in the run's order, each with its job (`j`) of that kind where it has one. */
function itemsWithJobs(db: Db, runId: string, kind: 'extraction' | 'classification') {
  const jobColumn = kind === 'extraction' ? 'ri.job_id' : 'ri.classification_job_id';
  return db('evaluation_run_items as ri').leftJoin(`${TABLE[kind]} as j`, 'j.id', jobColumn).where('ri.run_id', runId).orderBy('ri.position');
}

/** The first `limit` items of a run whose `kind` job has not ended (or has none yet), in the run's order. */
function unendedItems(db: Db, runId: string, kind: 'extraction' | 'classification', limit: number): Promise<string[]> {
  return itemsWithJobs(db, runId, kind)
    .where((q) => q.whereNull('j.status').orWhereNotIn('j.status', TERMINAL_STATUSES))
    .limit(limit)
    .pluck('ri.item_id');
}

/** The first `limit` items of a run whose job has not ended (or has none yet), in the run's order. */
export const unendedEvaluationItems = (db: Db, runId: string, limit: number) => unendedItems(db, runId, 'extraction', limit);

/** Every item of a run with its expected output and its job's outcome, in the run's order. */
export async function evaluationItemJobs(db: Db, runId: string) {
  return itemsWithJobs(db, runId, 'extraction').select('ri.item_id', 'ri.expected_output', 'j.id as job_id', 'j.status', 'j.result', 'j.error');
}

// ---- a classifier's run ------------------------------------------------------------------------

/** The first `limit` items of a run whose classification job has not ended (or has none yet), in the run's order. */
export const unendedClassifierItems = (db: Db, runId: string, limit: number) => unendedItems(db, runId, 'classification', limit);

/** Every item of a run with its expected split and its job's outcome, in the run's order. */
export async function classifierItemJobs(db: Db, runId: string) {
  return itemsWithJobs(db, runId, 'classification').select('ri.item_id', 'ri.expected_segments', 'j.id as job_id', 'j.status', 'j.result', 'j.error');
}
