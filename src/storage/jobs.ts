// The job store: the one module that names and writes the job tables (extraction_jobs,
// parse_jobs; their stored pages and windows are ./job-results.ts). Domain services, activities
// and recovery call these functions; no other file under src/, activities/ or workflows/ names
// the tables (`npm run lint:layers` checks it).
//
// One function per statement. Every status transition is a compare-and-set UPDATE guarded by the
// statuses it may start from, and says whether it applied: a late activity can never overwrite
// `canceling`, `deleting`, `canceled` or a terminal status, and the API never overwrites what a
// workflow recorded (design.md, "Durable job execution"). Metrics and logs stay with the callers.
import type { Knex } from 'knex';
import type { ReviewState } from '../confidence/review-state.js';
import { type JobKind, type JobStatus } from '../kinds.js';
import { latestRetrySql } from './call-retries.js';
import { LIVE_LEASE_EXISTS_SQL } from './provider-leases.js';
import type { Db } from './db.js';
import { keysetPage, type Page, type PageRequest } from './pagination.js';
import { outsideWorkspace } from './workspace-context.js';

export { ACTIVE_STATUSES, JOB_STATUSES, TERMINAL_STATUSES, isTerminal, type JobKind, type JobStatus } from '../kinds.js';

const TABLE: Record<JobKind, string> = { extraction: 'extraction_jobs', parse: 'parse_jobs', classification: 'classification_jobs', suggestion: 'schema_suggestion_jobs' };
/** The job tables, for the workspace scope (src/storage/workspace-scope.ts): each row belongs to a workspace. */
export const JOB_TABLE_NAMES: readonly string[] = Object.values(TABLE);

/** A connection or an open transaction: creation runs inside the idempotency claim's transaction. */
type Conn = Knex | Knex.Transaction;

// ---- statuses a transition starts from -------------------------------------------------------

const CANCELABLE: JobStatus[] = ['queued', 'running'];
const FAILABLE: JobStatus[] = ['queued', 'running'];
const DELETABLE_LATER: JobStatus[] = ['queued', 'running', 'canceling', 'deleting'];
const TERMINAL: JobStatus[] = ['completed', 'failed', 'canceled'];
/** Statuses whose job still needs a workflow to reach a terminal status (recovery). */
export const NEEDS_WORKFLOW: JobStatus[] = ['queued', 'running', 'canceling', 'deleting'];

// ---- typed rows ------------------------------------------------------------------------------

interface JobRowBase {
  id: string;
  file_id: string | null;
  status: JobStatus;
  result: unknown;
  error: { code: string; message: string } | null;
  usage: unknown;
  provider_name_used: string | null;
  model_used: string | null;
  pages_total: number | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  /** The batch the job is an item of, its client key there and its place in the batch's input (null otherwise). */
  batch_id: string | null;
  custom_id: string | null;
  batch_index: number | null;
}

export interface ExtractionJobRow extends JobRowBase {
  extractor_id: string;
  /** The extractor as it was when the job was created. */
  extractor_snapshot: any;
  source_text: string | null;
  /** The run the job is an item job of (null otherwise). */
  evaluation_run_id?: string | null;
  /** The ids of the examples its prompts carried, recorded once (null until chosen). */
  examples_used?: string[] | null;
  /** Only pages page_start..page_end of the file (issue 44); both null for the whole file. */
  page_start: number | null;
  page_end: number | null;
}

export interface ParseJobRow extends JobRowBase {
  file_id: string;
  parser_id: string;
  /** The parser as it was when the job was created. */
  parser_snapshot: any;
  reasoning_effort_used: string | null;
  model_adapter_used: string | null;
}

export interface ClassificationJobRow extends JobRowBase {
  classifier_id: string;
  /** The classifier as it was when the job was created. */
  classifier_snapshot: any;
  source_text: string | null;
  mode: 'document' | 'split';
  route: boolean;
  page_start: number | null;
  page_end: number | null;
  review: unknown;
}

/** A schema suggestion (issue 51): sample files or texts, the instructions, the model asked. */
export interface SuggestionJobRow extends JobRowBase {
  file_ids: string[];
  texts: string[] | null;
  instructions: string | null;
  provider_name: string;
  model: string;
}

export interface JobRows {
  extraction: ExtractionJobRow;
  parse: ParseJobRow;
  classification: ClassificationJobRow;
  suggestion: SuggestionJobRow;
}

