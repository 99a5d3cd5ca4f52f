// Extraction jobs: creation, the reads with progress, what a running job records beyond the shared
// lifecycle (./lifecycle.ts), the jobs a classification job routed, and the review column.
import type { Knex } from 'knex';
import type { ReviewState } from '../../confidence/review-state.js';
import { latestRetrySql } from '../call-retries.js';
import type { Db } from '../db.js';
import { keysetPage, type Page, type PageRequest } from '../pagination.js';
import { TABLE, type Conn, type ExtractionJobRow } from './tables.js';

export async function insertExtractionJob(
  db: Conn,
  values: {
    id: string;
    extractor_id: string;
    extractor_snapshot: unknown;
    file_id: string | null;
    source_text: string | null;
    page_start?: number | null;
    page_end?: number | null;
    /** A job routed by a classification job (issue 44). */
    classification_job_id?: string | null;
  },
): Promise<ExtractionJobRow> {
  const [row] = await db(TABLE.extraction)
    .insert({ ...values, extractor_snapshot: JSON.stringify(values.extractor_snapshot), status: 'queued' })
    .returning('*');
  return row;
}

/**
 * Record the examples an extraction job's prompts carry, once: a later attempt or window finds the
 * first choice. Returns the ids recorded (this call's or the earlier one's).
 */
export async function recordExamplesUsed(db: Db, id: string, exampleIds: string[]): Promise<string[]> {
  await db(TABLE.extraction).where({ id }).whereNull('examples_used').update({ examples_used: JSON.stringify(exampleIds) });
  const row = await db(TABLE.extraction).where({ id }).first('examples_used');
  return (row?.examples_used as string[] | null) ?? exampleIds;
}

/** Pages covered by stored windows (the SQL behind an extraction job's progress). */
const EXTRACTION_PAGES_COMPLETED_SQL =
  '(select coalesce(sum(w.last_page - w.first_page + 1), 0) from extraction_windows w where w.job_id = extraction_jobs.id)::int';

/** An extraction job with `pages_completed` and its latest call retry (`latest_retry`), in one query: clients poll it. */
export async function findExtractionJobForRead(
  db: Db,
  id: string,
): Promise<(ExtractionJobRow & { pages_completed: number; latest_retry: unknown }) | undefined> {
  return db(TABLE.extraction)
    .where({ id })
    .first(
      'extraction_jobs.*',
      db.raw(`${EXTRACTION_PAGES_COMPLETED_SQL} as pages_completed`),
      db.raw(`${latestRetrySql(TABLE.extraction)} as latest_retry`),
    );
}

/** A page of extraction jobs, newest first, each with `pages_completed`. */
export async function pageOfExtractionJobs(
  db: Db,
  filter: { status?: string; extractor_id?: string; review_status?: string; evaluation_run_id?: string; batch_id?: string },
  page: PageRequest,
): Promise<Page<ExtractionJobRow & { pages_completed: number }>> {
  const q = db(TABLE.extraction).select('extraction_jobs.*', db.raw(`${EXTRACTION_PAGES_COMPLETED_SQL} as pages_completed`));
  if (filter.status) q.where({ status: filter.status });
  if (filter.batch_id) q.where({ batch_id: filter.batch_id });
  if (filter.extractor_id) q.where({ extractor_id: filter.extractor_id });
  if (filter.review_status) q.whereRaw("review->>'status' = ?", [filter.review_status]);
  // The review queue is production work: an evaluation run's jobs are listed under their run only (issue 48).
  if (filter.review_status && !filter.evaluation_run_id) q.whereNull('evaluation_run_id');
  if (filter.evaluation_run_id) q.where({ evaluation_run_id: filter.evaluation_run_id });
  return keysetPage(q, page);
}

/** Progress of a running extraction job: what is used (provider, model), said as soon as it is known. */
export async function recordExtractionModelUsed(db: Db, id: string, used: { provider_name_used: string; model_used: string }): Promise<boolean> {
  return (await db(TABLE.extraction).where({ id, status: 'running' }).update(used)) === 1;
}

// ---- routed jobs (issue 44) -------------------------------------------------------------------

/** Status of each extraction job a classification job routed, by id. */
export async function routedJobStatuses(db: Db, classificationJobId: string): Promise<Map<string, string>> {
  const rows = await db(TABLE.extraction).where({ classification_job_id: classificationJobId }).select('id', 'status');
  return new Map(rows.map((r: { id: string; status: string }) => [r.id, r.status]));
}

/** Ids of the extraction jobs a classification job routed. */
export async function routedJobIds(db: Db, classificationJobId: string): Promise<string[]> {
  return (await db(TABLE.extraction).where({ classification_job_id: classificationJobId }).pluck('id')) as string[];
}

// ---- review ----------------------------------------------------------------------------------

/**
 * The review status and revision of a completed extraction job in the review queue (undefined when
 * not completed, or an evaluation run's job: those are never announced for review, issue 48).
 */
export async function findCompletedReviewState(db: Db, id: string): Promise<{ review_status: string | null; revision: number | null } | undefined> {
  return db(TABLE.extraction)
    .where({ id, status: 'completed' })
    .whereNull('evaluation_run_id')
    .first(db.raw("review->>'status' as review_status"), db.raw("(review->>'revision')::int as revision"));
}

// The review column moves only from the revision the caller read, so a concurrent decision is never overwritten.

/** The job's row with what a review needs, locked until the transaction ends; undefined when there is none. */
export function lockJobForReview(trx: Knex.Transaction, jobId: string) {
  return trx(TABLE.extraction)
    .where({ id: jobId })
    .forUpdate()
    .first('id', 'status', 'result', 'review', 'extractor_snapshot', 'extractor_id', 'file_id', 'source_text');
}

/** Write the new review state of a completed job whose review is still at `fromRevision`; false when it was not. */
export async function writeReview(trx: Conn, jobId: string, fromRevision: number, review: ReviewState, result?: unknown): Promise<boolean> {
  const n = await trx(TABLE.extraction)
    .where({ id: jobId, status: 'completed' })
    .whereRaw("(review->>'revision')::int = ?", [fromRevision])
    // `result` with it when a correction changed the rules' outcome (its rule_results and rule flags).
    .update({ review: JSON.stringify(review), ...(result !== undefined ? { result: JSON.stringify(result) } : {}) });
  return n === 1;
}
