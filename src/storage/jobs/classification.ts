// Statements on classification jobs (issue 44) beyond the shared lifecycle of ./lifecycle.ts:
// creation, reads with progress, the page answers (one row per page, written as it arrives), the
// review column and its events, and the extraction jobs a classification job routed.
import type { Knex } from 'knex';
import type { Db } from '../db.js';
import { keysetPage, type Page, type PageRequest } from '../pagination.js';
import type { ClassificationJobRow, Conn } from './tables.js';

const PAGES_COMPLETED_SQL = '(select count(*) from classification_pages p where p.job_id = classification_jobs.id)::int';

export async function insertClassificationJob(
  db: Conn,
  values: {
    id: string;
    classifier_id: string;
    classifier_snapshot: unknown;
    file_id: string | null;
    source_text: string | null;
    mode: string;
    route: boolean;
    page_start: number | null;
    page_end: number | null;
    /** The classifier evaluation run the job is an item of (issue 44, deliver 6). */
    evaluation_run_id?: string;
  },
): Promise<ClassificationJobRow> {
  const [row] = await db('classification_jobs')
    .insert({ ...values, classifier_snapshot: JSON.stringify(values.classifier_snapshot), status: 'queued' })
    .returning('*');
  return row;
}

export type ClassificationJobRead = ClassificationJobRow & { pages_completed: number };

export async function findClassificationJobForRead(db: Db, id: string): Promise<ClassificationJobRead | undefined> {
  return db('classification_jobs').where({ id }).first('classification_jobs.*', db.raw(`${PAGES_COMPLETED_SQL} as pages_completed`));
}

export async function pageOfClassificationJobs(
  db: Db,
  filter: { status?: string; classifier_id?: string; review_status?: string },
  page: PageRequest,
): Promise<Page<ClassificationJobRead>> {
  const q = db('classification_jobs').select('classification_jobs.*', db.raw(`${PAGES_COMPLETED_SQL} as pages_completed`));
  if (filter.status) q.where({ status: filter.status });
  if (filter.classifier_id) q.where({ classifier_id: filter.classifier_id });
  // The review queue is production work: a classifier evaluation run's jobs stay out of it (issue 48).
  if (filter.review_status) q.whereRaw("review->>'status' = ?", [filter.review_status]).whereNull('evaluation_run_id');
  return keysetPage(q, page);
}

/**
 * A running job's result and initial review, written before routing and completion. A result
 * written by an earlier attempt is kept (its segments may already name routed jobs).
 */
export async function recordClassificationResult(db: Db, jobId: string, result: unknown, review: unknown): Promise<boolean> {
  const n = await db('classification_jobs')
    .where({ id: jobId, status: 'running' })
    .update({ result: db.raw('coalesce(result, ?::jsonb)', [JSON.stringify(result)]), review: db.raw('coalesce(review, ?::jsonb)', [review === null ? null : JSON.stringify(review)]) });
  return n === 1;
}

// ---- page answers ----------------------------------------------------------------------------

export interface StoredPageAnswer {
  page: number;
  class: string;
  starts_document: boolean;
  confidence: number | null;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}

/** Store a page's answer; a page answered before (a retried attempt) keeps its first answer. */
export async function storePageAnswer(db: Db, jobId: string, answer: StoredPageAnswer): Promise<void> {
  await db('classification_pages')
    .insert({ job_id: jobId, ...answer, usage: answer.usage ? JSON.stringify(answer.usage) : null })
    .onConflict(['job_id', 'page'])
    .ignore();
}

export async function pageIsAnswered(db: Db, jobId: string, page: number): Promise<boolean> {
  return (await db('classification_pages').where({ job_id: jobId, page }).first('page')) !== undefined;
}

export async function answeredPages(db: Db, jobId: string): Promise<number[]> {
  return (await db('classification_pages').where({ job_id: jobId }).orderBy('page').pluck('page')) as number[];
}

export async function pageAnswers(db: Db, jobId: string): Promise<StoredPageAnswer[]> {
  return db('classification_pages').where({ job_id: jobId }).orderBy('page').select('page', 'class', 'starts_document', 'confidence', 'usage');
}

// ---- review ----------------------------------------------------------------------------------

export function lockClassificationJobForReview(trx: Knex.Transaction, jobId: string) {
  return trx('classification_jobs').where({ id: jobId }).forUpdate().first('id', 'status', 'result', 'review', 'classifier_snapshot', 'mode', 'route', 'page_start', 'page_end', 'pages_total');
}

/** The review of a completed job moves only from the revision the caller read (as an extraction's, ./extraction.ts writeReview). */
export async function writeClassificationReview(trx: Conn, jobId: string, fromRevision: number, review: unknown): Promise<boolean> {
  const n = await trx('classification_jobs').where({ id: jobId, status: 'completed' }).whereRaw("(review->>'revision')::int = ?", [fromRevision]).update({ review: JSON.stringify(review) });
  return n === 1;
}

export async function appendClassificationReviewEvent(
  trx: Conn,
  jobId: string,
  event: { action: string; segments_before: unknown; segments_after: unknown; actor: string | null; at: Date },
): Promise<void> {
  await trx('classification_review_events').insert({
    job_id: jobId,
    at: event.at,
    action: event.action,
    segments_before: JSON.stringify(event.segments_before ?? null),
    segments_after: JSON.stringify(event.segments_after ?? null),
    actor: event.actor,
  });
}

export function listClassificationReviewEvents(db: Db, jobId: string) {
  return db('classification_review_events').where({ job_id: jobId }).orderBy('seq').select('at', 'action', 'segments_before', 'segments_after', 'actor');
}

// ---- routing ---------------------------------------------------------------------------------

/** The job's row, locked until the transaction ends, for routing its segments once. */
export function lockClassificationJobForRouting(trx: Knex.Transaction, jobId: string) {
  return trx('classification_jobs').where({ id: jobId }).forUpdate().first('id', 'status', 'result', 'review', 'classifier_snapshot', 'mode', 'route', 'file_id', 'source_text');
}

/** Set the routed extraction jobs' ids on the job's segments (result.segments[i].extraction_job_id). */
export async function recordRoutedJobs(db: Conn, jobId: string, segments: unknown): Promise<void> {
  await db('classification_jobs').where({ id: jobId }).update({ result: db.raw("jsonb_set(result, '{segments}', ?::jsonb)", [JSON.stringify(segments)]) });
}