/** When a job ended (for the duration metrics of its caller). */
export interface EndedRow {
  created_at: Date;
  completed_at: Date;
}

// ---- create ----------------------------------------------------------------------------------

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

export async function insertParseJob(
  db: Conn,
  values: { id: string; parser_id: string; parser_snapshot: unknown; file_id: string },
): Promise<ParseJobRow> {
  const [row] = await db(TABLE.parse)
    .insert({ ...values, parser_snapshot: JSON.stringify(values.parser_snapshot), status: 'queued' })
    .returning('*');
  return row;
}

/** A schema suggestion job (queued) with its sample files in their order. */
export async function insertSuggestionJob(
  db: Conn,
  values: { id: string; file_ids: string[]; texts: string[] | null; instructions: string | null; provider_name: string; model: string },
): Promise<SuggestionJobRow> {
  const [row] = await db(TABLE.suggestion)
    .insert({
      ...values,
      file_id: values.file_ids[0] ?? null,
      file_ids: JSON.stringify(values.file_ids),
      texts: values.texts === null ? null : JSON.stringify(values.texts),
      status: 'queued',
    })
    .returning('*');
  if (values.file_ids.length > 0) {
    await db('schema_suggestion_files').insert(values.file_ids.map((file_id, position) => ({ job_id: values.id, file_id, position })));
  }
  return row;
}

/** A page of schema suggestion jobs, newest first. */
export async function pageOfSuggestionJobs(db: Db, filter: { status?: string }, page: PageRequest): Promise<Page<SuggestionJobRow>> {
  const q = db(TABLE.suggestion).select('*');
  if (filter.status) q.where({ status: filter.status });
  return keysetPage(q, page);
}

// ---- reads -----------------------------------------------------------------------------------

