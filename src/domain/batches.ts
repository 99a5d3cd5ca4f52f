// Batches (issue 35, docs/batches.md): many ordinary jobs of one definition as one durable unit.
// The batch and all its items (job rows, queued) are written in one transaction, with a snapshot
// of the definition taken once; the batch's workflow (workflows/batch.ts) then keeps a window of
// items in flight. Counts are read from the items' statuses at every read: always exact.
import type { RuleResult } from '../rules/index.js';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { notFound, RequestValidationError, serviceError, type ValidationIssue } from '../errors.js';
import type { JobKind, JobStatus } from '../kinds.js';
import * as batches from '../storage/batches.js';
import type { Db } from '../storage/db.js';
import { storedPageContents } from '../storage/jobs/results.js';
import { batchDefinitionSnapshot, countBatchItems, countBatchReviews, countRetryableItems, endedItemsAfter, insertBatchItems, type BatchItemValues, type BatchResultRow } from '../storage/jobs/batch-items.js';
import type { Page, PageRequest } from '../storage/pagination.js';
import { startBatchWorkflow, batchWorkflowOpen, cancelBatchRun } from '../temporal/batch-workflows.js';
import { reviewOf } from './extraction-jobs.js';
import { CLASSIFICATION_MODES } from './classification/jobs.js';
import { findClassifierByRef } from './classification/classifiers.js';
import { findExtractorByRef } from './extractors.js';
import { createOnce, releaseKey, requestHash } from './idempotency.js';
import { newId } from './ids.js';
import { PAGE_BREAK, parserSnapshot } from './parse-jobs.js';
import { findParserByRef } from './parsers.js';
import { checkPageRange, pagesField, rangeColumns } from './page-ranges.js';
import { bucketPrefixBody, destinationKeys, listSourceObjects, requireBucket } from './batch-buckets.js';
import { text } from './text.js';
import { iso, isoOrNull } from './time.js';

export const MAX_BATCH_INPUTS = 50_000;
export const MAX_METADATA_PAIRS = 16;
export const MAX_CUSTOM_ID_CHARS = 64;
export const MAX_BATCH_CONCURRENCY = 256;

const batchInput = z.strictObject({
  custom_id: text(1, MAX_CUSTOM_ID_CHARS),
  file_id: text(1, 128).optional(),
  text: text(1, 1_000_000).optional(),
  /** Extraction batches: only these pages of the file (issue 44). */
  pages: pagesField.nullable().optional(),
});

/** The definition each kind of batch names. */
const DEFINITION_FIELD = { extraction: 'extractor_name', parse: 'parser_name', classification: 'classifier_name' } as const;

export const createBatchBody = z
  .strictObject({
    kind: z.enum(['extraction', 'parse', 'classification']),
    extractor_name: text(1, 128).optional(),
    parser_name: text(1, 128).optional(),
    /** Classification batches (issue 44): the classifier and the mode of every item. */
    classifier_name: text(1, 128).optional(),
    mode: z.enum(CLASSIFICATION_MODES).optional(),
    inputs: z.array(batchInput).min(1).optional(),
    /** Issue 53: every object under a prefix of the service's bucket is an item (instead of `inputs`). */
    source: bucketPrefixBody.optional(),
    /** Issue 53: where the results are written when the batch ends. */
    destination: bucketPrefixBody.optional(),
    concurrency: z.number().int().min(1).max(MAX_BATCH_CONCURRENCY).optional(),
    metadata: z
      .record(text(1, 64), text(0, 512))
      .refine((m) => Object.keys(m).length <= MAX_METADATA_PAIRS, { message: `At most ${MAX_METADATA_PAIRS} metadata pairs` })
      .optional(),
  })
  .superRefine((b, ctx) => {
    const definition = DEFINITION_FIELD[b.kind];
    if (b[definition] === undefined) ctx.addIssue({ code: 'custom', path: [definition], message: `Field required for a ${b.kind} batch` });
    for (const other of Object.values(DEFINITION_FIELD)) {
      if (other !== definition && b[other] !== undefined) ctx.addIssue({ code: 'custom', path: [other], message: `Not allowed in a ${b.kind} batch; give '${definition}'` });
    }
    if (b.kind === 'classification' && b.mode === undefined) ctx.addIssue({ code: 'custom', path: ['mode'], message: "Field required for a classification batch: 'document' or 'split'" });
    if (b.kind !== 'classification' && b.mode !== undefined) ctx.addIssue({ code: 'custom', path: ['mode'], message: `Not allowed in a ${b.kind} batch` });
    (b.inputs ?? []).forEach((input, i) => {
      const given = Number(input.file_id !== undefined) + Number(input.text !== undefined);
      if (b.kind === 'parse' && input.text !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['inputs', i, 'text'], message: "'text' is only for extraction batches; a parse batch takes 'file_id'" });
      } else if (given !== 1) {
        ctx.addIssue({ code: 'custom', path: ['inputs', i, given === 0 ? 'file_id' : 'text'], message: b.kind === 'parse' ? "Give 'file_id'" : "Give exactly one of 'file_id' or 'text'" });
      }
      if (b.kind === 'parse' && input.pages != null) {
        ctx.addIssue({ code: 'custom', path: ['inputs', i, 'pages'], message: "'pages' is only for extraction and classification batches" });
      }
    });
  });
