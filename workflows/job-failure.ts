import { ActivityFailure, ApplicationFailure, TimeoutFailure, isCancellation } from '@temporalio/workflow';

export { isCancellation };

/** Turn whatever ended a job's work into the stable `{code, message}` a client reads. */
export function describeFailure(err: unknown): { code: string; message: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure) {
    return { code: cause.type ?? 'internal_error', message: cause.message };
  }
  if (cause instanceof TimeoutFailure) {
    return { code: 'job_timed_out', message: 'The work did not finish within its time limit' };
  }
  return { code: 'internal_error', message: cause instanceof Error ? cause.message : 'The job failed' };
}
