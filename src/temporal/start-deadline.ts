// Starting a job's workflow under load: a Temporal server busy with a burst answers slowly or
// refuses for a moment (UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED). The start is tried
// again with backoff until the scheduler deadline (SERVICE_SCHEDULER_DEADLINE_MS, 10 s by default)
// before the API answers 503. Workflow id = job id, so a start that reached the server although
// its answer was lost is found again as "already started" by the next attempt: that is a success.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';

/** gRPC status codes a later attempt can get past. */
const TRANSIENT_GRPC_CODES = new Set([
  4, // DEADLINE_EXCEEDED
  8, // RESOURCE_EXHAUSTED
  10, // ABORTED
  14, // UNAVAILABLE
]);

/** The gRPC status code of a client error, wherever the SDK wrapped it. */
function grpcCode(err: unknown): number | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'number') return e.code;
  }
  return undefined;
}

export function isTransientStartError(err: unknown): boolean {
  const code = grpcCode(err);
  return code !== undefined && TRANSIENT_GRPC_CODES.has(code);
}

/** Run `start` until it succeeds, fails for good, or `deadlineMs` has passed (then its last error). */
export async function startWithinDeadline(temporal: Client, deadlineMs: number, start: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (let attempt = 1, pause = 100; ; attempt++, pause = Math.min(pause * 2, 1_000)) {
    try {
      await temporal.withDeadline(deadline, start);
      return;
    } catch (err) {
      if (attempt > 1 && err instanceof WorkflowExecutionAlreadyStartedError) return; // an earlier attempt started it
      if (!isTransientStartError(err) || Date.now() + pause >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
