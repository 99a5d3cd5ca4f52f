// Classification jobs (issue 44, docs/packets.md): a classifier run over a file's pages (or inline
// text), one request per page; in `split` mode the pages become segments, optionally routed to
// their extractors. Everything an extraction job has: status, progress in pages, cancel, retry,
// delete, events, long-poll, webhooks, Idempotency-Key.
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { ClassificationResult } from '../../classification/result.js';
import { REVIEW_STATUSES } from '../../confidence/review-state.js';
import type { Config } from '../../config/index.js';
import { notFound } from '../../errors.js';
import { latestRetries, type JobRetry } from '../../storage/call-retries.js';
import { findClassificationJobForRead, insertClassificationJob, pageOfClassificationJobs, type ClassificationJobRead } from '../../storage/jobs/classification.js';
import type { Db } from '../../storage/db.js';
import { routedJobIds, routedJobStatuses } from '../../storage/jobs/extraction.js';
import { findJobRow } from '../../storage/jobs/reads.js';
import type { Page, PageRequest } from '../../storage/pagination.js';
import { startJobWorkflow } from '../../temporal/job-workflows.js';
import { createJob, inputFileName } from '../job-creation.js';
import { cancelJob, deleteJob, retryJob } from '../job-control.js';
import { JOB_STATUSES } from '../job-status.js';
import { newId } from '../ids.js';
import { checkPageRange, pagesField, pagesOfRow, rangeColumns } from '../page-ranges.js';
import { text } from '../text.js';
import { iso, isoOrNull } from '../time.js';
import { findClassifierByRef } from './classifiers.js';

export const CLASSIFICATION_MODES = ['document', 'split'] as const;

export const createClassificationJobBody = z
  .strictObject({
    classifier_name: text(1, 128),
    file_id: text(1, 128).optional(),
    text: text(1, 1_000_000).optional(),
    mode: z.enum(CLASSIFICATION_MODES),
    route: z.boolean().optional(),
    pages: pagesField.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    const n = Number(b.file_id !== undefined) + Number(b.text !== undefined);
    if (n !== 1) ctx.addIssue({ code: 'custom', path: [n === 0 ? 'file_id' : 'text'], message: "Give exactly one of 'file_id' or 'text' (the input)" });
    if (b.route && b.mode !== 'split') ctx.addIssue({ code: 'custom', path: ['route'], message: "Routing sends each segment to its extractor: it needs mode 'split'" });
  });

export const listClassificationJobsQuery = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  classifier_id: text(1, 128).optional(),
  review_status: z.enum(REVIEW_STATUSES).optional(),
});

export function toClassificationJobResponse(row: ClassificationJobRead, routed: Map<string, string> = new Map(), retry?: JobRetry | null) {
  let result = row.status === 'completed' ? ((row.result as ClassificationResult | null) ?? null) : null;
  if (result?.segments) {
    // Each routed job's status as it is now.
    result = { ...result, segments: result.segments.map((s) => ({ ...s, extraction_job_status: s.extraction_job_id ? (routed.get(s.extraction_job_id) ?? null) : null })) };
  }
  const review = row.review as { status: string; revision: number; reviewed_segments: unknown; updated_at: string } | null;
  return {
    id: row.id,
    classifier_id: row.classifier_id,
    classifier_name: (row.classifier_snapshot as { name: string }).name,
    classifier_version: (row.classifier_snapshot as { version: number }).version,
    file_id: row.file_id ?? null,
    source_text: row.source_text ?? null,
    mode: row.mode,
    route: row.route,
    pages: pagesOfRow(row),
    provider_name_used: row.provider_name_used ?? null,
    model_used: row.model_used ?? null,
    status: row.status,
    result,
    error: row.status === 'failed' ? (row.error ?? null) : null,
    progress: row.pages_total == null ? null : { pages_total: row.pages_total, pages_completed: Number(row.pages_completed ?? 0) },
    usage: row.usage ?? null,
    created_at: iso(row.created_at),
    started_at: isoOrNull(row.started_at),
    completed_at: isoOrNull(row.completed_at),
    retry: row.status === 'running' ? (retry ?? null) : null,
    review: review && row.status === 'completed' ? { status: review.status, revision: review.revision, reviewed_segments: review.reviewed_segments, updated_at: review.updated_at } : null,
  };
}
export type ClassificationJobResponse = ReturnType<typeof toClassificationJobResponse>;