export async function findJobRow<K extends JobKind>(db: Db, kind: K, id: string): Promise<JobRows[K] | undefined> {
  return db(TABLE[kind]).where({ id }).first();
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

export async function findJobStatus(db: Db, kind: JobKind, id: string): Promise<JobStatus | undefined> {
  const row = await db(TABLE[kind]).where({ id }).first('status');
  return row?.status;
}

/** The statuses of several jobs of one kind (a deleted job is missing from the map). */
export async function findJobStatuses(db: Db, kind: JobKind, ids: string[]): Promise<Map<string, JobStatus>> {
  const rows: Array<{ id: string; status: JobStatus }> = await db(TABLE[kind]).whereIn('id', ids).select('id', 'status');
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** A job's status and the batch it is an item of (null when it is not a batch item). */
export async function findJobStatusAndBatch(db: Db, kind: JobKind, id: string): Promise<{ status: JobStatus; batch_id: string | null } | undefined> {
  return db(TABLE[kind]).where({ id }).first('status', 'batch_id');
}

/** Whether the job is still `running` (not stopped by a cancel or delete, not ended). */
export async function jobIsRunning(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return !!(await db(TABLE[kind]).where({ id, status: 'running' }).first('id'));
}

/**
 * Whether a job's model request may still be sent (issue 38, "cancel means no new request"): the
 * job is `running` and neither its batch (canceling, deleting, gone) nor its evaluation run
 * (canceling) is stopping. The batch's slice and the run's cancel reach the item rows a moment
 * after the API answered, so the request's last check reads all three rows in one query.
 */
export async function jobMaySend(db: Db, kind: JobKind, id: string): Promise<boolean> {
  const q = db(`${TABLE[kind]} as j`)
    .leftJoin('batches as b', 'b.id', 'j.batch_id')
    .where({ 'j.id': id, 'j.status': 'running' })
    .where((w) => w.whereNull('j.batch_id').orWhereIn('b.status', ['queued', 'running']));
  if (kind === 'extraction') {
    q.leftJoin('evaluation_runs as r', 'r.id', 'j.evaluation_run_id').where((w) =>
      w.whereNull('j.evaluation_run_id').orWhereIn('r.status', ['queued', 'running']),
    );
  }
  return !!(await q.first('j.id'));
}

/** Pages covered by stored windows (the SQL behind an extraction job's progress). */
const EXTRACTION_PAGES_COMPLETED_SQL =
  '(select coalesce(sum(w.last_page - w.first_page + 1), 0) from extraction_windows w where w.job_id = extraction_jobs.id)::int';
const PARSE_PAGES_COMPLETED_SQL = '(select count(*) from parse_pages p where p.job_id = parse_jobs.id)::int';

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

/** A page of parse jobs, newest first, each with `pages_completed`. */
export async function pageOfParseJobs(
  db: Db,
  filter: { status?: string; parser_id?: string; batch_id?: string },
  page: PageRequest,
): Promise<Page<ParseJobRow & { pages_completed: number }>> {
  const q = db(TABLE.parse).select('parse_jobs.*', db.raw(`${PARSE_PAGES_COMPLETED_SQL} as pages_completed`));
  if (filter.status) q.where('parse_jobs.status', filter.status);
  if (filter.batch_id) q.where('parse_jobs.batch_id', filter.batch_id);
  if (filter.parser_id) q.where('parse_jobs.parser_id', filter.parser_id);
  return keysetPage(q, page, { createdAt: 'parse_jobs.created_at', id: 'parse_jobs.id' });
}

const SNAPSHOT_NAME: Record<JobKind, string> = {
  extraction: "extractor_snapshot->>'name'",
  parse: "parser_snapshot->>'name'",
  classification: "classifier_snapshot->>'name'",
  suggestion: "'schema-suggestion'",
};

/** Jobs of `kind` in a status that needs a workflow, created more than `minAgeMs` ago, oldest first (recovery). */
export async function jobsNeedingWorkflow(
  db: Db,
  kind: JobKind,
  minAgeMs: number,
): Promise<Array<{ id: string; name: string; file_id: string | null }>> {
  return db(TABLE[kind])
    .whereIn('status', NEEDS_WORKFLOW)
    // A queued batch item is started by its batch's workflow when the window reaches it, not here.
    .where((q) => q.whereNull('batch_id').orWhereNot('status', 'queued'))
    .where('created_at', '<', db.raw(`now() - interval '${minAgeMs} milliseconds'`))
    .orderBy('created_at')
    .select('id', 'file_id', db.raw(`${SNAPSHOT_NAME[kind]} as name`));
}

// ---- transitions -----------------------------------------------------------------------------

/** queued → running (the workflow's first activity). */
export async function claimJob(db: Db, kind: JobKind, id: string): Promise<boolean> {
  const foreign = await foreignReference(db, kind, id);
  if (foreign) {
    // Checked at creation too; here again, in the worker: a job never reads another workspace's file or definition.
    await failJob(db, kind, id, { code: 'not_found', message: `${foreign} was not found` });
    return false;
  }
  const n = await db(TABLE[kind]).where({ id, status: 'queued' }).update({ status: 'running', started_at: db.fn.now() });
  return n === 1;
}

const DEFINITION_OF: Partial<Record<JobKind, { column: string; table: string; label: string }>> = {
  extraction: { column: 'extractor_id', table: 'extractors', label: 'Extractor' },
  parse: { column: 'parser_id', table: 'parsers', label: 'Parser' },
  classification: { column: 'classifier_id', table: 'classifiers', label: 'Classifier' },
};

/** A queued job's file or definition that is not of the job's workspace (nor prebuilt), if any. */
async function foreignReference(db: Db, kind: JobKind, id: string): Promise<string | undefined> {
  const def = DEFINITION_OF[kind];
  if (!def) return foreignFiles(db, kind, id);
  const row = await db(TABLE[kind])
    .where({ [`${TABLE[kind]}.id`]: id, [`${TABLE[kind]}.status`]: 'queued' })
    .leftJoin('files as f', 'f.id', `${TABLE[kind]}.file_id`)
    .leftJoin(`${def.table} as d`, 'd.id', `${TABLE[kind]}.${def.column}`)
    .first(`${TABLE[kind]}.workspace_id as ws`, `${TABLE[kind]}.file_id as file_id`, 'f.workspace_id as file_ws', `${TABLE[kind]}.${def.column} as def_id`, 'd.workspace_id as def_ws', 'd.source as def_source');
  if (!row) return undefined;
  if (row.file_id && row.file_ws !== row.ws) return `File '${row.file_id}'`;
  if (row.def_id && row.def_source !== 'prebuilt' && row.def_ws !== row.ws) return `${def.label} '${row.def_id}'`;
  return undefined;
}

/** A queued job without a definition (a suggestion): any of its files not of the job's workspace. */
async function foreignFiles(db: Db, kind: JobKind, id: string): Promise<string | undefined> {
  const row = await db(`${TABLE[kind]} as j`)
    .where({ 'j.id': id, 'j.status': 'queued' })
    .join('schema_suggestion_files as sf', 'sf.job_id', 'j.id')
    .join('files as f', 'f.id', 'sf.file_id')
    .whereRaw('f.workspace_id <> j.workspace_id')
    .first('f.id as file_id');
  return row ? `File '${row.file_id}'` : undefined;
}

/** Progress of a running extraction job: what is used (provider, model), said as soon as it is known. */
export async function recordExtractionModelUsed(db: Db, id: string, used: { provider_name_used: string; model_used: string }): Promise<boolean> {
  return (await db(TABLE.extraction).where({ id, status: 'running' }).update(used)) === 1;
}

/** What a running job uses (provider, model), said as soon as it is known. */
export async function recordModelUsed(db: Db, kind: JobKind, id: string, used: { provider_name_used: string; model_used: string }): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id, status: 'running' }).update(used)) === 1;
}

