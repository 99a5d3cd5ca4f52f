// Long-poll and event streams over job reads, driven by JobEvents (one LISTEN connection per
// API process). Nothing here sleeps and re-queries: a waiting request re-reads its job only when a
// notification for that job arrives (or the listening connection was re-established).
import { serviceError } from '../errors.js';
import type { JobEvents, JobEvent } from '../storage/job-events.js';
import { isTerminal } from './job-status.js';

/** The largest `?wait=N` a request may ask for (the parameter's range is 0–60). */
export const MAX_WAIT_SECONDS = 60;

/**
 * How long a long-poll is actually held: what the client asked for, bounded by the service's cap
 * (SERVICE_LONG_POLL_MAX_S, default 8 s). A client asking for more gets the job as it is when the
 * cap ends and asks again.
 */
export function heldWaitSeconds(requested: number, capSeconds: number): number {
  return Math.max(0, Math.min(requested, capSeconds, MAX_WAIT_SECONDS));
}

/** A queue of wake-ups: resolves `next()` on the next event, the deadline, or abort. */
class Wakeups {
  private pending: JobEvent[] = [];
  private resolve: ((e: JobEvent | 'timeout') => void) | undefined;

  push = (event: JobEvent) => {
    if (this.resolve) {
      const r = this.resolve;
      this.resolve = undefined;
      r(event);
    } else {
      this.pending.push(event);
    }
  };

  next(deadline: number, signal?: AbortSignal): Promise<JobEvent | 'timeout'> {
    const queued = this.pending.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (signal?.aborted) return Promise.resolve('shutdown');
    return new Promise((resolve) => {
      const ms = Math.max(0, deadline - Date.now());
      const timer = Number.isFinite(ms) ? setTimeout(() => finish('timeout'), ms) : undefined;
      const onAbort = () => finish('shutdown');
      const finish = (e: JobEvent | 'timeout') => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.resolve = undefined;
        resolve(e);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.resolve = finish;
    });
  }
}

async function subscribe(events: JobEvents | undefined, jobId: string, wakeups: Wakeups): Promise<() => void> {
  if (!events) throw serviceError('persistence_busy', 'Job notifications are unavailable; retry the request', { retryAfterSeconds: 2 });
  try {
    return await events.subscribe(jobId, wakeups.push);
  } catch {
    throw serviceError('persistence_busy', 'The database is temporarily unavailable; retry the request', { retryAfterSeconds: 2 });
  }
}

/**
 * Read a job, waiting up to `waitSeconds` for it to reach a terminal status. Answers as soon as it
 * is terminal, else with its state when the time is up. `read` throws 404 once the job is gone.
 */
export async function readJobWaiting<T extends { status: string }>(
  events: JobEvents | undefined,
  jobId: string,
  waitSeconds: number,
  read: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  if (waitSeconds <= 0) return read();
  const deadline = Date.now() + waitSeconds * 1000;
  const wakeups = new Wakeups();
  // Listen first, then read: a change committed in between is seen by one or the other.
  const unsubscribe = await subscribe(events, jobId, wakeups);
  try {
    for (;;) {
      const job = await read();
      if (isTerminal(job.status)) return job;
      // Only status changes can end the wait; progress notifications do not cost a read.
      let event: JobEvent | 'timeout';
      do event = await wakeups.next(deadline, signal);
      while (event === 'progress' || event === 'running' || event === 'queued');
      if (event === 'timeout' || event === 'shutdown' || signal?.aborted) return read();
    }
  } finally {
    unsubscribe();
  }
}

/**
 * Follow a job: `send` gets the job now and after every change of its status or progress, ending
 * after a terminal status (or when the job is removed, the client leaves, or the API shuts down).
 * `key` says what counts as a change.
 */
export async function followJob<T extends { status: string }>(
  events: JobEvents | undefined,
  jobId: string,
  read: () => Promise<T | null>,
  key: (job: T) => string,
  send: (job: T) => void,
  signal: AbortSignal,
): Promise<void> {
  const wakeups = new Wakeups();
  const unsubscribe = await subscribe(events, jobId, wakeups);
  try {
    let last: string | undefined;
    for (;;) {
      const job = await read();
      if (!job) return;
      const k = key(job);
      if (k !== last) {
        last = k;
        send(job);
      }
      if (isTerminal(job.status)) return;
      const event = await wakeups.next(Infinity, signal);
      if (event === 'shutdown' || signal.aborted) return;
    }
  } finally {
    unsubscribe();
  }
}