export async function createClassificationJob(
  db: Db,
  temporal: Client,
  config: Config,
  body: z.infer<typeof createClassificationJobBody>,
  idempotencyKey?: string,
): Promise<{ job: ClassificationJobResponse; replayed: boolean }> {
  const classifier = await findClassifierByRef(db, body.classifier_name);
  if (!classifier || classifier.name !== body.classifier_name) throw notFound('Classifier', body.classifier_name);
  const fileName = body.file_id ? await inputFileName(db, body.file_id) : null;
  await checkPageRange(db, config, body);
  const id = newId('classificationJob');
  const memo = { job_kind: 'classification' as const, definition_name: classifier.name, file_id: body.file_id ?? null, file_name: fileName };
  return createJob({ db, temporal, config }, { kind: 'classification', id, memo, idempotency: { key: idempotencyKey, body } }, async (trx) => {
    const row = await insertClassificationJob(trx, {
      id,
      classifier_id: classifier.id,
      classifier_snapshot: classifier,
      file_id: body.file_id ?? null,
      source_text: body.text ?? null,
      mode: body.mode,
      route: body.route ?? false,
      ...rangeColumns(body.pages),
    });
    return toClassificationJobResponse({ ...row, pages_completed: 0 });
  });
}

export async function findClassificationJob(db: Db, id: string): Promise<ClassificationJobResponse | null> {
  const row = await findClassificationJobForRead(db, id);
  if (!row) return null;
  const retries = row.status === 'running' ? await latestRetries(db, [id]) : new Map();
  return toClassificationJobResponse(row, row.route ? await routedJobStatuses(db, id) : new Map(), retries.get(id));
}

export async function getClassificationJob(db: Db, id: string): Promise<ClassificationJobResponse> {
  const job = await findClassificationJob(db, id);
  if (!job) throw notFound('Classification job', id);
  return job;
}

export async function listClassificationJobs(db: Db, filter: z.infer<typeof listClassificationJobsQuery>, page: PageRequest): Promise<Page<ClassificationJobResponse>> {
  const found = await pageOfClassificationJobs(db, filter, page);
  const retries = await latestRetries(db, found.rows.filter((r) => r.status === 'running').map((r) => r.id));
  const rows = [];
  for (const r of found.rows) rows.push(toClassificationJobResponse(r, r.route ? await routedJobStatuses(db, r.id) : new Map(), retries.get(r.id)));
  return { rows, nextCursor: found.nextCursor };
}

/** Cancel the job and every extraction job it routed. */
export async function cancelClassificationJob(db: Db, temporal: Client, id: string): Promise<ClassificationJobResponse> {
  await cancelJob(db, temporal, 'classification', id);
  for (const routed of await routedJobIds(db, id)) await cancelJob(db, temporal, 'extraction', routed);
  return getClassificationJob(db, id);
}

/** Delete the job and every extraction job it routed ('deleting' while its workflow stops). */
export async function deleteClassificationJob(db: Db, temporal: Client, id: string): Promise<'deleted' | 'deleting'> {
  if ((await findJobRow(db, 'classification', id)) === undefined) throw notFound('Classification job', id);
  for (const routed of await routedJobIds(db, id)) await deleteJob(db, temporal, 'extraction', routed).catch(() => undefined);
  return deleteJob(db, temporal, 'classification', id);
}

/** failed → queued with a new run; pages answered before are not asked again. */
export async function retryClassificationJob(db: Db, temporal: Client, config: Config, id: string): Promise<ClassificationJobResponse> {
  await retryJob(db, 'classification', id, async () => {
    const row = (await findJobRow(db, 'classification', id))!;
    await startJobWorkflow(temporal, config, 'classification', id, { job_kind: 'classification', definition_name: row.classifier_snapshot.name, file_id: row.file_id ?? null }, { newRun: true });
  });
  return getClassificationJob(db, id);
}
