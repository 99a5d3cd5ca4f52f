import Router from '@koa/router';
import type { Middleware } from 'koa';
import { cancelJob, deleteJob } from '../../domain/job-control.js';
import {
  createExtractionJob,
  createExtractionJobBody,
  getExtractionJob,
  listExtractionJobs,
  listExtractionJobsQuery,
  retryExtractionJob,
} from '../../domain/extraction-jobs.js';
import {
  approveReview,
  patchReview,
  rejectReview,
  reviewApproveBody,
  reviewEvents,
  reviewPatchBody,
  reviewRejectBody,
} from '../../domain/extraction-review.js';
import { parseIdempotencyKey } from '../../domain/idempotency.js';
import { readJob } from '../../domain/job-reads.js';
import { readWithWait, streamJob } from '../job-streams.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import type { AppDeps } from '../context.js';
import { pathRef } from '../path-params.js';
import { parseRequest } from '../validation.js';
import { requireDefinitionScope } from '../middleware/auth.js';

const listQuery = listExtractionJobsQuery.extend(pageQuerySchema.shape);

/** The extraction-job operations, mounted at a prefix (the current path and its deprecated alias). */
function extractionJobRouter({ db, temporal, config, jobEvents, logger }: AppDeps, prefix: string, extra: Middleware[] = [], withEvents = false): Router {
  const router = new Router({ prefix });
  if (extra.length > 0) router.use(...extra);

  router.post('/', async (ctx) => {
    const key = parseIdempotencyKey(ctx.headers['idempotency-key']);
    const body = parseRequest('body', createExtractionJobBody, ctx.request.body ?? {});
    const { job, replayed } = await createExtractionJob(db, temporal, config, body, key);
    // A repeated key with the same body answers as the first request did: 201 and the original body.
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = job;
  });

  router.get('/', async (ctx) => {
    const { limit, cursor, ...filter } = parseRequest('query', listQuery, ctx.query);
    const page = await listExtractionJobs(db, filter, { limit, cursor });
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor);
  });

  router.get('/:job_id', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    ctx.body = await readWithWait(ctx, jobEvents, id, () => readJob(db, 'extraction', id), config.longPollMaxSeconds);
  });

  if (withEvents) {
    router.get('/:job_id/events', async (ctx) => {
      const id = pathRef(ctx.params, 'job_id');
      await streamJob(ctx, jobEvents, id, () => readJob(db, 'extraction', id), (job) => job.status);
    });
  }

  router.post('/:job_id/cancel', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    await cancelJob(db, temporal, 'extraction', id);
    ctx.body = await getExtractionJob(db, id);
  });

  // Review (docs/confidence-and-review.md): on the current path only, not the deprecated alias.
  if (withEvents) reviewRoutes(router, { db, temporal, config, logger });

  router.post('/:job_id/retry', async (ctx) => {
    ctx.body = await retryExtractionJob(db, temporal, config, pathRef(ctx.params, 'job_id'));
  });

  router.delete('/:job_id', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    if ((await deleteJob(db, temporal, 'extraction', id)) === 'deleted') {
      ctx.status = 204;
      return;
    }
    const job = await getExtractionJob(db, id).catch(() => null);
    // The workflow may already have removed the row: then the delete is simply done.
    ctx.status = job ? 202 : 204;
    ctx.body = job ?? undefined;
  });

  return router;
}

/** The review operations of extraction jobs. */
function reviewRoutes(router: Router, reviewDeps: Pick<AppDeps, 'db' | 'temporal' | 'config' | 'logger'>): void {
  const { db } = reviewDeps;
  // `actor`: the caller's token label when tokens are configured.
  const actorOf = (ctx: { state: Record<string, unknown> }) => (typeof ctx.state.tokenLabel === 'string' ? ctx.state.tokenLabel : null);

  router.patch('/:job_id/review', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    const body = parseRequest('body', reviewPatchBody, ctx.request.body ?? {});
    ctx.body = await patchReview(db, id, body, actorOf(ctx));
  });

  router.post('/:job_id/review/approve', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    const body = parseRequest('body', reviewApproveBody, ctx.request.body ?? {});
    // Adding the reviewed data as an example changes the extractor every later job sends: an
    // admin's decision, as PUT of the extractor is (refused before the approval is recorded).
    if (body.add_as_example) requireDefinitionScope(ctx.state, 'approve with add_as_example: true (it changes the extractor\'s examples)');
    ctx.body = await approveReview(reviewDeps, id, body, actorOf(ctx));
  });

  router.post('/:job_id/review/reject', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    const body = parseRequest('body', reviewRejectBody, ctx.request.body ?? {});
    ctx.body = await rejectReview(reviewDeps, id, body, actorOf(ctx));
  });

  router.get('/:job_id/review/events', async (ctx) => {
    ctx.body = await reviewEvents(db, pathRef(ctx.params, 'job_id'));
  });
}

export const JOBS_ALIAS_SUNSET = 'Tue, 01 Jun 2027 00:00:00 GMT';

/** `/v1/jobs` is the deprecated alias of `/v1/extraction-jobs`, removed in v0.4. */
const deprecationHeaders: Middleware = async (ctx, next) => {
  ctx.set('Deprecation', 'true');
  ctx.set('Sunset', JOBS_ALIAS_SUNSET);
  ctx.set('Link', `<${ctx.path.replace(/^\/v1\/jobs/, '/v1/extraction-jobs')}>; rel="successor-version"`);
  await next();
};

export function extractionJobRoutes(deps: AppDeps): Router[] {
  return [extractionJobRouter(deps, '/v1/extraction-jobs', [], true), extractionJobRouter(deps, '/v1/jobs', [deprecationHeaders])];
}