/** Progress: the document's page count (any status: a stopped job keeps what it learnt). */
export async function recordPagesTotal(db: Db, kind: JobKind, id: string, pagesTotal: number): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).update({ pages_total: pagesTotal })) === 1;
}

/** Progress: a parse job's plan, its page count and what is used (any status, as recordPagesTotal). */
export async function recordParsePlan(
  db: Db,
  id: string,
  plan: { pages_total: number; provider_name_used: string; model_used: string; reasoning_effort_used: string | null; model_adapter_used: string },
): Promise<boolean> {
  return (await db(TABLE.parse).where({ id }).update(plan)) === 1;
}

/** running → completed with the result. Undefined when the job was no longer running. */
export async function completeJob(
  db: Db,
  kind: JobKind,
  id: string,
  values: { result?: unknown; usage: unknown; provider_name_used?: string; model_used?: string; review?: unknown },
): Promise<EndedRow | undefined> {
  const { result, usage, review, ...used } = values;
  const [row] = await db(TABLE[kind])
    .where({ id, status: 'running' })
    .update(
      {
        status: 'completed',
        ...(result !== undefined ? { result: JSON.stringify(result) } : {}),
        usage: usage ? JSON.stringify(usage) : null,
        ...(review ? { review: JSON.stringify(review) } : {}),
        ...used,
        completed_at: db.fn.now(),
      },
      ['created_at', 'completed_at'],
    );
  return row;
}

/** queued/running → failed with a stable code. Undefined when the job was no longer active. */
export async function failJob(db: Db, kind: JobKind, id: string, error: { code: string; message: string }): Promise<EndedRow | undefined> {
  const [row] = await db(TABLE[kind])
    .where({ id })
    .whereIn('status', FAILABLE)
    .update({ status: 'failed', error: JSON.stringify(error), completed_at: db.fn.now() }, ['created_at', 'completed_at']);
  return row;
}

/** queued/running → canceling (the API's cancel; the workflow's cleanup settles it). */
export async function requestCancel(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).whereIn('status', CANCELABLE).update({ status: 'canceling' })) === 1;
}

/** canceling → canceled, when no workflow is left to settle it. */
export async function settleCanceling(db: Db, kind: JobKind, id: string): Promise<EndedRow | undefined> {
  const [row] = await db(TABLE[kind])
    .where({ id, status: 'canceling' })
    .update({ status: 'canceled', completed_at: db.fn.now() }, ['created_at', 'completed_at']);
  return row;
}

/**
 * canceling → canceled by the model call that was stopped (issue 48: a storm of cancels must not
 * wait for every workflow's own settle step), once no other request of the job can still be open:
 * none holds a live slot of the job's lease `jobLease`. A request sent before the cancel holds its
 * slot from before its last check until it has closed, and none is sent after (the check reads
 * canceling), so "canceled" still means nothing of the job is open at the provider. The workflow's
 * settle later finds the job canceled and only sends its event.
 */
export async function settleCancelingIfIdle(db: Db, kind: JobKind, id: string, jobLease: string): Promise<EndedRow | undefined> {
  const [row] = await db(TABLE[kind])
    .where({ id, status: 'canceling' })
    .whereRaw(`NOT ${LIVE_LEASE_EXISTS_SQL}`, [jobLease])
    .update({ status: 'canceled', completed_at: db.fn.now() }, ['created_at', 'completed_at']);
  return row;
}

