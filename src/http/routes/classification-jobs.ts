import Router from '@koa/router';
import {
  cancelClassificationJob,
  createClassificationJob,
  createClassificationJobBody,
  deleteClassificationJob,
  getClassificationJob,
  listClassificationJobs,
  listClassificationJobsQuery,
  retryClassificationJob,
} from '../../domain/classification/jobs.js';
import {
  approveClassificationReview,
  classificationReviewApproveBody,
  classificationReviewEvents,
  classificationReviewPatchBody,
  classificationReviewRejectBody,
  patchClassificationReview,
  rejectClassificationReview,
} from '../../domain/classification/review.js';
import { parseIdempotencyKey } from '../../domain/idempotency.js';
import { readJob } from '../../domain/job-reads.js';
import type { AppDeps } from '../context.js';
import { readWithWait, streamJob } from '../job-streams.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import { pathRef } from '../path-params.js';
import { parseRequest } from '../validation.js';

const listQuery = listClassificationJobsQuery.extend(pageQuerySchema.shape);
const actorOf = (ctx: { state: Record<string, unknown> }) => (typeof ctx.state.tokenLabel === 'string' ? ctx.state.tokenLabel : null);

/** /v1/classification-jobs (issue 44): the operations of extraction jobs, and the review of a split. */
export function classificationJobRoutes({ db, temporal, config, jobEvents }: AppDeps): Router {
  const router = new Router({ prefix: '/v1/classification-jobs' });

  router.post('/', async (ctx) => {
    const key = parseIdempotencyKey(ctx.headers['idempotency-key']);
    const body = parseRequest('body', createClassificationJobBody, ctx.request.body ?? {});
    const { job, replayed } = await createClassificationJob(db, temporal, config, body, key);
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = job;
  });

  router.get('/', async (ctx) => {
    const { limit, cursor, ...filter } = parseRequest('query', listQuery, ctx.query);
    const page = await listClassificationJobs(db, filter, { limit, cursor });
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor);
  });

  router.get('/:job_id', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    ctx.body = await readWithWait(ctx, jobEvents, id, () => readJob(db, 'classification', id), config.longPollMaxSeconds);
  });

  router.get('/:job_id/events', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    await streamJob(ctx, jobEvents, id, () => readJob(db, 'classification', id), (job) => job.status);
  });

  router.post('/:job_id/cancel', async (ctx) => {
    ctx.body = await cancelClassificationJob(db, temporal, pathRef(ctx.params, 'job_id'));
  });

  router.post('/:job_id/retry', async (ctx) => {
    ctx.body = await retryClassificationJob(db, temporal, config, pathRef(ctx.params, 'job_id'));
  });

  router.delete('/:job_id', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    if ((await deleteClassificationJob(db, temporal, id)) === 'deleted') {
      ctx.status = 204;
      return;
    }
    const job = await getClassificationJob(db, id).catch(() => null);
    ctx.status = job ? 202 : 204;
    ctx.body = job ?? undefined;
  });

  router.patch('/:job_id/review', async (ctx) => {
    const body = parseRequest('body', classificationReviewPatchBody, ctx.request.body ?? {});
    ctx.body = await patchClassificationReview(db, pathRef(ctx.params, 'job_id'), body, actorOf(ctx));
  });

  router.post('/:job_id/review/approve', async (ctx) => {
    const body = parseRequest('body', classificationReviewApproveBody, ctx.request.body ?? {});
    ctx.body = await approveClassificationReview({ db, temporal, config }, pathRef(ctx.params, 'job_id'), body, actorOf(ctx));
  });

  router.post('/:job_id/review/reject', async (ctx) => {
    const body = parseRequest('body', classificationReviewRejectBody, ctx.request.body ?? {});
    ctx.body = await rejectClassificationReview(db, pathRef(ctx.params, 'job_id'), body, actorOf(ctx));
  });

  router.get('/:job_id/review/events', async (ctx) => {
    ctx.body = await classificationReviewEvents(db, pathRef(ctx.params, 'job_id'));
  });

  return router;
}
