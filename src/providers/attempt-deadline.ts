// How long one model-call attempt may take. SERVICE_PROVIDER_TIMEOUT_MS bounds the whole attempt
// (waiting for its slot, the request, the streamed answer); Temporal's start-to-close timeout of
// the activity is the backstop beyond it (workflows/activity-options.ts gives the attempt's limit
// plus a reserve for preparing the request and recording the outcome). For an activity scheduled
// with a tighter start-to-close (runs scheduled before this bound existed), the attempt ends a
// reserve before Temporal would cut it, so the failure is ours to count, log and show.

/** What is left of Temporal's start-to-close beyond the attempt for recording its outcome, at most. */
export const ATTEMPT_RESERVE_MS = 60_000;

export function attemptLimitMs(configuredMs: number, startToCloseMs: number | undefined): number {
  if (!startToCloseMs || !Number.isFinite(startToCloseMs)) return configuredMs;
  const reserve = Math.min(ATTEMPT_RESERVE_MS, startToCloseMs / 10);
  return Math.max(1, Math.min(configuredMs, Math.floor(startToCloseMs - reserve)));
}
