import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, eventually, startStackWithProvider } from '../api/job-helpers.js';
import type { RecordedRequest, ScriptedProvider } from '../harness/scripted-provider.js';
import { soakOr } from '../harness/soak.js';
import type { TestStack } from '../harness/stack.js';

// Issue 38 Deliver 6, "cancel means no new request": once a cancel or delete is answered, no model
// request starts for the job or batch (one already being sent may arrive within 100 ms, plus however
// long this process's event loop, which the scripted provider shares, was blocked meanwhile). Every
// request's arrival at the scripted provider is compared with the time the cancel's answer was
// read. Jobs are cut into six windows (two at the model, spare lanes rendering ahead); batches run
// eight items at once, so both the spare lanes and the batch's slice have work to start. `npm test`
// cancels 20 jobs and stops 6 batches (4 canceled, 2 deleted); `npm run test:soak` 50 and 10, as
// before issue 49: more chances for a late request to show.

const SLACK_MS = 100;
const JOBS = soakOr(20, 50);
const BATCHES = soakOr(6, 10);
const SCHEMA = { type: 'object', properties: { n: { type: ['integer', 'null'] } }, required: ['n'], additionalProperties: false };

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    batches: true,
    env: { SERVICE_EXTRACTION_WINDOW_PAGES: '1', SERVICE_EXTRACTION_WINDOW_CHARS: '100', SERVICE_PAGE_CONCURRENCY: '2', SERVICE_BATCH_SLICE_MS: '2000' },
  }));
  base = stack.url;
  expect((await call(base, 'PUT', '/v1/extractors/stop', { display_name: 'Stop', instructions: 'Count.', model: 'stop-model', schema: SCHEMA })).status).toBe(201);
  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ n: 1 }), delayMs: 150 }));
  watchEventLoop();
}, 120_000);

afterAll(async () => {
  clearInterval(loopTimer);
  await stack?.close();
  await provider?.close();
});

/** The marker of the job or batch a request belongs to (`J12`, `B3`), from its user message. */
function markerOf(req: RecordedRequest): string | undefined {
  return /\b([JB]\d+)x\b/.exec(JSON.stringify(req.body.messages ?? []))?.[1];
}
const requestsOf = (marker: string) => provider.requests.filter((r) => markerOf(r) === marker);

/** Six paragraphs of ~90 characters: six text pages, one window each. */
const longText = (marker: string) => Array.from({ length: 6 }, (_, p) => `${marker}x paragraph ${p} ${'words '.repeat(12)}`).join('\n\n');

/**
 * The scripted provider shares this process's event loop with the API and the worker, so a request
 * already being sent is stamped late by however long the loop was blocked (on a loaded machine, more
 * than SLACK_MS now and then: one arrived 127 ms after the answer in a full run). A 10 ms timer
 * records how late each of its ticks ran; a request is late only beyond SLACK_MS plus the longest
 * such block between the answer and its arrival.
 */
const loopTicks: Array<{ at: number; lagMs: number }> = [];
let loopTimer: NodeJS.Timeout | undefined;
function watchEventLoop(): void {
  let expected = Date.now() + 10;
  loopTimer = setInterval(() => {
    const now = Date.now();
    loopTicks.push({ at: now, lagMs: Math.max(0, now - expected) });
    expected = now + 10;
  }, 10);
}
const loopBlockedMs = (from: number, to: number) =>
  Math.max(0, ...loopTicks.filter((t) => t.at >= from && t.at - t.lagMs <= to).map((t) => t.lagMs));

/** Requests that arrived more than SLACK_MS (plus the event loop's block) after the stop was answered. */
function lateRequests(marker: string, answeredAt: number): number[] {
  return requestsOf(marker)
    .map((r) => r.arrivedAt - answeredAt)
    .filter((d) => d > SLACK_MS + loopBlockedMs(answeredAt, answeredAt + d));
}

describe('no model request starts after a cancel or delete was answered', () => {
  it(`${JOBS} running jobs canceled mid-document`, async () => {
    const late: Record<string, number[]> = {};
    const one = async (i: number) => {
      const marker = `J${i}`;
      const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'stop', text: longText(marker) });
      expect(created.status).toBe(201);
      await eventually(async () => (requestsOf(marker).length > 0 ? true : undefined), 60_000);
      await new Promise((r) => setTimeout(r, (i * 37) % 250));
      const cancel = await call(base, 'POST', `/v1/extraction-jobs/${created.body.id}/cancel`);
      const answeredAt = Date.now();
      expect(cancel.status).toBe(200);
      const ended = await eventually(async () => {
        const s = (await call(base, 'GET', `/v1/extraction-jobs/${created.body.id}`)).body.status;
        return ['canceled', 'completed', 'failed'].includes(s) ? s : undefined;
      }, 60_000);
      // Give a straggler every chance to show up before judging.
      await new Promise((r) => setTimeout(r, 500));
      const found = lateRequests(marker, answeredAt);
      if (found.length > 0) late[marker] = found;
      return ended;
    };
    const outcomes: string[] = [];
    for (let i = 0; i < JOBS; i += 10) outcomes.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => one(i + k)))));
    expect(late).toEqual({});
    // The cancels did meet running jobs: most of them ended canceled, not completed.
    expect(outcomes.filter((s) => s === 'canceled').length).toBeGreaterThan(JOBS / 2);
  }, 600_000);

  it(`${BATCHES} running batches canceled or deleted`, async () => {
    const late: Record<string, number[]> = {};
    for (let b = 0; b < BATCHES; b++) {
      const marker = `B${b}`;
      const inputs = Array.from({ length: 40 }, (_, i) => ({ custom_id: `c${i}`, text: `${marker}x item ${i}` }));
      const created = await call(base, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'stop', inputs, concurrency: 8 });
      expect(created.status).toBe(201);
      const id = created.body.id;
      await eventually(async () => (requestsOf(marker).length >= 8 + b ? true : undefined), 60_000);
      const del = b % 3 === 2;
      const stop = del ? await call(base, 'DELETE', `/v1/batches/${id}`) : await call(base, 'POST', `/v1/batches/${id}/cancel`);
      const answeredAt = Date.now();
      expect(del ? [202, 204] : [200]).toContain(stop.status);
      await eventually(async () => {
        const r = await call(base, 'GET', `/v1/batches/${id}`);
        return (del ? r.status === 404 : r.body.status === 'canceled') ? true : undefined;
      }, 60_000);
      await new Promise((r) => setTimeout(r, 500));
      const found = lateRequests(marker, answeredAt);
      if (found.length > 0) late[marker] = found;
      // Not all 40 items were asked: the stop met a running batch.
      expect(requestsOf(marker).length).toBeLessThan(40);
    }
    expect(late).toEqual({});
  }, 600_000);
});
