// One job as GET returns it, read in one place for every way a client is told about it: GET of one
// job, long-poll (`?wait=N`), the event stream, and the body of webhook events (there without the
// result: small on purpose, the result is one GET away).
import { notFound } from '../errors.js';
import type { Db } from '../storage/db.js';
import { findExtractionJob, type ExtractionJobResponse } from './extraction-jobs.js';
import type { JobKind } from './job-status.js';
import { findParseJob, type ParseJobResponse } from './parse-jobs.js';
import { findClassificationJob, type ClassificationJobResponse } from './classification/jobs.js';
import { findSchemaSuggestion, type SchemaSuggestionResponse } from './schema-suggestions.js';

export interface JobResponses {
  extraction: ExtractionJobResponse;
  parse: ParseJobResponse;
  classification: ClassificationJobResponse;
  suggestion: SchemaSuggestionResponse;
}
export type JobResponse = JobResponses[JobKind];
/** An extraction job's carries `rule_results` from its result. */
export type JobWithoutResult = Omit<JobResponse, 'result'> & { rule_results?: unknown[] | null };

const LABEL: Record<JobKind, string> = { extraction: 'Extraction job', parse: 'Parse job', classification: 'Classification job', suggestion: 'Schema suggestion' };

const find = (db: Db, kind: JobKind, id: string, withResult: boolean) =>
  kind === 'extraction'
    ? findExtractionJob(db, id)
    : kind === 'classification'
      ? findClassificationJob(db, id)
      : kind === 'suggestion'
        ? findSchemaSuggestion(db, id)
        : findParseJob(db, id, withResult ? {} : { withResult: false });

/** The job as GET returns it; 404 when there is no such job. */
export async function readJob<K extends JobKind>(db: Db, kind: K, id: string): Promise<JobResponses[K]> {
  const job = await find(db, kind, id, true);
  if (!job) throw notFound(LABEL[kind], id);
  return job as JobResponses[K];
}

/**
 * The job as GET returns it but without `result` (not even read for a parse job); null when there
 * is none. An extraction job keeps its result's `rule_results` (null until completed): what failed
 * is worth telling a receiver without a GET (docs/rules.md).
 */
export async function readJobWithoutResult(db: Db, kind: JobKind, id: string): Promise<JobWithoutResult | null> {
  const job = await find(db, kind, id, false);
  if (!job) return null;
  const { result, ...rest } = job;
  if (kind !== 'extraction') return rest;
  const ruleResults = (result as { rule_results?: unknown[] } | null)?.rule_results;
  return { ...rest, rule_results: result ? (ruleResults ?? []) : null };
}
