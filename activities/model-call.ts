// One model call inside an activity, with everything the 0.4 engine promises around it:
// - heartbeats on a timer, so a dead worker is noticed and a cancellation reaches the request;
// - on cancellation the HTTP request is aborted, the abort is awaited (the socket is closed), and
//   only then is the cancellation rethrown, so a workflow waiting for it (WAIT_CANCELLATION_COMPLETED)
//   sets `canceled` only once nothing is open at the provider;
// - the provider's `configuration.max_concurrent_requests`, held across every worker process
//   with leases in Postgres (src/storage/provider-leases.ts); waiting for a slot heartbeats and
//   can be cancelled;
// - the job's own model slots (`jobSlots`, the page concurrency): a window or page activity may
//   start before a slot is free, build its request, and wait at the gate the request passes just
//   before it is sent; the slots are leases in the same table as the provider's, so the bound holds
//   across worker processes, and a slot released in this process wakes one waiter at once. The
//   provider's slot is then taken at the gate too, after the job's, never held while waiting for it;
// - retries by time: a transient failure is recorded per (job, call) and retried with capped
//   exponential backoff (or the provider's Retry-After, exactly) until SERVICE_PROVIDER_RETRY_WINDOW_S
//   has passed since the call first failed; a permanent one fails at once. Errors that are not the
//   provider's (database, Temporal) are rethrown untouched: the activity's retry policy retries
//   them without spending this budget.
// Page activities, window activities and the extraction activity all call the model through here.
import { randomUUID } from 'node:crypto';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { modelCallsWaitingForSlot, modelRequestOpened, modelRequestRetries, modelSlotsInUse, recordModelRequest } from '../src/metrics/index.js';
import { attemptLimitMs } from '../src/providers/attempt-deadline.js';
import { ProviderError } from '../src/providers/errors.js';
import { formatMs } from '../src/providers/stream-bounds.js';
import { classifyModelFailure, decideRetry } from '../src/providers/retry-policy.js';
import type { ProviderSettings } from '../src/providers/types.js';
import type { JobKind } from '../src/kinds.js';
import { isPersistenceBusy } from '../src/storage/busy.js';
import { clearCallRetry, recordCallFailure, setNextAttempt } from '../src/storage/call-retries.js';
import { releaseLeftovers, releaseSlot, renewSlot, tryAcquireSlot } from '../src/storage/provider-leases.js';
import { jobMaySend } from '../src/storage/jobs/reads.js';
import { sleepUntilReleased, wakeOneWaiter } from '../src/storage/slot-waiters.js';
import { currentWorkspaceId } from '../src/storage/workspace-scope.js';
import type { ResolvedActivityDeps } from './deps.js';
import { toActivityFailure } from './failures.js';
import { HEARTBEAT_EVERY_MS } from './heartbeat.js';
import { withoutKeyInErrors } from './provider-settings.js';

/** A slot lease lasts this long unless renewed; a dead worker's slot frees itself after it. */
export const SLOT_LEASE_MS = 20_000;
const SLOT_RENEW_EVERY_MS = 5_000;
const SLOT_POLL_MS = 400;

/** The lease name of a job's model slots (same table as the providers' slots, which are named by provider). */
export const jobSlotsName = (jobId: string) => `job:${jobId}`;

export interface ModelCallTarget {
  jobId: string;
  /** Names the call within its job, e.g. `page:3`, `window:2`, `extract`. */
  callKey: string;
  settings: ProviderSettings;
  /** The model asked (the definition's), for metrics. */
  model: string;
  /** The job's kind: the last check before sending reads its row (and its batch's or run's). */
  kind: JobKind;
  /** At most this many of the job's model requests at once (its page concurrency); unset: no job bound. */
  jobSlots?: number;
  /**
   * Aborted when the job was asked to stop (activities/job-stop-watch.ts): the request is aborted
   * (or never sent) and the call rethrows this signal's reason, without waiting for the activity's
   * own cancellation. Unset: only the activity's cancellation stops the call.
   */
  stop?: AbortSignal;
}

/**
 * Passed to the request: resolves once the request may be sent (the job's slot taken). Called once
 * the request body is built, so a request that waited for its slot is sent at once.
 */
export type SendGate = () => Promise<void>;

