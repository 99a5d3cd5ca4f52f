import { ActivityFailure, ApplicationFailure, TimeoutFailure, isCancellation } from '@temporalio/workflow';

import { INTERNAL_ERROR_MESSAGE } from '../src/domain/internal-error.js';

export { isCancellation };

/** The error as failJob records it on the job: an internal error's detail stays in the log. */
export function asRecorded(failure: { code: string; message: string }): { code: string; message: string } {
  return failure.code === 'internal_error' ? { code: failure.code, message: INTERNAL_ERROR_MESSAGE } : failure;
}

const STABLE_CODE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Turn whatever ended a job's work into the stable `{code, message}` a client reads. */
export function describeFailure(err: unknown): { code: string; message: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure) {
    // Our activities set a snake_case code as the failure type; anything else (an unexpected
    // Error's class name) is not a stable code a client could rely on.
    const code = cause.type && STABLE_CODE.test(cause.type) ? cause.type : 'internal_error';
    return { code, message: cause.message };
  }
  if (cause instanceof TimeoutFailure) {
    return { code: 'job_timed_out', message: 'The work did not finish within its time limit' };
  }
  return { code: 'internal_error', message: cause instanceof Error ? cause.message : 'The job failed' };
}
