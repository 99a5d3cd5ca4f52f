// HTTP side of long-poll (`?wait=N`) and event streams (`/events`) on job reads.
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { ServiceError } from '../errors.js';
import { z } from 'zod';
import { followJob, heldWaitSeconds, MAX_WAIT_SECONDS, readJobWaiting } from '../domain/job-watch.js';
import type { JobEvents } from '../storage/job-events.js';
import { integerParam, parseRequest } from './validation.js';

export const KEEP_ALIVE_MS = 15_000;

const waitQuery = z.object({ wait: integerParam(0, MAX_WAIT_SECONDS).optional() });

/**
 * GET of one job, honouring `?wait=N` (0–60 s accepted): answers once the job is terminal, or with
 * the job as it is after min(N, `maxHoldSeconds`) (SERVICE_LONG_POLL_MAX_S), whichever comes first.
 */
export async function readWithWait<T extends { status: string }>(
  ctx: Context,
  events: JobEvents | undefined,
  jobId: string,
  read: () => Promise<T>,
  maxHoldSeconds: number,
): Promise<T> {
  const { wait: requested } = parseRequest('query', waitQuery, { wait: ctx.query.wait });
  const wait = heldWaitSeconds(requested ?? 0, maxHoldSeconds);
  if (!wait) return read();
  const gone = new AbortController();
  const onClose = () => gone.abort();
  ctx.res.once('close', onClose);
  try {
    return await readJobWaiting(events, jobId, wait, read, gone.signal);
  } finally {
    ctx.res.off('close', onClose);
  }
}

/**
 * `text/event-stream` of one job: the job (as GET returns it) now and on every change of `key`,
 * closed after the terminal status. A comment line every 15 s keeps proxies from closing it.
 * `read` must answer 404 for a missing job before the stream starts (it is called once first).
 */
export async function streamJob<T extends { status: string }>(
  ctx: Context,
  events: JobEvents | undefined,
  jobId: string,
  read: () => Promise<T>,
  key: (job: T) => string,
): Promise<void> {
  await read(); // 404 as a normal JSON error, before any byte of the stream
  const stream = new PassThrough();
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.status = 200;
  ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
  ctx.set('Cache-Control', 'no-cache, no-transform');
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = stream;
  const gone = new AbortController();
  ctx.res.once('close', () => gone.abort());
  let seq = 0;
  const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const readOrNull = () => read().catch((err) => (err instanceof ServiceError && err.code === 'not_found' ? null : Promise.reject(err)));
  void followJob(events, jobId, readOrNull, key, (job) => stream.write(`id: ${++seq}\nevent: job\ndata: ${JSON.stringify(job)}\n\n`), gone.signal)
    .catch((err) => {
      ctx.state.log?.warn({ job_id: jobId, err: err?.message }, 'event stream ended by an error');
    })
    .finally(() => {
      clearInterval(keepAlive);
      stream.end();
    });
}
