import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { freePort } from '../../src/runtime/ports.js';
import { makePdf } from '../fixtures/documents.js';
import { call, pointCompatibleProviderAt, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { type ScriptedProvider, type Step } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';

// A model provider that cannot be reached: each job retries with backoff up to the configured
// attempts, then fails with the stable code provider_unavailable; a provider that comes back
// before the attempts run out lets the job complete.

const MAX_ATTEMPTS = 3;
const INITIAL_MS = 150;
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
      SERVICE_PROVIDER_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      SERVICE_PROVIDER_INITIAL_INTERVAL_MS: String(INITIAL_MS),
      SERVICE_PROVIDER_MAX_INTERVAL_MS: '1000',
      SERVICE_PAGE_CONCURRENCY: '1',
    },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/unreachable', {
    display_name: 'Unreachable',
    instructions: 'Extract the title.',
    model: 'some-model',
    schema: SCHEMA,
  });
  expect(put.status).toBe(201);
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(async () => {
  provider.reset();
  await pointCompatibleProviderAt(base, provider.baseUrl);
});


async function runExtraction(): Promise<any> {
  const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'unreachable', text: 'Title: X' });
  expect(created.status).toBe(201);
  const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 30_000);
  return seen[seen.length - 1];
}

const content = (title: string): Step => ({ kind: 'content', content: JSON.stringify({ title }) });

/** Gaps between consecutive requests, in ms. */
const gaps = () => provider.requests.slice(1).map((r, i) => r.receivedAt - provider.requests[i]!.receivedAt);

describe('provider unreachable', () => {
  it('connections cut by the provider: retried with backoff, then failed with provider_unavailable', async () => {
    provider.respondWith(() => ({ kind: 'reset' }));
    const job = await runExtraction();
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('provider_unavailable');
    expect(job.result).toBeNull();
    expect(provider.requests).toHaveLength(MAX_ATTEMPTS);
    // Backoff: the first retry waits about the initial interval, the next about twice that.
    const [first, second] = gaps();
    expect(first).toBeGreaterThanOrEqual(INITIAL_MS * 0.8);
    expect(second).toBeGreaterThanOrEqual(INITIAL_MS * 2 * 0.8);
  });

  it('nothing listening on the provider port: failed with provider_unavailable after the attempts', async () => {
    await pointCompatibleProviderAt(base, `http://127.0.0.1:${await freePort()}/v1`);
    const started = Date.now();
    const job = await runExtraction();
    expect(job.status).toBe('failed');
    expect(job.error).toEqual({ code: 'provider_unavailable', message: expect.stringContaining('reach the provider') });
    // Two backoff waits at least (150 + 300 ms) before giving up.
    expect(Date.now() - started).toBeGreaterThanOrEqual(INITIAL_MS * 3 * 0.8);
  });

  it('HTTP 503 on every attempt: failed with provider_unavailable', async () => {
    provider.respondWith(() => ({ kind: 'error', status: 503 }));
    const job = await runExtraction();
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('provider_unavailable');
    expect(provider.requests).toHaveLength(MAX_ATTEMPTS);
  });

  it('a provider that recovers before the attempts run out lets the job complete', async () => {
    provider.enqueue({ kind: 'reset' }, { kind: 'error', status: 502 }, content('Recovered'));
    const job = await runExtraction();
    expect(job.status).toBe('completed');
    expect(job.result.data).toEqual({ title: 'Recovered' });
    expect(provider.requests).toHaveLength(3);
  });

  it('a parse job whose provider cuts one page off for good fails with provider_unavailable; a recovering one completes', async () => {
    const pdf = makePdf(['one', 'two']);
    const file = await upload(base, pdf, 'two.pdf', 'application/pdf');
    expect(file.status).toBe(201);

    provider.respondWith(() => ({ kind: 'reset' }));
    const failing = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    expect(failing.status).toBe(201);
    let seen = await pollJob(base, `/v1/parse-jobs/${failing.body.id}`, undefined, 30_000);
    expect(seen[seen.length - 1].status).toBe('failed');
    expect(seen[seen.length - 1].error.code).toBe('provider_unavailable');
    // A page exhausted its attempts. Page 2's activity runs ahead (a spare lane): it takes the one
    // model slot while page 1 waits to retry, so it may have been asked too, never at the same time.
    expect(provider.requests.length).toBeGreaterThanOrEqual(MAX_ATTEMPTS);
    expect(provider.requests.length).toBeLessThanOrEqual(2 * MAX_ATTEMPTS);
    expect(provider.openRequests().max).toBe(1);

    provider.reset();
    provider.enqueue({ kind: 'reset' }, content('p1'), { kind: 'error', status: 500 }, content('p2'));
    const recovering = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    seen = await pollJob(base, `/v1/parse-jobs/${recovering.body.id}`, undefined, 30_000);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('completed');
    expect(job.result.page_count).toBe(2);
    expect(provider.requests).toHaveLength(4);
  });
});