export type CreateBatchBody = z.infer<typeof createBatchBody>;

export const listBatchesQuery = z.object({ status: z.enum(batches.BATCH_STATUSES).optional() });

/** Ended statuses a results read may filter by. */
export const resultsQuery = z.object({ status: z.enum(['completed', 'failed', 'canceled']).optional() });

/** The CSV's: `?confidence=true` adds a `<column>__confidence` after each value column. */
export const csvResultsQuery = resultsQuery.extend({ confidence: z.enum(['true', 'false']).optional() });

/** Before the body is validated item by item: beyond the limit the answer is `too_many_inputs`, whatever else is wrong. */
export function checkInputCount(body: unknown): void {
  const inputs = (body as { inputs?: unknown } | null)?.inputs;
  if (Array.isArray(inputs) && inputs.length > MAX_BATCH_INPUTS) {
    throw serviceError('too_many_inputs', `A batch holds at most ${MAX_BATCH_INPUTS} inputs; this request has ${inputs.length}. Split it into several batches.`);
  }
}

export interface RequestCounts {
  total: number;
  queued: number;
  running: number;
  completed: number;
  failed: number;
  canceled: number;
}

export function requestCounts(byStatus: Partial<Record<JobStatus, number>>): RequestCounts {
  const n = (s: JobStatus) => byStatus[s] ?? 0;
  const counts = {
    queued: n('queued'),
    // An item asked to stop is still in flight until its workflow settles it.
    running: n('running') + n('canceling') + n('deleting'),
    completed: n('completed'),
    failed: n('failed'),
    canceled: n('canceled'),
  };
  return { total: counts.queued + counts.running + counts.completed + counts.failed + counts.canceled, ...counts };
}

/**
 * The completed items by review status; `not_required` also counts the items whose job has no
 * review (its extractor asked for none), so the four add up to `request_counts.completed`.
 */
export interface ReviewCounts {
  pending: number;
  approved: number;
  rejected: number;
  not_required: number;
}

export function reviewCounts(rows: ReadonlyArray<{ review_status: string | null; n: number }>): ReviewCounts {
  const counts: ReviewCounts = { pending: 0, approved: 0, rejected: 0, not_required: 0 };
  for (const { review_status, n } of rows) {
    const key = review_status === 'pending' || review_status === 'approved' || review_status === 'rejected' ? review_status : 'not_required';
    counts[key] += n;
  }
  return counts;
}

const NO_REVIEWS: ReviewCounts = { pending: 0, approved: 0, rejected: 0, not_required: 0 };

export function toBatchResponse(row: batches.BatchRow, counts: RequestCounts, reviews: ReviewCounts = NO_REVIEWS) {
  return {
    id: row.id,
    kind: row.kind,
    definition_name: row.definition_name,
    status: row.status === 'deleting' ? 'canceling' : row.status,
    error: row.status === 'failed' ? (row.error ?? null) : null,
    request_counts: counts,
    review_counts: reviews,
    concurrency: row.concurrency,
    metadata: row.metadata ?? {},
    created_at: iso(row.created_at),
    started_at: isoOrNull(row.started_at),
    completed_at: isoOrNull(row.completed_at),
    source: row.source_prefix ? { s3_prefix: row.source_prefix } : null,
    destination: row.destination_prefix
      ? { s3_prefix: row.destination_prefix, ...destinationKeys(row.destination_prefix, row.kind), written_at: isoOrNull(row.destination_written_at) }
      : null,
  };
}
export type BatchResponse = ReturnType<typeof toBatchResponse>;

