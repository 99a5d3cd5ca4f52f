// Review of extraction jobs: a human's decisions on flagged values (accept, correct, mark absent)
// recorded on a copy of the data (`review.reviewed_data`; `result.data` keeps the model's answer),
// then approval or rejection of the whole job. Every change needs the revision the caller last read
// (409 stale_revision otherwise) and is appended to the job's review events.
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { isLeaf, valueAt, withValueAt, type ConfidenceMap, type Flag, type ReviewState } from '../confidence/index.js';
import { evaluateRules, withRuleFlags, type Rule } from '../rules/index.js';
import { newId } from './ids.js';
import { notFound, serviceError } from '../errors.js';
import type { Logger } from '../logging.js';
import { compileDataValidator } from '../schema-dialect/index.js';
import type { Db } from '../storage/db.js';
import {
  appendExtractorExample,
  appendReviewEvents,
  decidedPaths,
  listReviewEvents,
  type ReviewEventInput,
} from '../storage/jobs/review-events.js';
import { lockJobForReview, writeReview } from '../storage/jobs/extraction.js';
import { findJobStatus } from '../storage/jobs/reads.js';
import { planReviewEvent, reviewMessageId } from './review-events.js';
import { startJobEventDelivery } from '../temporal/job-event-delivery.js';
import { assertUserDefined } from './definitions-common.js';
import { EXTRACTOR_KIND } from './extractors.js';
import { getExtractionJob, type ExtractionJobResponse } from './extraction-jobs.js';
import { text } from './text.js';
import { iso } from './time.js';

export const REVIEW_ACTIONS = ['accept', 'correct', 'mark_absent'] as const;

const revision = z.number().int().min(1).max(2_147_483_647);

export const reviewPatchBody = z.strictObject({
  revision,
  fields: z
    .array(
      z
        .strictObject({
          path: text(0, 4096),
          action: z.enum(REVIEW_ACTIONS),
          value: z.unknown().optional(),
        })
        .superRefine((f, ctx) => {
          if (f.action === 'correct' && f.value === undefined) {
            ctx.addIssue({ code: 'custom', path: ['value'], message: "A 'correct' decision needs the 'value' that replaces the model's" });
          }
        }),
    )
    .min(1)
    .max(1000),
});

export const reviewApproveBody = z.strictObject({ revision, add_as_example: z.boolean().optional() });
export const reviewRejectBody = z.strictObject({ revision, reason: text(1, 2000) });

export interface ReviewDeps {
  db: Db;
  temporal: Client;
  config: Config;
  logger: Logger;
}

type LockedJob = NonNullable<Awaited<ReturnType<typeof lockJobForReview>>>;

/** The job's open review (completed, with a review that is neither approved nor rejected) at the caller's revision. */
function openReview(job: LockedJob | undefined, jobId: string, given: number): ReviewState {
  if (!job) throw notFound('Extraction job', jobId);
  const review = job.review as ReviewState | null;
  if (job.status !== 'completed' || !review || review.status === 'approved' || review.status === 'rejected') {
    const why = job.status !== 'completed' ? `is ${job.status}, not completed` : !review ? 'has no review (its extractor had no review_threshold)' : `review is already ${review.status}`;
    throw serviceError('review_not_open', `Extraction job '${jobId}' ${why}`);
  }
  if (review.revision !== given) {
    throw serviceError('stale_revision', `The review is at revision ${review.revision}, not ${given}: read the job again and decide on what it holds now`);
  }
  return review;
}

/** Run `fn` on the locked job in a transaction; a lost race on the revision reads as stale. */
async function inReview<T>(db: Db, jobId: string, fn: (trx: Parameters<Parameters<Db['transaction']>[0]>[0], job: LockedJob | undefined) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => fn(trx, await lockJobForReview(trx, jobId)));
}

function nextState(review: ReviewState, change: Partial<ReviewState>, now: Date): ReviewState {
  return { ...review, ...change, revision: review.revision + 1, updated_at: now.toISOString() };
}

/** PATCH …/review: apply field decisions to reviewed_data. */
export async function patchReview(db: Db, jobId: string, body: z.infer<typeof reviewPatchBody>, actor: string | null): Promise<ExtractionJobResponse> {
  await inReview(db, jobId, async (trx, job) => {
    const review = openReview(job, jobId, body.revision);
    const data = (job!.result as { data?: unknown } | null)?.data ?? {};
    const validate = compileDataValidator((job!.extractor_snapshot as { schema: Record<string, unknown> }).schema);
    let reviewed = review.reviewed_data;
    const events: ReviewEventInput[] = [];
    for (const field of body.fields) {
      if (!isLeaf(data, field.path)) {
        throw serviceError('invalid_review_path', `'${field.path}' is not the JSON Pointer of a value (a leaf) of the job's result.data`);
      }
      const before = valueAt(reviewed, field.path) ?? null;
      const after = field.action === 'accept' ? valueAt(data, field.path) : field.action === 'correct' ? field.value : null;
      reviewed = withValueAt(reviewed, field.path, after);
      const check = validate(reviewed);
      if (!check.valid) {
        throw serviceError(
          'output_schema_mismatch',
          `The ${field.action === 'mark_absent' ? 'absence' : 'value'} given for '${field.path}' does not satisfy the extractor's schema: ${check.errors.slice(0, 5).join('; ')}`,
        );
      }
      events.push({ action: field.action, path: field.path, value_before: before, value_after: after, actor });
    }
    const now = new Date();
    if (!(await writeReview(trx, jobId, review.revision, nextState(review, { reviewed_data: reviewed }, now), rulesAfterCorrection(job!, reviewed)))) {
      throw serviceError('stale_revision', 'The review changed while this decision was made: read the job again');
    }
    await appendReviewEvents(trx, jobId, events, now);
  });
  return getExtractionJob(db, jobId);
}

