// Retries of model calls by time, not by count. Pure decisions; the activity wrapper
// (activities/model-call.ts) records the state in Postgres and tells Temporal when to try again.
import { ModelCallError } from './errors.js';

export interface RetryPolicySettings {
  initialIntervalMs: number;
  maxIntervalMs: number;
  /** SERVICE_PROVIDER_RETRY_WINDOW_S in ms: how long one call's transient failures are retried. */
  windowMs: number;
  /** Deprecated SERVICE_PROVIDER_MAX_ATTEMPTS, when set. */
  attemptCap?: number;
}

/** A provider-asked delay is honoured exactly, but never beyond this. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

export type FailureClass =
  | { kind: 'permanent' }
  /** A protocol error is worth one repeat (a proxy hiccup), not a window of them. */
  | { kind: 'protocol' }
  | { kind: 'transient'; retryAfterMs?: number };

/** How a failed model call is retried: only typed provider errors are ours to judge. */
export function classifyModelFailure(err: ModelCallError): FailureClass {
  if (!err.retryable) return { kind: 'permanent' };
  if (err.code === 'provider_protocol_error') return { kind: 'protocol' };
  const retryAfterMs = (err as { retryAfterMs?: number }).retryAfterMs;
  return retryAfterMs !== undefined ? { kind: 'transient', retryAfterMs } : { kind: 'transient' };
}

/** Capped exponential backoff: initial, 2×, 4×, … up to maxIntervalMs. `attempt` counts failures from 1. */
export function backoffMs(attempt: number, s: Pick<RetryPolicySettings, 'initialIntervalMs' | 'maxIntervalMs'>): number {
  const exp = s.initialIntervalMs * 2 ** Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(exp, s.maxIntervalMs);
}

export interface RetryState {
  firstFailedAt: number;
  /** Failures of this call so far, this one included. */
  attempt: number;
  /** Code of the failure before this one (null on the first). */
  previousCode: string | null;
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: string };

/**
 * Retry or give up after a failure. A transient failure is retried while the window since the
 * call's first failure lasts (and under the deprecated attempt cap, when set); Retry-After, when
 * the provider sent one, is the next delay exactly.
 */
export function decideRetry(
  failure: FailureClass,
  code: string,
  state: RetryState,
  now: number,
  s: RetryPolicySettings,
): RetryDecision {
  if (failure.kind === 'permanent') return { retry: false, reason: 'not retryable' };
  if (failure.kind === 'protocol' && state.previousCode === code) {
    return { retry: false, reason: 'the provider broke the protocol twice in a row' };
  }
  const elapsed = now - state.firstFailedAt;
  if (elapsed >= s.windowMs) {
    return { retry: false, reason: `still failing after ${Math.round(elapsed / 1000)} s of retries (${state.attempt} attempts)` };
  }
  if (s.attemptCap !== undefined && state.attempt >= s.attemptCap) {
    return { retry: false, reason: `still failing after ${state.attempt} attempts` };
  }
  const delayMs =
    failure.kind === 'transient' && failure.retryAfterMs !== undefined
      ? Math.min(failure.retryAfterMs, MAX_RETRY_AFTER_MS)
      : backoffMs(state.attempt, s);
  return { retry: true, delayMs };
}
