import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { call, eventually, pointCompatibleProviderAt, pollJob, startStackWithProvider } from '../api/job-helpers.js';
import { type ScriptedProvider, type Step } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';

// Model streams that would hang a job (issue 30): a stream that sends its headers and then
// nothing, one that trickles for ever, and one that never ends. Each attempt is bounded: the
// silent one by SERVICE_PROVIDER_IDLE_TIMEOUT_MS, the trickling one by SERVICE_PROVIDER_TIMEOUT_MS
// (both a transient provider_timeout, shown in the job's `retry`, counted in the retry metric and
// ending the job when the retry window is spent), the endless one by the request's token budget
// (read as a length stop: output_truncated).

const IDLE_MS = 1_000;
const TIMEOUT_MS = 6_000;
const WINDOW_S = 25;
const SCHEMA = {
  type: 'object',
  properties: { title: { type: ['string', 'null'] } },
  required: ['title'],
  additionalProperties: false,
};

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: {
      SERVICE_PROVIDER_IDLE_TIMEOUT_MS: String(IDLE_MS),
      SERVICE_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
      SERVICE_PROVIDER_RETRY_WINDOW_S: String(WINDOW_S),
      SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '300',
      SERVICE_PROVIDER_MAX_INTERVAL_MS: '2000',
      SERVICE_EXTRACTION_MAX_TOKENS: '512',
      SERVICE_PAGE_CONCURRENCY: '1',
    },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/bounded', {
    display_name: 'Bounded',
    instructions: 'Extract the title.',
    model: 'some-model',
    schema: SCHEMA,
  });
  expect(put.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(async () => {
  provider.reset();
  await pointCompatibleProviderAt(base, provider.baseUrl);
});

async function createJob(): Promise<string> {
  const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'bounded', text: 'Title: Bounded' });
  expect(created.status).toBe(201);
  return created.body.id;
}

const answer: Step = { kind: 'content', content: JSON.stringify({ title: 'Bounded' }) };

async function retriesCounted(code: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('docextract_model_request_retries_total{') && l.includes(`error_code="${code}"`))
    .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
}

describe('a model stream that stalls', () => {
  it('is aborted after the idle limit, shown as retry provider_timeout, and the job completes when the model answers again', async () => {
    const countedBefore = await retriesCounted('provider_timeout');
    let stalled = true;
    provider.respondWith(() => (stalled ? { kind: 'stall', content: '{"ti' } : answer));
    const id = await createJob();
    const startedAt = Date.now();
    const retry = await eventually(async () => {
      const job = (await call(base, 'GET', `/v1/extraction-jobs/${id}`)).body;
      return job.retry?.last_error_code === 'provider_timeout' ? job.retry : undefined;
    }, 90_000);
    expect(Date.now() - startedAt).toBeLessThan(90_000);
    expect(retry.last_error_message).toContain('sent nothing');
    // The stalled request was closed by the worker, not left open.
    await eventually(async () => (provider.requests[0]?.closedEarly ? true : undefined), 10_000);
    expect(await retriesCounted('provider_timeout')).toBeGreaterThan(countedBefore);

    stalled = false;
    const final = (await pollJob(base, `/v1/extraction-jobs/${id}`, undefined, 60_000)).at(-1);
    expect(final.status).toBe('completed');
    expect(final.result.data).toEqual({ title: 'Bounded' });
    expect(final.retry).toBeNull();
  }, 180_000);

  it('still stalled when the retry window ends: the job fails provider_timeout', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const id = await createJob();
    const final = (await pollJob(base, `/v1/extraction-jobs/${id}`, undefined, (WINDOW_S + 90) * 1000)).at(-1);
    expect(final.status).toBe('failed');
    expect(final.error.code).toBe('provider_timeout');
    // Several attempts, each cut at the idle limit, over the window.
    expect(provider.requests.length).toBeGreaterThanOrEqual(3);
    expect(provider.requests.every((r) => r.closedEarly)).toBe(true);
  }, 240_000);

  it('a stream that trickles past SERVICE_PROVIDER_TIMEOUT_MS is ended at that limit as provider_timeout', async () => {
    let trickling = true;
    provider.respondWith(() => (trickling ? { kind: 'endless', piece: '', chunkDelayMs: 300 } : answer));
    const id = await createJob();
    const retry = await eventually(async () => {
      const job = (await call(base, 'GET', `/v1/extraction-jobs/${id}`)).body;
      return job.retry?.last_error_code === 'provider_timeout' ? job.retry : undefined;
    }, 90_000);
    expect(retry.last_error_message).toContain('SERVICE_PROVIDER_TIMEOUT_MS');
    const first = provider.requests[0]!;
    await eventually(async () => (first.endedAt ? true : undefined), 10_000);
    // Ended by the attempt's deadline (give or take scheduling), not by Temporal minutes later.
    expect(first.endedAt! - first.arrivedAt).toBeLessThan(TIMEOUT_MS + 5_000);
    trickling = false;
    const final = (await pollJob(base, `/v1/extraction-jobs/${id}`, undefined, 60_000)).at(-1);
    expect(final.status).toBe('completed');
  }, 180_000);
});

describe('a model stream that never ends', () => {
  it('is cut off at the token budget: the attempt ends in seconds, the job fails output_truncated, memory stays flat', async () => {
    provider.respondWith(() => ({ kind: 'endless' }));
    const rssBefore = process.memoryUsage().rss;
    let rssMax = rssBefore;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 50);
    const startedAt = Date.now();
    try {
      const id = await createJob();
      const final = (await pollJob(base, `/v1/extraction-jobs/${id}`, undefined, 60_000)).at(-1);
      expect(final.status).toBe('failed');
      expect(final.error.code).toBe('output_truncated');
    } finally {
      clearInterval(sampler);
    }
    expect(Date.now() - startedAt).toBeLessThan(60_000);
    // Every request was closed by the worker after a bounded read: 512 tokens allow ~8,000
    // characters (~130 chunks of 64), plus what was in flight in the socket buffers.
    expect(provider.requests.length).toBeGreaterThanOrEqual(1);
    await eventually(async () => (provider.requests.every((r) => r.closedEarly) ? true : undefined), 10_000);
    for (const r of provider.requests) {
      expect(r.chunksSent).toBeLessThan(20_000);
      // The attempt ended at the budget, in seconds, not at a time limit.
      expect(r.endedAt! - r.arrivedAt).toBeLessThan(10_000);
    }
    expect(rssMax - rssBefore).toBeLessThan(150 * 1024 * 1024);
  }, 120_000);
});
