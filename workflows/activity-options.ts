import type { ActivityOptions } from '@temporalio/workflow';
import type { RetrySettings } from './types.js';

/** Short database bookkeeping: retried until Postgres answers again (bounded by the timeout). */
export const BOOKKEEPING: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  // No attempt limit: bounded by scheduleToCloseTimeout instead.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  scheduleToCloseTimeout: '30 minutes',
};

/**
 * Work that calls the model provider. It heartbeats, so a crashed worker is noticed within the
 * heartbeat timeout and cancellation reaches the in-flight HTTP request.
 */
export function modelCallOptions(retry: RetrySettings): ActivityOptions {
  return {
    startToCloseTimeout: retry.timeoutMs,
    heartbeatTimeout: '20 seconds',
    retry: {
      initialInterval: retry.initialIntervalMs,
      backoffCoefficient: 2,
      maximumInterval: retry.maxIntervalMs,
      maximumAttempts: retry.maxAttempts,
    },
  };
}