/**
 * The job's result with its rules evaluated again on the reviewed data: `rule_results` then say how
 * the reviewed data fares, and a rule a correction made pass no longer flags its values (one it made
 * fail flags them). undefined when the extractor version has no rules (the result stays as it is).
 */
function rulesAfterCorrection(job: LockedJob, reviewed: unknown): unknown {
  const rules = (job.extractor_snapshot as { rules?: Rule[] }).rules ?? [];
  if (rules.length === 0) return undefined;
  const result = (job.result ?? {}) as { flags?: Flag[]; confidence?: ConfidenceMap | null };
  const ruleResults = evaluateRules(rules, reviewed);
  return { ...result, flags: withRuleFlags(result.flags ?? [], ruleResults, reviewed, result.confidence), rule_results: ruleResults };
}

/** POST …/review/approve: every flag decided; optionally the input and reviewed data become an example. */
export async function approveReview(deps: ReviewDeps, jobId: string, body: z.infer<typeof reviewApproveBody>, actor: string | null): Promise<ExtractionJobResponse> {
  const { db } = deps;
  const state = await inReview(db, jobId, async (trx, job) => {
    const review = openReview(job, jobId, body.revision);
    const flags = ((job!.result as { flags?: Flag[] } | null)?.flags ?? []) as Flag[];
    const decided = await decidedPaths(trx, jobId);
    const open = flags.filter((f) => !decided.has(f.path)).map((f) => f.path);
    if (open.length > 0) {
      throw serviceError('open_flags', `These flagged values have had no decision (accept, correct or mark_absent): ${open.slice(0, 20).join(', ')}${open.length > 20 ? ', …' : ''}`);
    }
    if (body.add_as_example) await addAsExample(trx, job!, review.reviewed_data);
    const now = new Date();
    const next = nextState(review, { status: 'approved' }, now);
    if (!(await writeReview(trx, jobId, review.revision, next))) throw serviceError('stale_revision', 'The review changed while it was approved: read the job again');
    await appendReviewEvents(trx, jobId, [{ action: 'approve', path: null, value_before: null, value_after: body.add_as_example ? { add_as_example: true } : null, actor }], now);
    return next;
  });
  await announceReviewCompleted(deps, jobId, state.revision);
  return getExtractionJob(db, jobId);
}

/** POST …/review/reject, with the reviewer's reason. */
export async function rejectReview(deps: ReviewDeps, jobId: string, body: z.infer<typeof reviewRejectBody>, actor: string | null): Promise<ExtractionJobResponse> {
  const { db } = deps;
  const state = await inReview(db, jobId, async (trx, job) => {
    const review = openReview(job, jobId, body.revision);
    const now = new Date();
    const next = nextState(review, { status: 'rejected' }, now);
    if (!(await writeReview(trx, jobId, review.revision, next))) throw serviceError('stale_revision', 'The review changed while it was rejected: read the job again');
    await appendReviewEvents(trx, jobId, [{ action: 'reject', path: null, value_before: null, value_after: { reason: body.reason }, actor }], now);
    return next;
  });
  await announceReviewCompleted(deps, jobId, state.revision);
  return getExtractionJob(db, jobId);
}

/** GET …/review/events: every decision, in order. */
export async function reviewEvents(db: Db, jobId: string) {
  if (!(await findJobStatus(db, 'extraction', jobId))) throw notFound('Extraction job', jobId);
  const rows = await listReviewEvents(db, jobId);
  return rows.map((r: any) => ({
    at: iso(r.at),
    action: r.action as string,
    path: (r.path ?? null) as string | null,
    value_before: r.value_before ?? null,
    value_after: r.value_after ?? null,
    actor: (r.actor ?? null) as string | null,
  }));
}

/** The job's input and its reviewed data, appended to its extractor's examples. */
async function addAsExample(trx: Parameters<Parameters<Db['transaction']>[0]>[0], job: LockedJob, reviewed: unknown): Promise<void> {
  const extractor = await trx('extractors').where({ id: job.extractor_id }).forUpdate().first('id', 'name', 'source', 'schema');
  if (!extractor) throw notFound('Extractor', job.extractor_id);
  assertUserDefined(EXTRACTOR_KIND, extractor);
  const check = compileDataValidator(extractor.schema)(reviewed);
  if (!check.valid) {
    throw serviceError('output_schema_mismatch', `The reviewed data does not satisfy the extractor's current schema, so it cannot be an example: ${check.errors.slice(0, 5).join('; ')}`);
  }
  const input = job.file_id ? { type: 'file', text: null, file_id: job.file_id } : { type: 'text', text: job.source_text ?? '', file_id: null };
  await appendExtractorExample(trx, extractor.id, { id: newId('example'), source_job_id: job.id, added_at: new Date().toISOString(), input, output: reviewed });
}

/** extraction_job.review_completed to its subscribers; the decision stands if the delivery cannot be started. */
async function announceReviewCompleted(deps: ReviewDeps, jobId: string, revisionNow: number): Promise<void> {
  const eventType = 'extraction_job.review_completed';
  try {
    const plan = await planReviewEvent(deps.db, deps.config, jobId, eventType, reviewMessageId(jobId, eventType, revisionNow));
    if (plan) await startJobEventDelivery(deps.temporal, deps.config.temporal.taskQueue, jobId, plan);
  } catch (err) {
    deps.logger.warn({ job_id: jobId, err: String(err) }, 'could not start the delivery of extraction_job.review_completed');
  }
}
