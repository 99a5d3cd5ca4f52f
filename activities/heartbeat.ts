import { asyncLocalStorage, Context } from '@temporalio/activity';

/**
 * How often activities heartbeat. With the worker's heartbeat throttle at the same interval
 * (src/temporal/worker.ts), a cancellation reaches a running activity within about twice this.
 */
export const HEARTBEAT_EVERY_MS = 300;

/**
 * Heartbeat on a timer while `fn` runs, so the server notices a dead worker within the heartbeat
 * timeout and a cancellation reaches this activity even while the provider sends nothing.
 * `fn` gets the activity's cancellation signal to pass to its HTTP calls.
 */
export async function withHeartbeat<T>(fn: (signal: AbortSignal) => Promise<T>, everyMs = HEARTBEAT_EVERY_MS): Promise<T> {
  const ctx = Context.current();
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), everyMs);
  try {
    return await fn(ctx.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}

/**
 * Heartbeat on a timer while a step that takes longer than a status write runs (finishing a job,
 * scoring a run, judging a candidate, applying retention), so a worker that dies inside it is
 * noticed within the step's heartbeat timeout (workflows/activity-options.ts FINISHING) instead
 * of its start-to-close timeout. Called outside an activity (a test calling the function
 * directly), it simply runs `fn`.
 */
export async function whileHeartbeating<T>(fn: () => Promise<T>): Promise<T> {
  if (asyncLocalStorage.getStore() === undefined) return fn();
  return withHeartbeat(() => fn());
}
