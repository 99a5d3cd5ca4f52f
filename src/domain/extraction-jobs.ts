import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { notFound } from '../errors.js';
import type { Db } from '../storage/db.js';
import { startJobWorkflow } from '../temporal/job-workflows.js';
import { findExtractorByRef } from './extractors.js';
import { createJob, inputFileName } from './job-creation.js';
import { retryJob } from './job-control.js';
import { latestRetries, retryFromColumn, type JobRetry } from '../storage/call-retries.js';
import { findExtractionJobForRead, insertExtractionJob, pageOfExtractionJobs } from '../storage/jobs/extraction.js';
import { findJobRow } from '../storage/jobs/reads.js';
import { newId } from './ids.js';
import { JOB_STATUSES } from './job-status.js';
import type { Page, PageRequest } from '../storage/pagination.js';
import { iso, isoOrNull } from './time.js';
import { text } from './text.js';
import { REVIEW_STATUSES } from '../confidence/review-state.js';
import { checkPageRange, pagesField, pagesOfRow, rangeColumns } from './page-ranges.js';

export const createExtractionJobBody = z
  .strictObject({
    extractor_id: text(1, 128).optional(),
    extractor_name: text(1, 128).optional(),
    file_id: text(1, 128).optional(),
    text: text(1, 1_000_000).optional(),
    /** Only these pages of the file (issue 44); absent or null for the whole file. */
    pages: pagesField.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    const oneOf = (a: keyof typeof b, c: keyof typeof b, what: string) => {
      const n = Number(b[a] !== undefined) + Number(b[c] !== undefined);
      if (n !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: [n === 0 ? a : c],
          message: `Give exactly one of '${a}' or '${c}' (${what})`,
        });
      }
    };
    oneOf('extractor_id', 'extractor_name', 'the extractor');
    oneOf('file_id', 'text', 'the input');
  });

export const listExtractionJobsQuery = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  extractor_id: text(1, 128).optional(),
  review_status: z.enum(REVIEW_STATUSES).optional(),
  evaluation_run_id: text(1, 128).optional(),
  batch_id: text(1, 128).optional(),
});

export function toExtractionJobResponse(row: any, retry?: JobRetry | null) {
  return {
    id: row.id,
    extractor_id: row.extractor_id,
    file_id: row.file_id ?? null,
    source_text: row.source_text ?? null,
    /** The pages read (file page numbers), or null for the whole file. */
    pages: pagesOfRow(row),
    provider_name_used: row.provider_name_used ?? null,
    model_used: row.model_used ?? null,
    status: row.status,
    result: row.status === 'completed' ? (row.result ?? null) : null,
    error: row.status === 'failed' ? (row.error ?? null) : null,
    progress:
      row.pages_total == null ? null : { pages_total: row.pages_total, pages_completed: Number(row.pages_completed ?? 0) },
    usage: row.usage ?? null,
    created_at: iso(row.created_at),
    started_at: isoOrNull(row.started_at),
    completed_at: isoOrNull(row.completed_at),
    /** A model call failing transiently and waiting for its next attempt (running jobs only). */
    retry: row.status === 'running' ? (retry ?? null) : null,
    /** Review state (docs/confidence-and-review.md): null when the extractor had no review_threshold. */
    review: reviewOf(row.review),
    /** The evaluation run the job is an item of; null for a job created on its own. */
    evaluation_run_id: row.evaluation_run_id ?? null,
    /** The ids of the examples its prompts carried (null until chosen). */
    examples_used: (row.examples_used ?? null) as string[] | null,

    /** The batch the job is an item of and its key there (null for a job created on its own). */
    batch_id: row.batch_id ?? null,
    custom_id: row.custom_id ?? null,
    /** The classification job that routed this job to its extractor (issue 44); null otherwise. */
    classification_job_id: row.classification_job_id ?? null,
  };
}
export type ExtractionJobResponse = ReturnType<typeof toExtractionJobResponse>;

/** The review as clients see it: status, revision, reviewed_data and updated_at, nothing else. */
export function reviewOf(review: any): { status: string; revision: number; reviewed_data: unknown; updated_at: string } | null {
  if (!review || typeof review !== 'object') return null;
  return { status: review.status, revision: review.revision, reviewed_data: review.reviewed_data ?? null, updated_at: review.updated_at };
}

export async function createExtractionJob(
  db: Db,
  temporal: Client,
  config: Config,
  body: z.infer<typeof createExtractionJobBody>,
  idempotencyKey?: string,
): Promise<{ job: ExtractionJobResponse; replayed: boolean }> {
  const ref = (body.extractor_id ?? body.extractor_name)!;
  const extractor = await findExtractorByRef(db, ref);
  if (!extractor || (body.extractor_id && extractor.id !== ref) || (body.extractor_name && extractor.name !== ref)) {
    throw notFound('Extractor', ref);
  }
  const fileName = body.file_id ? await inputFileName(db, body.file_id) : null;
  await checkPageRange(db, config, body);
  const id = newId('extractionJob');
  const memo = { job_kind: 'extraction' as const, definition_name: extractor.name, file_id: body.file_id ?? null, file_name: fileName };
  return createJob({ db, temporal, config }, { kind: 'extraction', id, memo, idempotency: { key: idempotencyKey, body } }, async (trx) => {
    // The definition as it is now travels with the job: later edits never change it.
    const row = await insertExtractionJob(trx, {
      id,
      extractor_id: extractor.id,
      extractor_snapshot: extractor,
      file_id: body.file_id ?? null,
      source_text: body.text ?? null,
      ...rangeColumns(body.pages),
    });
    return toExtractionJobResponse(row);
  });
}

/**
 * An extraction job as GET returns it, or null when there is none (read through ./job-reads.ts).
 */
export async function findExtractionJob(db: Db, id: string): Promise<ExtractionJobResponse | null> {
  // One query: clients poll this while a job runs.
  const row = await findExtractionJobForRead(db, id);
  if (!row) return null;
  const { latest_retry: retry, ...job } = row;
  return toExtractionJobResponse(job, retryFromColumn(retry));
}

export async function getExtractionJob(db: Db, id: string): Promise<ExtractionJobResponse> {
  const job = await findExtractionJob(db, id);
  if (!job) throw notFound('Extraction job', id);
  return job;
}

/** failed → queued with a new workflow run; the snapshot stays the one the job was created with. */
export async function retryExtractionJob(db: Db, temporal: Client, config: Config, id: string): Promise<ExtractionJobResponse> {
  await retryJob(db, 'extraction', id, async () => {
    const row = (await findJobRow(db, 'extraction', id))!;
    await startJobWorkflow(
      temporal,
      config,
      'extraction',
      id,
      { job_kind: 'extraction', definition_name: row.extractor_snapshot.name, file_id: row.file_id ?? null },
      { newRun: true },
    );
  });
  return getExtractionJob(db, id);
}

export async function listExtractionJobs(
  db: Db,
  filter: z.infer<typeof listExtractionJobsQuery>,
  page: PageRequest,
): Promise<Page<ExtractionJobResponse>> {
  const found = await pageOfExtractionJobs(db, filter, page);
  const retries = await latestRetries(db, found.rows.filter((r) => r.status === 'running').map((r) => r.id));
  return { rows: found.rows.map((r) => toExtractionJobResponse(r, retries.get(r.id))), nextCursor: found.nextCursor };
}
