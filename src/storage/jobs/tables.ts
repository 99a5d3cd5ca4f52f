// The job tables and their rows: the names every file of the job store (this folder) writes
// through. No file outside src/storage/jobs/ names a job table (scripts/check-job-tables.mjs).
import type { Knex } from 'knex';
import type { JobKind, JobStatus } from '../../kinds.js';

export const TABLE: Record<JobKind, string> = { extraction: 'extraction_jobs', parse: 'parse_jobs', classification: 'classification_jobs', suggestion: 'schema_suggestion_jobs' };
/** The job tables, for the workspace scope (src/storage/workspace-scope.ts): each row belongs to a workspace. */
export const JOB_TABLE_NAMES: readonly string[] = Object.values(TABLE);
/** The review decisions on extraction and classification jobs (append-only), for the workspace scope too. */
export const REVIEW_EVENT_TABLE_NAMES: readonly string[] = ['extraction_review_events', 'classification_review_events'];

/** A connection or an open transaction: creation runs inside the idempotency claim's transaction. */
export type Conn = Knex | Knex.Transaction;

export interface JobRowBase {
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