/** queued/running/canceling/deleting → deleting (the API's delete of an unfinished job). */
export async function requestDelete(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).whereIn('status', DELETABLE_LATER).update({ status: 'deleting' })) === 1;
}

/** Remove a terminal job. */
export async function deleteTerminalJob(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).whereIn('status', TERMINAL).delete()) === 1;
}

/** Remove a `deleting` job whose workflow is gone. */
export async function deleteDeletingJob(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id, status: 'deleting' }).delete()) === 1;
}

/**
 * Remove the job whatever its status: a job whose workflow could not be started (it never ran),
 * or one that became terminal between a delete's two statements.
 */
export async function removeJob(db: Db, kind: JobKind, id: string): Promise<boolean> {
  return (await db(TABLE[kind]).where({ id }).delete()) === 1;
}

export type SettleOutcome =
  | { outcome: 'deleted'; ended?: { status: 'deleted'; createdAt: Date } }
  | { outcome: 'canceled'; ended: { status: 'canceled'; createdAt: Date; finishedAt: Date } }
  | { outcome: string; ended?: undefined };

/**
 * A job asked to stop: deleting → row removed; canceling (or still active) → canceled.
 * The row is locked while deciding, so a delete that turns canceling into deleting at the same
 * moment either happens first (and the row is removed here) or finds the job already canceled
 * (and removes it itself); it can never be left in deleting with no workflow to finish it.
 */
export async function settleStoppedJob(db: Db, kind: JobKind, id: string): Promise<SettleOutcome> {
  const table = TABLE[kind];
  return db.transaction(async (trx): Promise<SettleOutcome> => {
    const row = await trx(table).where({ id }).forUpdate().first('status', 'created_at');
    if (!row) return { outcome: 'deleted' };
    if (row.status === 'deleting') {
      await trx(table).where({ id }).delete();
      return { outcome: 'deleted', ended: { status: 'deleted', createdAt: row.created_at } };
    }
    if (['canceling', 'queued', 'running'].includes(row.status)) {
      const [done] = await trx(table).where({ id }).update({ status: 'canceled', completed_at: trx.fn.now() }, ['created_at', 'completed_at']);
      return { outcome: 'canceled', ended: { status: 'canceled', createdAt: done.created_at, finishedAt: done.completed_at } };
    }
    return { outcome: row.status as string };
  });
}

/** What a failed job was before a retry, to put it back if the new run cannot start. */
export type FailedState = Pick<JobRowBase, 'status' | 'error' | 'started_at' | 'completed_at'>;

export async function findFailedState(db: Db, kind: JobKind, id: string): Promise<FailedState | undefined> {
  return db(TABLE[kind]).where({ id }).first('status', 'error', 'started_at', 'completed_at');
}

/** failed → queued (retry), forgetting the error and the times of the failed run. */
export async function requeueFailedJob(db: Db, kind: JobKind, id: string): Promise<boolean> {
  const n = await db(TABLE[kind]).where({ id, status: 'failed' }).update({ status: 'queued', error: null, started_at: null, completed_at: null });
  return n === 1;
}

/** queued → failed as it was before a retry whose new run could not be started. */
export async function restoreFailedJob(db: Db, kind: JobKind, id: string, previous: FailedState): Promise<boolean> {
  const n = await db(TABLE[kind])
    .where({ id, status: 'queued' })
    .update({
      status: 'failed',
      error: previous.error === null ? null : JSON.stringify(previous.error),
      started_at: previous.started_at,
      completed_at: previous.completed_at,
    });
  return n === 1;
}

/**
 * The scope under which Idempotency-Keys of job creation are stored (src/domain/idempotency.ts).
 * Stored keys have always used the table's name; kept so that keys survive an upgrade.
 */
export function idempotencyScope(kind: JobKind): string {
  return TABLE[kind];
}

// ---- the present, for /metrics ---------------------------------------------------------------
// Counted at scrape time (metrics/present.ts): one statement over the jobs that are not over (a
// partial index on status WHERE status is not terminal keeps it independent of history; see
// docs/operations.md) and the small job_call_retries table.

/** Statuses a job is in while it is not over; every one gets a series, zero included. */
export const PRESENT_STATUSES = ['queued', 'running', 'canceling', 'deleting'] as const;
export type PresentStatus = (typeof PRESENT_STATUSES)[number];

export interface PresentJobCounts {
  /** Jobs by kind and non-terminal status. */
  byStatus: Array<{ kind: JobKind; status: PresentStatus; jobs: number }>;
  /** Queued or running jobs with at least one model call failing transiently and waiting for its next attempt. */
  retrying: number;
}

