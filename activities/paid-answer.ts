import { Context } from '@temporalio/activity';
import { isPersistenceBusy } from '../src/storage/busy.js';
import type { Logger } from '../src/logging.js';

// Paid answers kept (issue 38): a model answer that arrives while Postgres is unreachable is held
// by its activity and written once Postgres answers again, instead of the attempt failing and its
// retry asking the model again. The hold lasts as long as the attempt may (its start-to-close
// timeout, less a margin to fail cleanly); past that the attempt fails as before.

/** Time kept back at the end of the attempt to report the failure before Temporal times it out. */
const MARGIN_MS = 3_000;
const FIRST_WAIT_MS = 250;
const MAX_WAIT_MS = 2_000;

/**
 * Run `write` (the write of a model answer), again and again while the database is unreachable,
 * heartbeating, until it succeeds, the attempt's time is nearly up, or the activity is cancelled.
 * Any other error is thrown at once.
 */
export async function writePaidAnswer<T>(write: () => Promise<T>, log: Logger, what: string): Promise<T> {
  const ctx = Context.current();
  const { startToCloseTimeoutMs, currentAttemptScheduledTimestampMs } = ctx.info;
  const deadline = currentAttemptScheduledTimestampMs + startToCloseTimeoutMs - MARGIN_MS;
  let wait = FIRST_WAIT_MS;
  let held = false;
  for (;;) {
    try {
      const written = await write();
      if (held) log.info({ what }, 'model answer held through a database outage, now written');
      return written;
    } catch (err) {
      if (!isPersistenceBusy(err) || Date.now() + wait >= deadline || ctx.cancellationSignal.aborted) throw err;
      if (!held) log.warn({ err: String(err), what }, 'database unreachable: holding the model answer until it is back');
      held = true;
      ctx.heartbeat();
      await ctx.sleep(wait);
      wait = Math.min(wait * 2, MAX_WAIT_MS);
    }
  }
}