async function respond(db: Db, row: batches.BatchRow): Promise<BatchResponse> {
  const reviews = row.kind === 'extraction' ? reviewCounts(await countBatchReviews(db, row.id)) : NO_REVIEWS;
  return toBatchResponse(row, requestCounts(await countBatchItems(db, row.kind, row.id)), reviews);
}

const ID_KIND = { extraction: 'extractionJob', parse: 'parseJob', classification: 'classificationJob' } as const;

/** The scope of Idempotency-Keys of batch creation. */
const IDEMPOTENCY_SCOPE = 'batches';

/**
 * Exactly one of `inputs` and `source` (422 otherwise). Checked once the definition is found, so a
 * batch naming a missing one is 404 whatever its items (openapi.yaml states "no source: inputs
 * required" with if/then and "not both" in words: a schema-level anyOf broke the generated
 * TypeScript type).
 */
function checkInputsOrSource(body: CreateBatchBody): void {
  if ((body.inputs === undefined) !== (body.source === undefined)) return;
  const field = body.inputs === undefined ? 'inputs' : 'source';
  const msg = body.inputs === undefined ? "Give 'inputs' (a list of items) or 'source' ({s3_prefix}: the objects under a prefix of the service's bucket)" : "Give either 'inputs' or 'source', not both";
  throw new RequestValidationError([{ loc: ['body', field], msg, type: 'custom' }]);
}

/**
 * 422 (an HTTPValidationError on the repeated `custom_id`) unless each input's `custom_id` is unique
 * in the batch. A relation between items JSON Schema cannot state, so it is checked once the
 * definition and files are found (a batch naming a missing one is 404 whatever its ids), as the
 * chunks' parameter relation is.
 */
function checkUniqueCustomIds(inputs: NonNullable<CreateBatchBody['inputs']>): void {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  inputs.forEach((input, i) => {
    if (seen.has(input.custom_id)) {
      issues.push({ loc: ['body', 'inputs', i, 'custom_id'], msg: `Duplicate custom_id '${input.custom_id}': each input's custom_id must be unique in the batch`, type: 'custom' });
    }
    seen.add(input.custom_id);
  });
  if (issues.length) throw new RequestValidationError(issues);
}

export async function createBatch(db: Db, temporal: Client, config: Config, body: CreateBatchBody, idempotencyKey?: string): Promise<{ batch: BatchResponse; replayed: boolean }> {
  const kind: JobKind = body.kind;
  const name = body[DEFINITION_FIELD[kind]]!;
  // No bucket with SERVICE_STORAGE=postgres: refused before anything is looked up.
  if (body.source || body.destination) requireBucket();
  let definition: { id: string; name: string; snapshot: unknown };
  if (kind === 'classification') {
    const classifier = await findClassifierByRef(db, name);
    if (!classifier || classifier.name !== name) throw notFound('Classifier', name);
    definition = { id: classifier.id, name: classifier.name, snapshot: classifier };
  } else if (kind === 'extraction') {
    const extractor = await findExtractorByRef(db, name);
    if (!extractor || extractor.name !== name) throw notFound('Extractor', name);
    definition = { id: extractor.id, name: extractor.name, snapshot: extractor };
  } else {
    const parser = await findParserByRef(db, name);
    if (!parser || parser.name !== name) throw notFound('Parser', name);
    definition = { id: parser.id, name: parser.name, snapshot: parserSnapshot(parser) };
  }
  checkInputsOrSource(body);
  const inputs = body.inputs ?? [];
  await checkFilesExist(db, inputs.map((i) => i.file_id).filter((f): f is string => f !== undefined));
  checkUniqueCustomIds(inputs);
  for (const [i, input] of inputs.entries()) await checkPageRange(db, config, input, `inputs[${i}]: `);
  // A source's objects are listed now (the total is known at once); each becomes a file when its item starts.
  const objects = body.source ? await listSourceObjects(body.source.s3_prefix, MAX_BATCH_INPUTS) : [];

  const id = newId('batch');
  const claim = idempotencyKey ? { scope: IDEMPOTENCY_SCOPE, key: idempotencyKey, hash: requestHash(body) } : undefined;
  const mode = kind === 'classification' ? { mode: body.mode } : {};
  const items: BatchItemValues[] = body.source
    ? objects.map((o, i) => ({ id: newId(ID_KIND[kind]), custom_id: o.custom_id, batch_index: i, file_id: null, source_key: o.key, ...mode }))
    : inputs.map((input, i) => ({
        id: newId(ID_KIND[kind]),
        custom_id: input.custom_id,
        batch_index: i,
        file_id: input.file_id ?? null,
        source_text: input.text ?? null,
        ...rangeColumns(input.pages),
        ...mode,
      }));
  const created = await createOnce(db, claim, async (trx) => {
    const row = await batches.insertBatch(trx, {
      id,
      kind,
      definition_id: definition.id,
      definition_name: definition.name,
      concurrency: body.concurrency ?? config.batches.concurrency,
      metadata: body.metadata ?? {},
      total: items.length,
      source_prefix: body.source?.s3_prefix ?? null,
      destination_prefix: body.destination?.s3_prefix ?? null,
    });
    // One snapshot of the definition for every item: later edits never change the batch.
    await insertBatchItems(trx, kind, { id, definition_id: definition.id, definition_snapshot: definition.snapshot }, items);
    return toBatchResponse(row, requestCounts({ queued: items.length }));
  });
  if (created.replayed) return { batch: created.job, replayed: true };
  try {
    await startBatchWorkflow(temporal, config, { id, kind, definition_name: definition.name, total: items.length });
  } catch {
    await batches.removeBatch(db, id);
    await releaseKey(db, claim);
    throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; retry the request', { retryAfterSeconds: 5 });
  }
  return { batch: created.job, replayed: false };
}

