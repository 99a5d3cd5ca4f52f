import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { WorkflowFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure as Failure, CancelledFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import { connectTemporalClient } from '../../src/temporal/client.js';
import type { JobWorkflowInput } from '../../workflows/types.js';
import { readHarnessInfo } from '../harness/harness-info.js';

// The job workflows with mocked activities: no Postgres, no provider, no API, millisecond
// retries. (Temporal's time-skipping test server is a separate download that this machine cannot
// fetch; the run's own dev server is used, with intervals short enough not to need skipping.)

let client: Client;
let connection: NativeConnection;
const harness = () => readHarnessInfo();

beforeAll(async () => {
  client = await connectTemporalClient(harness().temporalAddress, harness().temporalNamespace);
  connection = await NativeConnection.connect({ address: harness().temporalAddress });
});

afterAll(async () => {
  await connection?.close();
  await client?.connection.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const input = (jobId: string): JobWorkflowInput => ({
  jobId,
  retry: { initialIntervalMs: 10, maxIntervalMs: 50, timeoutMs: 60_000, windowMs: 60_000 },
  pageConcurrency: 2,
});

/** Heartbeat until cancelled; then take `closeMs` to "close the request", note it, and rethrow. */
async function blockUntilCancelled(events: string[], label: string, closeMs: number): Promise<never> {
  const ctx = Context.current();
  const timer = setInterval(() => ctx.heartbeat(), 100);
  try {
    await ctx.cancelled;
    throw new Error('unreachable');
  } catch (err) {
    await sleep(closeMs);
    events.push(`${label} closed`);
    throw err;
  } finally {
    clearInterval(timer);
  }
}

/**
 * How a run ended, as the Web UI shows it: 'completed' (its result), 'canceled', or
 * 'failed <failure type>' (a failed job's run fails with the job's error code).
 */
function runOutcome(err: unknown): string {
  if (err instanceof WorkflowFailedError && err.cause instanceof CancelledFailure) return 'canceled';
  if (err instanceof WorkflowFailedError && err.cause instanceof Failure) return `failed ${err.cause.type} nonRetryable=${err.cause.nonRetryable}`;
  throw err;
}

/** Run a parse workflow against a worker with these activities; returns how the run ended (runOutcome). */
async function runParse(
  activities: Record<string, (...args: any[]) => Promise<unknown>>,
  during?: (handle: Awaited<ReturnType<Client['workflow']['start']>>) => Promise<void>,
  after?: (handle: Awaited<ReturnType<Client['workflow']['start']>>) => Promise<void>,
): Promise<string> {
  const taskQueue = `mocked-${randomUUID()}`;
  const worker = await Worker.create({
    connection,
    namespace: harness().temporalNamespace,
    taskQueue,
    workflowBundle: { codePath: harness().workflowBundlePath },
    activities,
    maxHeartbeatThrottleInterval: '100 milliseconds',
    defaultHeartbeatThrottleInterval: '100 milliseconds',
  });
  return worker.runUntil(async () => {
    const jobId = `pjob_mock_${randomUUID()}`;
    const handle = await client.workflow.start('parseJobWorkflow', { workflowId: jobId, taskQueue, args: [input(jobId)] });
    if (during) await during(handle);
    const result = await handle.result().then((r) => r as string, runOutcome);
    if (after) await after(handle);
    return result;
  });
}

const bookkeeping = (events: string[]) => ({
  claimJob: async () => 'recorded',
  planParseJob: async () => ({ pagesTotal: 2, pendingPages: [1, 2] }),
  completeParseJob: async () => {
    events.push('completed');
    return 'recorded';
  },
  failJob: async (_kind: string, _id: string, error: { code: string }) => {
    events.push(`failed ${error.code}`);
    return 'recorded';
  },
  settleStoppedJob: async () => {
    events.push('settled');
    return 'canceled';
  },
  // The ended job's webhook plan: no endpoints subscribed here.
  planJobWebhooks: async () => ({ endpointIds: [], messageId: 'msg_mock', eventType: 'parse_job.completed', retry: { retryHours: 1, initialIntervalMs: 10, maxIntervalMs: 50 } }),
});

describe('the parse workflow with mocked activities', () => {
  it('runs spare page activities beyond the page concurrency and tells each the job\'s model slots', async () => {
    const events: string[] = [];
    let inFlight = 0;
    let most = 0;
    const slotsSeen = new Set<unknown>();
    const result = await runParse({
      ...bookkeeping(events),
      planParseJob: async () => ({ pagesTotal: 6, pendingPages: [1, 2, 3, 4, 5, 6] }),
      transcribePage: async (_id: string, _page: number, modelSlots?: number) => {
        slotsSeen.add(modelSlots);
        most = Math.max(most, ++inFlight);
        await sleep(300);
        inFlight -= 1;
      },
    });
    expect(result).toBe('completed');
    // pageConcurrency 2: two model slots, one spare activity preparing the next request.
    expect(slotsSeen).toEqual(new Set([2]));
    expect(most).toBe(3);
  }, 60_000);

  it('a cancel settles the job only after every in-flight page has acknowledged it', async () => {
    const events: string[] = [];
    let started = 0;
    const result = await runParse(
      {
        ...bookkeeping(events),
        transcribePage: async (_id: string, page: number) => {
          started += 1;
          // Page 2 takes longer to close its request: settle must still wait for it.
          return blockUntilCancelled(events, `page ${page}`, page === 2 ? 1500 : 100);
        },
      },
      async (handle) => {
        while (started < 2) await sleep(20);
        await handle.cancel();
      },
    );
    expect(result).toBe('canceled');
    expect(events).toEqual(['page 1 closed', 'page 2 closed', 'settled']);
  }, 60_000);

  it('retries a transient provider failure on the delay the activity asks for, and completes', async () => {
    const events: string[] = [];
    const attempts = new Map<number, number>();
    const result = await runParse({
      ...bookkeeping(events),
      transcribePage: async (_id: string, page: number) => {
        const n = (attempts.get(page) ?? 0) + 1;
        attempts.set(page, n);
        if (page === 1 && n <= 3) throw ApplicationFailure.create({ type: 'provider_unavailable', message: 'down', nextRetryDelay: 20 });
      },
    });
    expect(result).toBe('completed');
    expect(attempts.get(1)).toBe(4);
    expect(events).toEqual(['completed']);
  }, 60_000);

  it('retries database errors with no attempt limit (they never fail the job)', async () => {
    const events: string[] = [];
    let calls = 0;
    const result = await runParse({
      ...bookkeeping(events),
      transcribePage: async (_id: string, page: number) => {
        if (page === 1 && ++calls <= 8) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
    });
    expect(result).toBe('completed');
    expect(calls).toBe(9);
  }, 60_000);

  it('a permanent failure fails the job once the other in-flight page has stopped', async () => {
    const events: string[] = [];
    const result = await runParse({
      ...bookkeeping(events),
      transcribePage: async (_id: string, page: number) => {
        if (page === 1) {
          await sleep(300);
          throw ApplicationFailure.create({ type: 'provider_auth_failed', message: 'HTTP 401', nonRetryable: true });
        }
        return blockUntilCancelled(events, `page ${page}`, 800);
      },
    });
    // The job's failure is recorded first; then the run fails with the job's code, not retried.
    expect(result).toBe('failed provider_auth_failed nonRetryable=true');
    expect(events).toEqual(['page 2 closed', 'failed provider_auth_failed']);
  }, 60_000);
});

describe('webhook deliveries with mocked activities', () => {
  it("the job's run closes once its delivery workflow has started; the deliveries go on in that workflow", async () => {
    const events: string[] = [];
    let receiverUp = false;
    const attempts: string[] = [];
    let planCalls: unknown[][] = [];
    let childId = '';
    const result = await runParse(
      {
        ...bookkeeping(events),
        transcribePage: async () => undefined,
        planJobWebhooks: async (...args: unknown[]) => {
          planCalls.push(args);
          return { endpointIds: ['whep_a', 'whep_b'], messageId: 'msg_mock_run', eventType: 'parse_job.completed', retry: { retryHours: 1, initialIntervalMs: 20, maxIntervalMs: 50 } };
        },
        deliverWebhook: async (endpointId: string, messageId: string, ...rest: unknown[]) => {
          // Ids only: the event's body is read from Postgres by the activity, never passed in.
          expect(rest).toEqual(['parse_job.completed', expect.stringMatching(/^pjob_mock_/)]);
          attempts.push(`${endpointId} ${messageId} ${Context.current().info.workflowExecution?.workflowId}`);
          if (!receiverUp) throw ApplicationFailure.retryable('connect ECONNREFUSED', 'webhook_delivery_failed');
          return 'delivered';
        },
      },
      undefined,
      async (handle) => {
        // The job's run is closed while every delivery is still failing.
        const desc = await handle.describe();
        expect(desc.status.name).toBe('COMPLETED');
        childId = `${handle.workflowId}-webhooks-${desc.runId}`;
        const child = client.workflow.getHandle(childId);
        expect((await child.describe()).status.name).toBe('RUNNING');
        while (attempts.length < 4) await sleep(20);
        receiverUp = true;
        expect(await child.result()).toEqual({ whep_a: 'delivered', whep_b: 'delivered' });
      },
    );
    expect(result).toBe('completed');
    expect(events).toEqual(['completed']);
    // Planned once, locally, with the run's id (the webhook-id is one per run's event).
    expect(planCalls).toHaveLength(1);
    expect(planCalls[0]!.slice(0, 2)).toEqual(['parse', expect.stringMatching(/^pjob_mock_/)]);
    expect(planCalls[0]![2]).toEqual(expect.any(String));
    // Every attempt ran in the delivery workflow with the same webhook-id.
    expect(new Set(attempts.map((a) => a.split(' ').slice(1).join(' ')))).toEqual(new Set([`msg_mock_run ${childId}`]));
    planCalls = [];
  }, 60_000);

  it('no delivery workflow when nobody is subscribed', async () => {
    const events: string[] = [];
    const result = await runParse({ ...bookkeeping(events), transcribePage: async () => undefined }, undefined, async (handle) => {
      const desc = await handle.describe();
      await expect(client.workflow.getHandle(`${handle.workflowId}-webhooks-${desc.runId}`).describe()).rejects.toThrow();
      // Planned as a local activity (a marker), no activity task and no child.
      const history = (await handle.fetchHistory()).events ?? [];
      expect(history.filter((e) => e.startChildWorkflowExecutionInitiatedEventAttributes)).toEqual([]);
      expect(history.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'planJobWebhooks')).toEqual([]);
      expect(history.some((e) => JSON.stringify(e.markerRecordedEventAttributes?.details ?? {}).length > 2)).toBe(true);
      // Every page's activity says which page it is in the Web UI.
      const summaries = history
        .filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'transcribePage')
        .map((e) => JSON.parse(Buffer.from(e.userMetadata!.summary!.data!).toString('utf8')));
      expect(summaries.sort()).toEqual(['page 1', 'page 2']);
      // Started without search attributes (as on a server that lacks them): the run never upserts
      // them (the SDK's own TemporalChangeVersion, which records the version marker, aside).
      const upserted = history.flatMap((e) => Object.keys(e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields ?? {}));
      expect(upserted.filter((name) => name !== 'TemporalChangeVersion')).toEqual([]);
    });
    expect(result).toBe('completed');
  }, 60_000);
});