/** The provider's concurrency limit, when one is configured. */
export function concurrencyLimit(settings: ProviderSettings): number | null {
  const v = settings.configuration['max_concurrent_requests'];
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

export async function callModel<T>(
  deps: ResolvedActivityDeps,
  target: ModelCallTarget,
  fn: (signal: AbortSignal, gate: SendGate) => Promise<T>,
): Promise<T> {
  const { db, config, logger } = deps;
  const ctx = Context.current();
  const signal = ctx.cancellationSignal;
  const log = logger.child({ job_id: target.jobId, workflow_id: target.jobId, call: target.callKey, attempt: ctx.info.attempt });
  const limit = concurrencyLimit(target.settings);
  const holder = randomUUID();
  let slot: number | null = null;
  let jobSlot: number | null = null;
  const jobLease = jobSlotsName(target.jobId);
  let lastRenew = Date.now();
  // The attempt's deadline (SERVICE_PROVIDER_TIMEOUT_MS): the slot waits, the request and its
  // streamed answer. Once the request is sent, running out of time is the provider's transient
  // `provider_timeout`, counted in the retry window; before, nothing was asked of the provider, so
  // the attempt ends with an ordinary failure that Temporal retries without spending the window.
  const limitMs = attemptLimitMs(config.providerRetry.timeoutMs, ctx.info.startToCloseTimeoutMs);
  const deadline = new AbortController();
  const callSignal = AbortSignal.any([signal, deadline.signal, ...(target.stop ? [target.stop] : [])]);
  // Where a stopped job's request waits for its activity's cancellation: the stop ends that wait too.
  const stopSignal = target.stop ? AbortSignal.any([signal, target.stop]) : signal;
  let sent = false;
  const deadlineTimer = setTimeout(() => {
    deadline.abort(
      sent
        ? new ProviderError('provider_timeout', `The provider did not finish its answer within ${formatMs(limitMs)} (SERVICE_PROVIDER_TIMEOUT_MS)`)
        : new Error(`No model slot became free within the attempt's ${formatMs(limitMs)} (SERVICE_PROVIDER_TIMEOUT_MS)`),
    );
  }, limitMs);

  ctx.heartbeat();
  const timer = setInterval(() => {
    ctx.heartbeat();
    if ((slot !== null || jobSlot !== null) && Date.now() - lastRenew >= SLOT_RENEW_EVERY_MS) {
      lastRenew = Date.now();
      const leases: Array<[string, number | null]> = [[target.settings.name, slot], [jobLease, jobSlot]];
      for (const [name, held] of leases) {
        if (held === null) continue;
        renewSlot(db, name, held, holder, SLOT_LEASE_MS).catch((err) => log.warn({ err: String(err), lease: name }, 'could not renew a slot lease'));
      }
    }
  }, HEARTBEAT_EVERY_MS);
  let started = performance.now();
  const jobLimit = target.jobSlots;
  let gatePassed: Promise<void> | undefined;
  // The provider's slot is taken with the job's, after it: an activity waiting for its job's slot
  // never holds a provider slot other jobs could use (and slots are always taken in this order).
  const providerSlot = async () => {
    if (limit === null) return;
    slot = await waitForSlot(deps, target.settings.name, 'provider', limit, holder, callSignal);
    lastRenew = Date.now();
  };
  // docextract_model_requests_in_flight: from the moment the request may be sent (its gate passed;
  // at once for a call without job slots) until it has ended.
  let requestClosed: (() => void) | undefined;
  const requestOpened = () => void (requestClosed ??= modelRequestOpened(target.settings.name));
  // The gate is the request's last step before it is sent: slots first, then one read of the job's
  // row with its batch's and evaluation run's (issue 38): a cancel or delete answered before this
  // read stops the request here, also one that rendered ahead in a spare lane or waited for a slot
  // that the cancel's own aborts freed. Nothing is sent; the activity's cancellation is on its way.
  const gate: SendGate = () =>
    (gatePassed ??= (async () => {
      if (jobLimit !== undefined) {
        jobSlot = await waitForSlot(deps, jobLease, 'job', jobLimit, holder, callSignal);
        lastRenew = Date.now();
        await providerSlot();
      }
      if (!(await jobMaySend(db, target.kind, target.jobId))) {
        await releaseSlots();
        await stoppedJob(stopSignal);
      }
      if (jobLimit === undefined) return; // opened and timed from the start, as before
      sent = true;
      started = performance.now(); // the request's time at the model starts now
      requestOpened();
    })());
  // Released as soon as the request has ended (before the retry bookkeeping), so the next request
  // waiting for the slot goes at once; again (a no-op then) on the way out.
  const releaseSlots = async () => {
    const leases: Array<[string, number | null]> = [[jobLease, jobSlot], [target.settings.name, slot]];
    if (jobSlot !== null) modelSlotsInUse.dec({ scope: 'job' });
    if (slot !== null) modelSlotsInUse.dec({ scope: 'provider' });
    jobSlot = slot = null;
    for (const [name, held] of leases) {
      if (held === null) continue;
      await releaseSlot(db, name, held, holder).catch((err) =>
        log.warn({ err: String(err), lease: name }, 'could not release a slot lease (released again once the database answers)'),
      );
      wakeOneWaiter(name);
    }
  };
  try {
    // Without job slots the provider's slot is taken before the request is built, as before.
    if (jobLimit === undefined) {
      await providerSlot();
      requestOpened();
      sent = true;
    }
    let result: T;
    const labels = { provider: target.settings.name, model: target.model };
    started = performance.now();
    let ended: number | undefined;
    const elapsed = () => ((ended ?? performance.now()) - started) / 1000;
    try {
      result = await withoutKeyInErrors(target.settings, () => fn(callSignal, gate)).finally(() => {
        ended = performance.now();
        requestClosed?.();
        return releaseSlots();
      });
      recordModelRequest(labels, 'ok', elapsed(), usageOf(result));
    } catch (err) {
      recordModelRequest(labels, signal.aborted || target.stop?.aborted ? 'canceled' : errorCodeOf(err), elapsed());
      // Cancelled: the request's promise has settled, so the abort has closed the connection.
      if (signal.aborted) throw signal.reason ?? err;
      if (target.stop?.aborted) throw target.stop.reason ?? err;
      // Unusable output (OutputError) is the caller's to judge; anything else is not the provider's.
      if (!(err instanceof ProviderError)) throw err;
      throw await retryOrGiveUp(deps, target, err, log);
    }
    await clearCallRetry(db, target.jobId, target.callKey).catch((err) =>
      log.warn({ err: String(err) }, 'could not clear the retry state of a call'),
    );
    return result;
  } finally {
    clearInterval(timer);
    requestClosed?.();
    clearTimeout(deadlineTimer);
    await releaseSlots();
  }
}

/** Token usage of a model answer (extraction and page results carry `usage`). */
function usageOf(result: unknown): { prompt_tokens?: number; completion_tokens?: number } | null {
  const usage = result && typeof result === 'object' ? (result as { usage?: unknown }).usage : undefined;
  return usage && typeof usage === 'object' ? (usage as { prompt_tokens?: number; completion_tokens?: number }) : null;
}

/** A bounded label for a failed request: the provider's or output error code, else `error`. */
function errorCodeOf(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^[a-z_]{1,40}$/.test(code) ? code : 'error';
}

/** How long a request of a stopped job waits for its activity's cancellation before giving up. */
const STOPPED_JOB_WAIT_MS = 60_000;

/**
 * The job stopped (canceling or deleting) while this request waited for its slot: wait, heartbeating
 * (the caller's timer), for the activity's own cancellation, which is on its way, and never send.
 */
function stoppedJob(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => reject(new ProviderError('provider_unavailable', 'The job stopped while this request waited to be sent')), STOPPED_JOB_WAIT_MS);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });
}

