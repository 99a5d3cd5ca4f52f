import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, pollJob, startStackWithProvider } from '../api/job-helpers.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack, type WorkerProcess } from '../harness/stack.js';

// configuration.max_concurrent_requests holds across worker processes: two workers, a limit of 2,
// 20 jobs at once, and the provider never sees more than 2 requests open.

const SCHEMA = { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false };

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ worker: false }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/providers/compatible_api', { base_url: provider.baseUrl, configuration: { max_concurrent_requests: 2 } });
  expect(put.status).toBe(200);
  expect((await call(base, 'PUT', '/v1/extractors/limited', { display_name: 'Limited', instructions: 'x', model: 'm', schema: SCHEMA })).status).toBe(201);
  workers.push(await stack.startWorkerProcess(), await stack.startWorkerProcess());
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await stack?.close();
  await provider?.close();
});

describe('provider concurrency limit across workers', () => {
  it('20 jobs on two worker processes never have more than 2 requests open at the provider', async () => {
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 't' }), delayMs: 400 }));
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'limited', text: `Title: ${i}` });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    // While jobs wait for a slot they are running, not failed or queued forever.
    const waiting = await call(base, 'GET', `/v1/extraction-jobs?status=running&limit=100`);
    expect(waiting.status).toBe(200);
    for (const id of ids) {
      const seen = await pollJob(base, `/v1/extraction-jobs/${id}`, undefined, 180_000);
      expect(seen[seen.length - 1].status).toBe('completed');
    }
    expect(provider.requests).toHaveLength(20);
    expect(provider.openRequests().max).toBe(2);
    // Both worker processes took part.
    const logs = workers.map((w) => w.output());
    expect(logs.every((l) => l.includes('extraction completed'))).toBe(true);
  }, 240_000);

  it('a job waiting for a slot can be canceled', async () => {
    provider.reset();
    provider.respondWith(() => ({ kind: 'stall' }));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'limited', text: `Title: w${i}` })).body.id);
    await provider.waitForRequests(2, 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(provider.requests).toHaveLength(2); // the third waits for a slot
    const waitingId = ids.find((id) => !provider.requests.some((r) => JSON.stringify(r.body).includes(`w${ids.indexOf(id)}`)))!;
    expect((await call(base, 'GET', `/v1/extraction-jobs/${waitingId}`)).body.status).toBe('running');
    // The waiting job first, and to the end: canceling a job that holds a slot frees it, and the
    // waiting job would take it if its own cancel had not landed yet.
    await call(base, 'POST', `/v1/extraction-jobs/${waitingId}/cancel`);
    const waited = await pollJob(base, `/v1/extraction-jobs/${waitingId}`, undefined, 60_000);
    expect(waited[waited.length - 1].status).toBe('canceled');
    for (const id of ids.filter((id) => id !== waitingId)) await call(base, 'POST', `/v1/extraction-jobs/${id}/cancel`);
    for (const id of ids) {
      const seen = await pollJob(base, `/v1/extraction-jobs/${id}`, undefined, 60_000);
      expect(seen[seen.length - 1].status).toBe('canceled');
    }
    expect(provider.requests.every((r) => r.closedEarly)).toBe(true);
    expect(provider.requests).toHaveLength(2);
  }, 120_000);
});
