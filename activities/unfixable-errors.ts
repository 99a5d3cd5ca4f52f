// The engine's rule: no activity failure may leave work `running` without a reason. Temporal
// retries a failed activity on its policy, and an error no retry can fix (a bug, a value our code
// cannot handle, a query Postgres refuses) was retried until the policy's time ran out (or for
// ever, where a policy has no bound) while the job, run or batch read `running`. Every activity of
// the worker runs through the interceptor below: such an error ends the activity non-retryable
// with code `internal_error` after UNFIXABLE_ATTEMPTS attempts, logged once with its message and
// stack, and the workflow records the failure on the work it runs (failed, with the code).
// Errors a retry can fix (Postgres or the network down, a provider's transient answer) are left
// to the retry policies (workflows/activity-options.ts), which bound them by time.
import { Context } from '@temporalio/activity';
import { ApplicationFailure, TemporalFailure } from '@temporalio/common';
import type { ActivityInboundCallsInterceptor, ActivityInterceptorsFactory } from '@temporalio/worker';
import type { Logger } from '../src/logging.js';
import { isPersistenceBusy } from '../src/storage/busy.js';
import { boundedMessage } from './failures.js';

/**
 * Attempts an unfixable error gets before the activity gives up: the first is the real one, the
 * second and third rule out a fault of the moment (a worker under memory pressure, a race with a
 * concurrent write), at the policy's back-off of a few seconds.
 */
export const UNFIXABLE_ATTEMPTS = 3;

/** The failure type (and the work's error code) of an unfixable error. */
export const UNFIXABLE_CODE = 'internal_error';

/** JavaScript's own errors of a program that went wrong: a retry runs the same code on the same data. */
const PROGRAM_ERRORS = [RangeError, TypeError, ReferenceError, SyntaxError, EvalError, URIError];

/**
 * SQLSTATE classes of a statement Postgres will refuse again: 22 data exception (a value out of
 * range, invalid text for a type), 42 syntax error or access rule violation (an unknown column),
 * 54 program limit exceeded (a value nested too deep for jsonb). 23 integrity constraint violations
 * too, except a unique violation, which is how a retried attempt meets its own first write.
 */
function isRefusedStatement(code: unknown): boolean {
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return false;
  const cls = code.slice(0, 2);
  return cls === '22' || cls === '42' || cls === '54' || (cls === '23' && code !== '23505');
}

/** Whether retrying cannot fix `err`: a program error or a statement Postgres refuses. */
export function isUnfixable(err: unknown): boolean {
  if (err instanceof TemporalFailure) return false; // already classified (a job code, a cancellation)
  if (isPersistenceBusy(err)) return false;
  // A failed network call surfaces as a TypeError ("fetch failed") with the network error as its cause.
  if (err instanceof TypeError && (err as { cause?: unknown }).cause !== undefined) return false;
  if (PROGRAM_ERRORS.some((type) => err instanceof type)) return true;
  return isRefusedStatement((err as { code?: unknown } | null)?.code);
}

/**
 * What the activity throws for `err` at attempt `attempt` (1-based): `err` itself while a retry
 * may help, else a non-retryable ApplicationFailure of type `internal_error` carrying the error
 * (its message and stack travel as the failure's cause).
 */
export function classifyActivityError(err: unknown, attempt: number): unknown {
  if (!isUnfixable(err) || attempt < UNFIXABLE_ATTEMPTS) return err;
  const e = err as Error;
  return ApplicationFailure.create({
    type: UNFIXABLE_CODE,
    message: boundedMessage(`${e.name}: ${e.message}`),
    nonRetryable: true,
    cause: e,
  });
}

/** The worker's activity interceptor: every activity's errors classified as above, unfixable ones logged with their stack. */
export function unfixableErrors(logger: Logger): ActivityInterceptorsFactory {
  return (ctx: Context) => {
    const inbound: ActivityInboundCallsInterceptor = {
      async execute(input, next) {
        try {
          return await next(input);
        } catch (err) {
          const { activityType, attempt, workflowExecution } = ctx.info;
          const thrown = classifyActivityError(err, attempt);
          if (isUnfixable(err)) {
            const fields = { err, activity: activityType, attempt, workflow_id: workflowExecution?.workflowId };
            if (thrown !== err) logger.error(fields, `activity ${activityType} failed with an error no retry can fix; it ends failed (${UNFIXABLE_CODE})`);
            else logger.warn(fields, `activity ${activityType} failed with an error a retry is unlikely to fix (attempt ${attempt} of ${UNFIXABLE_ATTEMPTS})`);
          }
          throw thrown;
        }
      },
    };
    return { inbound };
  };
}
