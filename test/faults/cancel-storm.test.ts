import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, eventually, startStackWithProvider } from '../api/job-helpers.js';
import type { RecordedRequest, ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

// Issue 48 Deliver 2, "cancel storms as fast as one cancel": a canceled job reads `canceled` once
// its model requests have closed, recorded by the stopped request's own activity, not by the job's
// workflow after the activity's cancellation came back to it (with many cancels at once those
// settle steps queue behind each other on the worker: p50 15 s for 100). Asserted as an order, not
// a speed: the row's completed_at is before the server recorded the end of the job's model
// activity (the old settle step could only run after it). Canceled still means stopped: when a job
// first reads canceled, every request of it has closed at the provider; and no request arrives
// after a cancel's answer. The figure for 100 cancels is in bench/RESULTS.md (npm run bench:cancel).

const STORM = 20;
const SCHEMA = { type: 'object', properties: { n: { type: ['integer', 'null'] } }, required: ['n'], additionalProperties: false };

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: { SERVICE_EXTRACTION_WINDOW_PAGES: '1', SERVICE_EXTRACTION_WINDOW_CHARS: '100', SERVICE_PAGE_CONCURRENCY: '2' },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/storm', { display_name: 'Storm', instructions: 'Count.', model: 'storm-model', schema: SCHEMA });
  expect([200, 201]).toContain(put.status);
  provider.respondWith(() => ({ kind: 'stall' }));
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

const markerOf = (req: RecordedRequest) => /\b([SM]\d+)x\b/.exec(JSON.stringify(req.body.messages ?? []))?.[1];
const requestsOf = (marker: string) => provider.requests.filter((r) => markerOf(r) === marker);

/** When the server recorded the end (completed, canceled or failed) of each of the job's model activities, ms since the epoch. */
async function modelActivityEnds(jobId: string): Promise<number[]> {
  const history = await stack.temporal.workflow.getHandle(jobId).fetchHistory();
  return (history.events ?? [])
    .filter((e) => e.activityTaskCompletedEventAttributes || e.activityTaskCanceledEventAttributes || e.activityTaskFailedEventAttributes)
    .map((e) => Number(e.eventTime?.seconds ?? 0) * 1000 + (e.eventTime?.nanos ?? 0) / 1e6);
}

/** Poll GET until the job is terminal; at the first read of canceled, note whether the job's requests had all closed. */
async function untilEnded(jobId: string, marker: string): Promise<{ status: string; allClosed: boolean }> {
  return eventually(async () => {
    const status = (await call(base, 'GET', `/v1/extraction-jobs/${jobId}`)).body.status as string;
    if (!['canceled', 'completed', 'failed'].includes(status)) return undefined;
    return { status, allClosed: requestsOf(marker).every((r) => r.endedAt !== undefined) };
  }, 120_000);
}

describe('a storm of cancels', () => {
  it(`${STORM} jobs at the model canceled at once read canceled before their workflows settle them`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < STORM; i++) {
      const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'storm', text: `S${i}x one short document` });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    await eventually(async () => (ids.every((_, i) => requestsOf(`S${i}`).length === 1) ? true : undefined), 120_000);

    const answeredAt: number[] = [];
    await Promise.all(
      ids.map(async (id, i) => {
        const cancel = await call(base, 'POST', `/v1/extraction-jobs/${id}/cancel`);
        answeredAt[i] = Date.now();
        expect(cancel.status).toBe(200);
      }),
    );
    const ended = await Promise.all(ids.map((id, i) => untilEnded(id, `S${i}`)));
    expect(ended.map((e) => e.status)).toEqual(ids.map(() => 'canceled'));
    // Canceled means stopped: each job's request had closed when it first read canceled.
    expect(ended.filter((e) => !e.allClosed)).toEqual([]);
    expect(provider.requests.filter((r) => r.closedEarly).length).toBeGreaterThanOrEqual(STORM);
    // No request after a cancel's answer (one per job was sent, before the cancels).
    expect(ids.flatMap((_, i) => requestsOf(`S${i}`).filter((r) => r.arrivedAt > answeredAt[i]!))).toEqual([]);

    const late: string[] = [];
    for (const id of ids) {
      const row = await stack.db('extraction_jobs').where({ id }).first('status', 'completed_at');
      expect(row.status).toBe('canceled');
      // Wait for the run to close so its history is complete.
      await stack.temporal.workflow.getHandle(id).result().catch(() => undefined);
      const ends = await modelActivityEnds(id);
      expect(ends.length).toBe(1);
      // Recorded by the activity itself, before it returned: not by a settle step after it.
      if (new Date(row.completed_at).getTime() > ends[0]!) late.push(`${id}: canceled at ${new Date(row.completed_at).toISOString()}, activity ended ${new Date(ends[0]!).toISOString()}`);
    }
    expect(late).toEqual([]);
  }, 600_000);

  it('a job with several requests open reads canceled only once all of them have closed', async () => {
    const marker = 'M1';
    const text = Array.from({ length: 6 }, (_, p) => `${marker}x paragraph ${p} ${'words '.repeat(12)}`).join('\n\n');
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'storm', text });
    expect(created.status).toBe(201);
    // Two windows at the model (page concurrency 2), the others waiting for a slot.
    await eventually(async () => (requestsOf(marker).length >= 2 ? true : undefined), 60_000);
    const cancel = await call(base, 'POST', `/v1/extraction-jobs/${created.body.id}/cancel`);
    const answeredAt = Date.now();
    expect(cancel.status).toBe(200);
    const ended = await untilEnded(created.body.id, marker);
    expect(ended).toEqual({ status: 'canceled', allClosed: true });
    expect(requestsOf(marker).filter((r) => r.arrivedAt > answeredAt)).toEqual([]);
  }, 120_000);
});