/** 404 naming the first file (in input order) that does not exist. */
async function checkFilesExist(db: Db, fileIds: string[]): Promise<void> {
  const found = new Set<string>();
  const unique = [...new Set(fileIds)];
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db('files').whereIn('id', unique.slice(i, i + 1000)).select('id');
    for (const r of rows) found.add(r.id as string);
  }
  const missing = fileIds.find((f) => !found.has(f));
  if (missing !== undefined) throw notFound('File', missing);
}

export async function getBatch(db: Db, id: string): Promise<BatchResponse> {
  const row = await batches.findBatch(db, id);
  if (!row) throw notFound('Batch', id);
  return respond(db, row);
}

export async function listBatches(db: Db, filter: z.infer<typeof listBatchesQuery>, page: PageRequest): Promise<Page<BatchResponse>> {
  const found = await batches.pageOfBatches(db, filter, page);
  const rows = [];
  for (const row of found.rows) rows.push(await respond(db, row));
  return { rows, nextCursor: found.nextCursor };
}

/**
 * queued/running → canceling; the batch's workflow cancels the items and settles it, and its run
 * is asked to cancel so that it ends Canceled. Ended batches are returned as they are.
 */
export async function cancelBatch(db: Db, temporal: Client, id: string): Promise<BatchResponse> {
  if (!(await batches.requestBatchCancel(db, id))) {
    const row = await batches.findBatch(db, id);
    if (!row) throw notFound('Batch', id);
    if (row.status !== 'canceling') return respond(db, row);
  }
  await cancelBatchRun(temporal, id);
  return getBatch(db, id);
}

/**
 * Re-run the failed and canceled items of an ended batch (completed, canceled or failed; 409 batch_not_ended while it runs,
 * 409 nothing_to_retry when every item completed).
 */
export async function retryBatch(db: Db, temporal: Client, config: Config, id: string): Promise<BatchResponse> {
  const row = await batches.findBatch(db, id);
  if (!row) throw notFound('Batch', id);
  const notEnded = () => serviceError('batch_not_ended', `Batch '${id}' is ${row.status}; only a completed, canceled or failed batch can be retried`);
  if (!batches.BATCH_ENDED.includes(row.status)) throw notEnded();
  if ((await countRetryableItems(db, row.kind, id)) === 0) {
    throw serviceError('nothing_to_retry', `Batch '${id}' has no failed or canceled item to run again`);
  }
  if (!(await batches.reopenBatch(db, id))) throw notEnded();
  try {
    // The new run's first slice puts the failed and canceled items back in the queue.
    await startBatchWorkflow(temporal, config, row, { requeueFailed: true });
  } catch {
    await batches.restoreEndedBatch(db, id, { status: row.status, next_index: row.next_index, completed_at: row.completed_at, error: row.error ?? null, destination_written_at: row.destination_written_at ?? null });
    throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; retry the request', { retryAfterSeconds: 5 });
  }
  return getBatch(db, id);
}

