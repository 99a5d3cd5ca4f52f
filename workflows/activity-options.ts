import { ActivityCancellationType, type ActivityOptions, type LocalActivityOptions } from '@temporalio/workflow';
import type { RetrySettings } from './types.js';

/** Short database bookkeeping: retried until Postgres answers again (bounded by the timeout). */
export const BOOKKEEPING: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  // No attempt limit: bounded by scheduleToCloseTimeout instead.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  scheduleToCloseTimeout: '30 minutes',
};

/**
 * The same bookkeeping (claim, fail, complete, settle) as local activities: run by the worker that
 * runs the workflow task, with no round trip through the server's task queues. Same retries.
 */
export const LOCAL_BOOKKEEPING: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  scheduleToCloseTimeout: '30 minutes',
};

/**
 * A step of its own that may take longer than a status write (merging and recording a result,
 * scoring a run, judging a candidate): retried like bookkeeping, and it heartbeats
 * (activities/heartbeat.ts), so a worker that dies inside it is noticed within the heartbeat
 * timeout and the step moves to a live worker, not after the start-to-close timeout (issue 48).
 */
export const FINISHING: ActivityOptions = {
  ...BOOKKEEPING,
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '20 seconds',
  scheduleToCloseTimeout: '1 hour',
};

/** Heartbeat timeout of a model call when a run's input does not carry one (runs started before SERVICE_HEARTBEAT_TIMEOUT_S). */
const DEFAULT_HEARTBEAT_TIMEOUT = '20 seconds';

/** Retry window when a run's input does not carry one. */
const DEFAULT_RETRY_WINDOW_MS = 30 * 60_000;
/** Beyond the provider's window: how long database or Temporal trouble may keep a call from finishing. */
const INFRASTRUCTURE_GRACE_MS = 2 * 3600_000;

/**
 * Work that calls the model provider, as runs of 0.4 to 0.6 schedule it (frozen: legacy/v04.ts). It heartbeats, so a crashed worker is noticed within
 * the heartbeat timeout and cancellation reaches the in-flight HTTP request; the workflow waits
 * until the activity has acknowledged a cancellation (and closed its request) before it moves on,
 * so `canceled` means stopped. There is no attempt limit: the activity bounds provider failures by
 * time (activities/model-call.ts) and sets each retry's delay itself; what remains retried on this
 * policy's backoff is database or Temporal trouble, bounded by the schedule-to-close timeout.
 */
export function modelCallOptionsV04(retry: RetrySettings): ActivityOptions {
  const windowMs = retry.windowMs ?? DEFAULT_RETRY_WINDOW_MS;
  return {
    startToCloseTimeout: retry.timeoutMs,
    heartbeatTimeout: '20 seconds',
    scheduleToCloseTimeout: windowMs + INFRASTRUCTURE_GRACE_MS,
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: {
      initialInterval: retry.initialIntervalMs,
      backoffCoefficient: 2,
      maximumInterval: Math.min(retry.maxIntervalMs, 10_000),
    },
  };
}

/**
 * Work that calls the model provider (since JOB_ENGINE_V05). As before, with a retry policy that
 * tells the truth in the Web UI: the activity gives a model call's transient failures up after the
 * retry window (activities/model-call.ts), so the schedule-to-close timeout, which the UI shows as
 * the retry expiration, is that window plus the first attempt; no attempt cap ("UNLIMITED" is what
 * happens: attempts are bounded by time).
 */
export function modelCallOptions(retry: RetrySettings): ActivityOptions {
  const windowMs = retry.windowMs ?? DEFAULT_RETRY_WINDOW_MS;
  return {
    // The attempt ends itself at retry.timeoutMs (activities/model-call.ts: a counted
    // provider_timeout); Temporal's cut is the backstop a minute later (ATTEMPT_RESERVE_MS), for
    // recording the outcome.
    startToCloseTimeout: retry.timeoutMs + 60_000,
    // An activity option, not a command the history compares: a changed value replays.
    heartbeatTimeout: retry.heartbeatTimeoutMs ?? DEFAULT_HEARTBEAT_TIMEOUT,
    scheduleToCloseTimeout: windowMs + retry.timeoutMs + 60_000,
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: {
      initialInterval: retry.initialIntervalMs,
      backoffCoefficient: 2,
      maximumInterval: Math.min(retry.maxIntervalMs, 10_000),
    },
  };
}
