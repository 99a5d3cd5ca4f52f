import Router from '@koa/router';
import { cancelJob, deleteJob } from '../../domain/job-control.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import { parseIdempotencyKey } from '../../domain/idempotency.js';
import { readJob } from '../../domain/job-reads.js';
import {
  createParseJob,
  createParseJobBody,
  getParseJob,
  listParseJobs,
  listParseJobsQuery,
  retryParseJob,
  type ParseJobResponse,
} from '../../domain/parse-jobs.js';
import { readWithWait, streamJob } from '../job-streams.js';
import type { AppDeps } from '../context.js';
import { pathRef } from '../path-params.js';
import { parseRequest } from '../validation.js';

const listQuery = listParseJobsQuery.extend(pageQuerySchema.shape);

export function parseJobRoutes({ db, temporal, config, jobEvents }: AppDeps): Router {
  const router = new Router({ prefix: '/v1/parse-jobs' });

  router.post('/', async (ctx) => {
    const key = parseIdempotencyKey(ctx.headers['idempotency-key']);
    const body = parseRequest('body', createParseJobBody, ctx.request.body ?? {});
    const { job, replayed } = await createParseJob(db, temporal, config, body, key);
    // A repeated key with the same body answers as the first request did: 201 and the original body.
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = job;
  });

  router.get('/', async (ctx) => {
    const { limit, cursor, ...filter } = parseRequest('query', listQuery, ctx.query);
    const page = await listParseJobs(db, filter, { limit, cursor });
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor);
  });

  router.get('/:job_id', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    ctx.body = await readWithWait(ctx, jobEvents, id, () => readJob(db, 'parse', id), config.longPollMaxSeconds);
  });

  router.get('/:job_id/events', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    const key = (job: ParseJobResponse) => `${job.status} ${job.progress?.pages_completed ?? ''}/${job.progress?.pages_total ?? ''}`;
    await streamJob(ctx, jobEvents, id, () => readJob(db, 'parse', id), key);
  });

  router.post('/:job_id/cancel', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    await cancelJob(db, temporal, 'parse', id);
    ctx.body = await getParseJob(db, id);
  });

  router.post('/:job_id/retry', async (ctx) => {
    ctx.body = await retryParseJob(db, temporal, config, pathRef(ctx.params, 'job_id'));
  });

  router.delete('/:job_id', async (ctx) => {
    const id = pathRef(ctx.params, 'job_id');
    if ((await deleteJob(db, temporal, 'parse', id)) === 'deleted') {
      ctx.status = 204;
      return;
    }
    const job = await getParseJob(db, id).catch(() => null);
    // The workflow may already have removed the row: then the delete is simply done.
    ctx.status = job ? 202 : 204;
    ctx.body = job ?? undefined;
  });

  return router;
}