/**
 * Wait, heartbeating (the caller's timer), until a slot of lease `name` is free; a cancellation
 * ends the wait. A release in this process ends one wait at once (src/storage/slot-waiters.ts);
 * other processes' releases are seen at the next poll.
 */
async function waitForSlot(
  deps: ResolvedActivityDeps,
  name: string,
  scope: 'job' | 'provider',
  limit: number,
  holder: string,
  signal: AbortSignal,
): Promise<number> {
  modelCallsWaitingForSlot.inc({ scope });
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      let slot: number | null = null;
      try {
        // Slots of attempts whose release failed while the database was away are freed first.
        await releaseLeftovers(deps.db);
        slot = await tryAcquireSlot(deps.db, name, limit, holder, SLOT_LEASE_MS);
      } catch (err) {
        // The database is away (restarting): keep waiting, so the request goes as soon as it answers
        // rather than after the activity's retry backoff. The attempt's deadline bounds the wait.
        if (!isPersistenceBusy(err)) throw err;
      }
      if (slot !== null) {
        modelSlotsInUse.inc({ scope });
        return slot;
      }
      await sleepUntilReleased(name, SLOT_POLL_MS / 2 + Math.random() * SLOT_POLL_MS, signal, currentWorkspaceId());
    }
  } finally {
    modelCallsWaitingForSlot.dec({ scope });
  }
}

/** The failure to throw for a provider error: retryable with our delay, or final. */
async function retryOrGiveUp(
  deps: ResolvedActivityDeps,
  target: ModelCallTarget,
  err: ProviderError,
  log: ResolvedActivityDeps['logger'],
): Promise<unknown> {
  const failure = classifyModelFailure(err);
  if (failure.kind === 'permanent') {
    await clearCallRetry(deps.db, target.jobId, target.callKey).catch(() => {});
    return toActivityFailure(err);
  }
  const now = new Date();
  let state;
  try {
    state = await recordCallFailure(deps.db, target.jobId, target.callKey, { code: err.code, message: err.message }, now);
  } catch (dbErr) {
    // The failure cannot be counted (the database is away too): retry on the policy's backoff.
    log.warn({ err: String(dbErr), code: err.code }, 'could not record a provider failure; retrying');
    return ApplicationFailure.create({ message: err.message, type: err.code });
  }
  const decision = decideRetry(failure, err.code, { ...state, firstFailedAt: state.firstFailedAt.getTime() }, now.getTime(), deps.config.providerRetry);
  if (!decision.retry) {
    log.warn({ code: err.code, attempts: state.attempt, reason: decision.reason }, 'model call failed for good');
    await clearCallRetry(deps.db, target.jobId, target.callKey).catch(() => {});
    return ApplicationFailure.create({ message: `${err.message} (${decision.reason})`, type: err.code, nonRetryable: true });
  }
  modelRequestRetries.inc({ provider: target.settings.name, model: target.model, error_code: err.code });
  const nextAt = new Date(now.getTime() + decision.delayMs);
  await setNextAttempt(deps.db, target.jobId, target.callKey, nextAt).catch(() => {});
  log.info({ code: err.code, attempts: state.attempt, delay_ms: decision.delayMs }, 'model call failed; retrying');
  return ApplicationFailure.create({ message: err.message, type: err.code, nextRetryDelay: decision.delayMs });
}
