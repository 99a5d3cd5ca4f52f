// Review of classification jobs (issue 44): a job whose classifier has a review_threshold carries
// `review` as extraction jobs do. A reviewer corrects the split (PATCH with the whole corrected
// split, which must cover every page once, in order), then approves or rejects; every change
// needs the revision last read (409 stale_revision) and is appended to the job's review events.
// Approval routes the approved segments when the job was created with `route: true`.
import type { Knex } from 'knex';
import { z } from 'zod';
import type { ClassificationResult, ClassificationReview } from '../../classification/result.js';
import { segmentsProblem } from '../../classification/segments.js';
import { notFound, serviceError } from '../../errors.js';
import { appendClassificationReviewEvent, listClassificationReviewEvents, lockClassificationJobForReview, writeClassificationReview } from '../../storage/jobs/classification.js';
import type { Db } from '../../storage/db.js';
import { findJobStatus } from '../../storage/jobs/reads.js';
import { text } from '../text.js';
import { iso } from '../time.js';
import { classNames, type Classifier } from './classifiers.js';
import { getClassificationJob, type ClassificationJobResponse } from './jobs.js';
import { routeSegments, type RoutingDeps } from './routing.js';

const revision = z.number().int().min(1).max(2_147_483_647);
const span = z.strictObject({ start: z.number().int(), end: z.number().int() });

export const classificationReviewPatchBody = z.strictObject({
  revision,
  segments: z.array(z.strictObject({ class: text(1, 64), pages: span })).min(1).max(10_000),
});
export const classificationReviewApproveBody = z.strictObject({ revision });
export const classificationReviewRejectBody = z.strictObject({ revision, reason: text(1, 2000) });

type Locked = NonNullable<Awaited<ReturnType<typeof lockClassificationJobForReview>>>;

function openReview(job: Locked | undefined, jobId: string, given: number): ClassificationReview {
  if (!job) throw notFound('Classification job', jobId);
  const review = job.review as ClassificationReview | null;
  if (job.status !== 'completed' || !review || review.status === 'approved' || review.status === 'rejected') {
    const why = job.status !== 'completed' ? `is ${job.status}, not completed` : !review ? 'has no review (its classifier had no review_threshold)' : `review is already ${review.status}`;
    throw serviceError('review_not_open', `Classification job '${jobId}' ${why}`);
  }
  if (review.revision !== given) {
    throw serviceError('stale_revision', `The review is at revision ${review.revision}, not ${given}: read the job again and decide on what it holds now`);
  }
  return review;
}

async function inReview<T>(db: Db, jobId: string, fn: (trx: Knex.Transaction, job: Locked | undefined) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => fn(trx, await lockClassificationJobForReview(trx, jobId)));
}

const next = (review: ClassificationReview, change: Partial<ClassificationReview>, now: Date): ClassificationReview => ({
  ...review,
  ...change,
  revision: review.revision + 1,
  updated_at: now.toISOString(),
});

/** PATCH …/review: the corrected split replaces reviewed_segments (422 invalid_segments unless it covers every page once, in order). */
export async function patchClassificationReview(db: Db, jobId: string, body: z.infer<typeof classificationReviewPatchBody>, actor: string | null): Promise<ClassificationJobResponse> {
  await inReview(db, jobId, async (trx, job) => {
    const review = openReview(job, jobId, body.revision);
    const pages = (job!.result as ClassificationResult).pages;
    const problem = segmentsProblem(body.segments, { start: pages[0]!.page, end: pages[pages.length - 1]!.page }, classNames(job!.classifier_snapshot as Classifier));
    if (problem) throw serviceError('invalid_segments', problem);
    const now = new Date();
    if (!(await writeClassificationReview(trx, jobId, review.revision, next(review, { reviewed_segments: body.segments }, now)))) {
      throw serviceError('stale_revision', 'The review changed while this correction was made: read the job again');
    }
    await appendClassificationReviewEvent(trx, jobId, { action: 'correct', segments_before: review.reviewed_segments, segments_after: body.segments, actor, at: now });
  });
  return getClassificationJob(db, jobId);
}

/** POST …/review/approve: the reviewed split stands; with `route: true` its segments are routed now. */
export async function approveClassificationReview(deps: RoutingDeps, jobId: string, body: z.infer<typeof classificationReviewApproveBody>, actor: string | null): Promise<ClassificationJobResponse> {
  await decide(deps.db, jobId, body.revision, 'approved', actor, null);
  await routeSegments(deps, jobId);
  return getClassificationJob(deps.db, jobId);
}

/** POST …/review/reject, with the reviewer's reason: nothing is routed. */
export async function rejectClassificationReview(db: Db, jobId: string, body: z.infer<typeof classificationReviewRejectBody>, actor: string | null): Promise<ClassificationJobResponse> {
  await decide(db, jobId, body.revision, 'rejected', actor, { reason: body.reason });
  return getClassificationJob(db, jobId);
}

async function decide(db: Db, jobId: string, given: number, status: 'approved' | 'rejected', actor: string | null, after: unknown): Promise<void> {
  await inReview(db, jobId, async (trx, job) => {
    const review = openReview(job, jobId, given);
    const now = new Date();
    if (!(await writeClassificationReview(trx, jobId, review.revision, next(review, { status }, now)))) {
      throw serviceError('stale_revision', 'The review changed meanwhile: read the job again');
    }
    await appendClassificationReviewEvent(trx, jobId, { action: status === 'approved' ? 'approve' : 'reject', segments_before: review.reviewed_segments, segments_after: after, actor, at: now });
  });
}

/** GET …/review/events: every decision, in order. */
export async function classificationReviewEvents(db: Db, jobId: string) {
  if (!(await findJobStatus(db, 'classification', jobId))) throw notFound('Classification job', jobId);
  const rows = await listClassificationReviewEvents(db, jobId);
  return rows.map((r: any) => ({ at: iso(r.at), action: r.action as string, segments_before: r.segments_before ?? null, segments_after: r.segments_after ?? null, actor: (r.actor ?? null) as string | null }));
}