/**
 * An ended batch is removed at once with its jobs ('deleted'). Otherwise it goes to deleting: its
 * workflow stops the items and then removes the batch and its jobs ('deleting').
 */
export async function deleteBatch(db: Db, temporal: Client, id: string): Promise<'deleted' | 'deleting'> {
  const row = await batches.findBatch(db, id);
  if (!row) throw notFound('Batch', id);
  if (batches.BATCH_ENDED.includes(row.status) && (await batches.deleteEndedBatch(db, id))) return 'deleted';
  if (!(await batches.requestBatchDelete(db, id))) {
    if (await batches.deleteEndedBatch(db, id)) return 'deleted';
    throw notFound('Batch', id);
  }
  // No workflow left to honour it (it could not be reached): remove the batch here.
  if (!(await batchWorkflowOpen(temporal, id).catch(() => true))) {
    await batches.deleteDeletingBatch(db, id);
    return 'deleted';
  }
  await cancelBatchRun(temporal, id);
  return 'deleting';
}

/** One line of a batch's results. */
export interface BatchResultLine {
  custom_id: string;
  job_id: string;
  status: JobStatus;
  result: unknown;
  error: { code: string; message: string } | null;
  /** The item job's `result.confidence` (extraction; null otherwise). */
  confidence: Record<string, unknown> | null;
  /** The item job's `result.flags` (extraction; null otherwise). */
  flags: unknown[] | null;
  /** The item job's `result.rule_results` (extraction; null otherwise). */
  rule_results: RuleResult[] | null;
  /** The item job's review, as `GET /v1/extraction-jobs/{id}` shows it; null without one. */
  review: ReturnType<typeof reviewOf>;
}

const RESULT_PAGE = 200;

/**
 * The ended items of a batch in input order, read from Postgres a page at a time (keyset on the
 * item's index): the batch is never held in memory, and a running batch yields what has ended.
 * For a parse batch `result` is the parse result (markdown of every page).
 */
export async function* batchResults(db: Db, id: string, status?: JobStatus): AsyncGenerator<BatchResultLine> {
  const row = await batches.findBatch(db, id);
  if (!row) throw notFound('Batch', id);
  let after = -1;
  for (;;) {
    const page = await endedItemsAfter(db, row.kind, id, after, RESULT_PAGE, status);
    if (page.length === 0) return;
    const parsePages = row.kind === 'parse' ? await parseResults(db, page) : undefined;
    for (const item of page) {
      const result = item.status !== 'completed' ? null : row.kind === 'parse' ? (parsePages!.get(item.id) ?? null) : item.result;
      const extraction = row.kind === 'extraction' && result !== null ? (result as { confidence?: Record<string, unknown> | null; flags?: unknown[]; rule_results?: RuleResult[] }) : null;
      yield {
        custom_id: item.custom_id,
        job_id: item.id,
        status: item.status,
        result,
        error: item.status === 'failed' ? item.error : null,
        confidence: extraction?.confidence ?? null,
        flags: extraction ? (extraction.flags ?? []) : null,
        rule_results: extraction ? (extraction.rule_results ?? []) : null,
        review: reviewOf(item.review),
      };
    }
    after = page[page.length - 1]!.batch_index;
  }
}

/** Just the batch (its kind and the schema of its definition), for the CSV's columns. */
export async function batchForExport(db: Db, id: string): Promise<{ kind: JobKind; schema: unknown }> {
  const row = await batches.findBatch(db, id);
  if (!row) throw notFound('Batch', id);
  if (row.kind !== 'extraction') return { kind: row.kind, schema: null };
  // The snapshot the items run with (taken at the batch's creation), not the extractor as it is now.
  const snapshot = (await batchDefinitionSnapshot(db, row.kind, id)) as { schema?: unknown } | undefined;
  return { kind: row.kind, schema: snapshot?.schema ?? null };
}

async function parseResults(db: Db, page: BatchResultRow[]): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  for (const item of page) {
    if (item.status !== 'completed') continue;
    const pages = await storedPageContents(db, item.id);
    out.set(item.id, { format: 'markdown', content: pages.map((p: { content: string }) => p.content).join(PAGE_BREAK), page_count: pages.length });
  }
  return out;
}