/** Count the jobs not over, by kind and status, and the jobs retrying a model call. */
export async function countPresentJobs(db: Db): Promise<PresentJobCounts> {
  const kinds = Object.keys(TABLE) as JobKind[];
  const statuses = [...PRESENT_STATUSES];
  const marks = statuses.map(() => '?').join(', ');
  const perKind = kinds.map((kind) => `SELECT '${kind}' AS kind, status, count(*)::int AS jobs FROM ${TABLE[kind]} WHERE status IN (${marks}) GROUP BY status`);
  // A retry row outlives its job only until the job settles; count only jobs still at work.
  const working = kinds.map((kind) => `EXISTS (SELECT 1 FROM ${TABLE[kind]} j WHERE j.id = r.job_id AND j.status IN ('queued', 'running'))`);
  const sql = `${perKind.join('\nUNION ALL\n')}
UNION ALL
SELECT 'retrying' AS kind, '' AS status, count(DISTINCT r.job_id)::int AS jobs FROM job_call_retries r WHERE ${working.join(' OR ')}`;
  const result = await db.raw(sql, kinds.flatMap(() => statuses));
  const rows = result.rows as Array<{ kind: string; status: string; jobs: number }>;
  const byStatus = kinds.flatMap((kind) =>
    statuses.map((status) => ({ kind, status, jobs: rows.find((r) => r.kind === kind && r.status === status)?.jobs ?? 0 })),
  );
  return { byStatus, retrying: rows.find((r) => r.kind === 'retrying')?.jobs ?? 0 };
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

/** The review column moves only from the revision the caller read, so a concurrent decision is never overwritten. */
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

// ---- evaluation runs: item jobs (ordinary extraction jobs with the run's extractor snapshot) ----

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

/** queued/running → canceling for every job of a run (their workflows then settle them). */
export async function markEvaluationJobsCanceling(db: Db, runId: string): Promise<number> {
  return db(TABLE.extraction).where({ evaluation_run_id: runId }).whereIn('status', ['queued', 'running']).update({ status: 'canceling' });
}

/** Jobs of a stopped run left without a workflow to settle them: queued/canceling → canceled. */
export async function settleEvaluationJobsCanceled(db: Db, runId: string): Promise<number> {
  return db(TABLE.extraction)
    .where({ evaluation_run_id: runId })
    .whereIn('status', ['queued', 'canceling'])
    .update({ status: 'canceled', completed_at: db.fn.now() });
}

/** The first `limit` items of a run whose job has not ended (or has none yet), in the run's order. */
export async function unendedEvaluationItems(db: Db, runId: string, limit: number): Promise<string[]> {
  return db('evaluation_run_items as ri')
    .leftJoin(`${TABLE.extraction} as j`, 'j.id', 'ri.job_id')
    .where('ri.run_id', runId)
    .where((q) => q.whereNull('j.status').orWhereNotIn('j.status', TERMINAL))
    .orderBy('ri.position')
    .limit(limit)
    .pluck('ri.item_id');
}

/** Every item of a run with its expected output and its job's outcome, in the run's order. */
export async function evaluationItemJobs(db: Db, runId: string) {
  return db('evaluation_run_items as ri')
    .leftJoin(`${TABLE.extraction} as j`, 'j.id', 'ri.job_id')
    .where('ri.run_id', runId)
    .orderBy('ri.position')
    .select('ri.item_id', 'ri.expected_output', 'j.id as job_id', 'j.status', 'j.result', 'j.error');
}

// ---- batch items (src/storage/batches.ts holds the batches themselves) ------------------------
// A batch's items are ordinary job rows with batch_id, custom_id and batch_index, all written with
// the batch. Every read below goes through the (batch_id, batch_index) index.

/** One item of a batch, as written at the batch's creation. */
export interface BatchItemValues {
  id: string;
  custom_id: string;
  batch_index: number;
  file_id: string | null;
  /** Extraction only. */
  source_text?: string | null;
  /** Extraction and classification: a page range of the file (issue 44). */
  page_start?: number | null;
  page_end?: number | null;
  /** Classification only: document | split. */
  mode?: string;
}

const ITEM_INSERT_CHUNK = 500;

/** Write a batch's items (queued), in chunks, inside the batch's transaction. */
export async function insertBatchItems(
  db: Conn,
  kind: JobKind,
  batch: { id: string; definition_id: string; definition_snapshot: unknown },
  items: BatchItemValues[],
): Promise<void> {
  const snapshot = JSON.stringify(batch.definition_snapshot);
  const rows = items.map((item) =>
    kind === 'classification'
      ? { id: item.id, classifier_id: batch.definition_id, classifier_snapshot: snapshot, file_id: item.file_id, source_text: item.source_text ?? null, mode: item.mode, route: false, page_start: item.page_start ?? null, page_end: item.page_end ?? null, status: 'queued', batch_id: batch.id, custom_id: item.custom_id, batch_index: item.batch_index }
      : kind === 'extraction'
      ? { id: item.id, extractor_id: batch.definition_id, extractor_snapshot: snapshot, file_id: item.file_id, source_text: item.source_text ?? null, page_start: item.page_start ?? null, page_end: item.page_end ?? null, status: 'queued', batch_id: batch.id, custom_id: item.custom_id, batch_index: item.batch_index }
      : { id: item.id, parser_id: batch.definition_id, parser_snapshot: snapshot, file_id: item.file_id, status: 'queued', batch_id: batch.id, custom_id: item.custom_id, batch_index: item.batch_index },
  );
  for (let i = 0; i < rows.length; i += ITEM_INSERT_CHUNK) {
    await db(TABLE[kind]).insert(rows.slice(i, i + ITEM_INSERT_CHUNK));
  }
}

/** How many items of a batch are in each status (one indexed count). */
export async function countBatchItems(db: Db, kind: JobKind, batchId: string): Promise<Partial<Record<JobStatus, number>>> {
  const rows: Array<{ status: JobStatus; n: number }> = await db(TABLE[kind]).where({ batch_id: batchId }).groupBy('status').select('status', db.raw('count(*)::int as n'));
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** A batch's completed extraction items by review status (null: the job has no review). */
export async function countBatchReviews(db: Db, batchId: string): Promise<Array<{ review_status: string | null; n: number }>> {
  return db(TABLE.extraction)
    .where({ batch_id: batchId, status: 'completed' })
    .groupByRaw("review->>'status'")
    .select(db.raw("review->>'status' as review_status"), db.raw('count(*)::int as n'));
}

/** Items handed to their workflow (index below the cursor) that have not ended. */
export async function countItemsInFlight(db: Db, kind: JobKind, batchId: string, below: number): Promise<number> {
  const row = await db(TABLE[kind]).where({ batch_id: batchId }).where('batch_index', '<', below).whereNotIn('status', TERMINAL).first(db.raw('count(*)::int as n'));
  return row?.n ?? 0;
}

/** The next `limit` queued items at or after `from`, in input order: the window's next starts. */
export async function nextQueuedItems(db: Db, kind: JobKind, batchId: string, from: number, limit: number): Promise<Array<{ id: string; batch_index: number; file_id: string | null }>> {
  return db(TABLE[kind])
    .where({ batch_id: batchId, status: 'queued' })
    .where('batch_index', '>=', from)
    .orderBy('batch_index')
    .limit(limit)
    .select('id', 'batch_index', 'file_id');
}

/** Items below the cursor still queued: handed out, maybe not started (an interrupted hand-out is finished with these). */
export async function queuedItemsBelow(db: Db, kind: JobKind, batchId: string, below: number): Promise<Array<{ id: string; file_id: string | null }>> {
  return db(TABLE[kind]).where({ batch_id: batchId, status: 'queued' }).where('batch_index', '<', below).orderBy('batch_index').select('id', 'file_id');
}

/** Items below the cursor that are queued or running (a batch's cancel stops them one by one). */
export async function activeItemsBelow(db: Db, kind: JobKind, batchId: string, below: number): Promise<string[]> {
  const rows = await db(TABLE[kind]).where({ batch_id: batchId }).whereIn('status', CANCELABLE).where('batch_index', '<', below).select('id');
  return rows.map((r: { id: string }) => r.id);
}

/** queued → canceled for the items no workflow was ever started for (at or after the cursor). */
export async function cancelUnstartedItems(db: Db, kind: JobKind, batchId: string, from: number): Promise<number> {
  return db(TABLE[kind]).where({ batch_id: batchId, status: 'queued' }).where('batch_index', '>=', from).update({ status: 'canceled', completed_at: db.fn.now() });
}

/** failed/canceled → queued for every such item of a batch (its retry), forgetting the ended run. */
export async function requeueFailedItems(db: Db, kind: JobKind, batchId: string): Promise<number> {
  return db(TABLE[kind]).where({ batch_id: batchId }).whereIn('status', RETRIED_ITEM_STATUSES).update({ status: 'queued', error: null, started_at: null, completed_at: null });
}

/** What a batch's retry runs again: its failed and its canceled items (issue 38). */
export const RETRIED_ITEM_STATUSES: JobStatus[] = ['failed', 'canceled'];

/** A batch's items not yet ended (queued, running or being stopped): a subquery for "none left". */
export function activeBatchItems(db: Db, kind: JobKind, batchId: string): Knex.QueryBuilder {
  return db(TABLE[kind]).where({ batch_id: batchId }).whereIn('status', ['queued', 'running', 'canceling', 'deleting']).select(db.raw('1'));
}

/**
 * Jobs created on their own (not a batch's or an evaluation run's items) in the last `recentMs` that
 * are queued or running, of both kinds, counted up to `cap` (the batch window only asks whether
 * there are any). Older ones do not count: a job stuck for good must not hold every batch back.
 */
export function countInteractiveActive(db: Db, recentMs: number, cap = 1): Promise<number> {
  // Every workspace's interactive jobs count (issue 42): a batch of A shrinks for B's jobs too.
  return outsideWorkspace(() => countInteractiveActiveAnywhere(db, recentMs, cap));
}

async function countInteractiveActiveAnywhere(db: Db, recentMs: number, cap: number): Promise<number> {
  let n = 0;
  const since = new Date(Date.now() - recentMs);
  for (const kind of ['extraction', 'parse'] as const) {
    const q = db(TABLE[kind]).whereNull('batch_id').whereIn('status', ['queued', 'running']).where('created_at', '>', since).limit(cap).select('id');
    if (kind === 'extraction') q.whereNull('evaluation_run_id');
    n += (await q).length;
    if (n >= cap) return n;
  }
  return n;
}

/** How many items a retry of the batch would run again. */
export async function countRetryableItems(db: Db, kind: JobKind, batchId: string): Promise<number> {
  const row = await db(TABLE[kind]).where({ batch_id: batchId }).whereIn('status', RETRIED_ITEM_STATUSES).first(db.raw('count(*)::int as n'));
  return row?.n ?? 0;
}

/** A batch item as its results line needs it. */
export interface BatchResultRow {
  id: string;
  custom_id: string;
  batch_index: number;
  status: JobStatus;
  result: unknown;
  error: { code: string; message: string } | null;
  /** Extraction only (null for parse items). */
  review: unknown;
}

/** Up to `limit` ended items after `afterIndex`, in input order (the results are read in such pages). */
export async function endedItemsAfter(
  db: Db,
  kind: JobKind,
  batchId: string,
  afterIndex: number,
  limit: number,
  status?: JobStatus,
): Promise<BatchResultRow[]> {
  const q = db(TABLE[kind]).where({ batch_id: batchId }).where('batch_index', '>', afterIndex).orderBy('batch_index').limit(limit);
  if (status) q.where({ status });
  else q.whereIn('status', TERMINAL);
  // A parse job's result is its stored pages (./job-results.ts): it has no result column.
  return q.select('id', 'custom_id', 'batch_index', 'status', kind === 'parse' ? db.raw('null as result') : 'result', 'error', kind === 'extraction' ? 'review' : db.raw('null as review'));
}

/** The definition snapshot a batch's items run with (every item has the same one). */
export async function batchDefinitionSnapshot(db: Db, kind: JobKind, batchId: string): Promise<unknown> {
  const column = ({ extraction: 'extractor_snapshot', parse: 'parser_snapshot', classification: 'classifier_snapshot', suggestion: 'instructions' } as const)[kind];
  const row = await db(TABLE[kind]).where({ batch_id: batchId }).orderBy('batch_index').first(column);
  return row?.[column];
}

// ---- workspaces (issue 42) ----------------------------------------------------------------------

const ACTIVE_STATUSES = ['queued', 'running', 'canceling', 'deleting'] as const;

/** Jobs of a workspace that still run (queued, running or on their way out), every kind. */
export async function countActiveJobsOfWorkspace(db: Knex, workspaceId: string, statuses: readonly string[] = ACTIVE_STATUSES): Promise<number> {
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
