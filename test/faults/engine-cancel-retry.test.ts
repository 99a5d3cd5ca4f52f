import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { renderPage } from '../../src/documents/index.js';
import { makePdf } from '../fixtures/documents.js';
import { call, documentImages, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { type RecordedRequest, type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';

// The 0.4 engine through the real API: canceled means stopped (the provider has seen the request
// closed before the job reads canceled, or disappears after a delete), Retry-After sets the next
// attempt's delay, the job's `retry` field while it waits, and POST …/retry of a failed job.

const SCHEMA = { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false };

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: { SERVICE_PAGE_CONCURRENCY: '1', SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '200', SERVICE_PROVIDER_MAX_INTERVAL_MS: '500', SERVICE_PROVIDER_RETRY_WINDOW_S: '60' },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/engine', { display_name: 'Engine', instructions: 'Extract the title.', model: 'm', schema: SCHEMA });
  // 200 where an earlier file on this Jest worker's database defined it already.
  expect([200, 201]).toContain(put.status);
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('canceled means stopped', () => {
  it('an extraction reads canceled only after the provider saw its request closed, within 2 s of the cancel', async () => {
    provider.enqueue({ kind: 'stall' });
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'engine', text: 'Title: stop' });
    const [request] = await provider.waitForRequests(1, 30_000);
    await sleep(300); // the request is open at the provider
    const requestedAt = Date.now();
    const cancel = await call(base, 'POST', `/v1/extraction-jobs/${created.body.id}/cancel`);
    // The cancellation is with Temporal once the API has answered; from there it must reach the request.
    const cancelAt = Date.now();
    expect(cancel.status).toBe(200);
    expect(['canceling', 'canceled']).toContain(cancel.body.status);
    for (;;) {
      const r = await call(base, 'GET', `/v1/extraction-jobs/${created.body.id}`);
      if (r.body.status === 'canceled') {
        // The first read of canceled: the connection is already closed at the provider.
        expect(request!.closedEarly).toBe(true);
        break;
      }
      expect(r.body.status).toBe('canceling');
      await sleep(20);
    }
    // eslint-disable-next-line no-console
    console.info(`cancel: API answered in ${cancelAt - requestedAt} ms; request closed ${request!.endedAt! - cancelAt} ms after that`);
    expect(request!.endedAt! - cancelAt).toBeLessThan(2000);
  }, 60_000);

  it('a deleted running parse disappears only after its open request was closed', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const file = await upload(base, makePdf(['one', 'two']), 'two.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    const [request] = await provider.waitForRequests(1, 30_000);
    const del = await call(base, 'DELETE', `/v1/parse-jobs/${created.body.id}`);
    expect([202, 204]).toContain(del.status);
    for (;;) {
      const r = await call(base, 'GET', `/v1/parse-jobs/${created.body.id}`);
      if (r.status === 404) {
        expect(request!.closedEarly).toBe(true);
        break;
      }
      expect(r.body.status).toBe('deleting');
      await sleep(20);
    }
  }, 60_000);
});

describe('provider limits and retries by time', () => {
  it('a 429 with Retry-After: 3 delays the next attempt by at least 3 s, and the job says it is retrying', async () => {
    provider.enqueue(
      { kind: 'error', status: 429, headers: { 'retry-after': '3' } },
      { kind: 'content', content: JSON.stringify({ title: 'later' }) },
    );
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'engine', text: 'Title: later' });
    const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 60_000);
    expect(seen[seen.length - 1].status).toBe('completed');
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[1]!.receivedAt - provider.requests[0]!.receivedAt).toBeGreaterThanOrEqual(3000);
    const retrying = seen.find((j) => j.retry !== null);
    expect(retrying?.retry).toEqual({
      attempt: 1,
      last_error_code: 'provider_rate_limited',
      last_error_message: expect.stringContaining('429'),
      next_attempt_at: expect.any(String),
    });
    expect(seen[seen.length - 1].retry).toBeNull();
  }, 90_000);

  it('a permanent failure (401) fails at once, without retries', async () => {
    provider.respondWith(() => ({ kind: 'error', status: 401 }));
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'engine', text: 'Title: no' });
    const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 60_000);
    expect(seen[seen.length - 1].error.code).toBe('provider_auth_failed');
    expect(provider.requests).toHaveLength(1);
  }, 60_000);

  it('max_concurrent_requests must be a positive integer', async () => {
    for (const bad of [0, -1, 1.5, '2', null]) {
      const r = await call(base, 'PATCH', '/v1/providers/compatible_api', { configuration: { max_concurrent_requests: bad } });
      expect({ bad, status: r.status, code: r.body.code }).toEqual({ bad, status: 400, code: 'invalid_provider_configuration' });
    }
    const ok = await call(base, 'PATCH', '/v1/providers/compatible_api', { configuration: { max_concurrent_requests: 3 } });
    expect(ok.status).toBe(200);
    expect(ok.body.configuration).toEqual({ max_concurrent_requests: 3 });
    expect((await call(base, 'PATCH', '/v1/providers/compatible_api', { configuration: {} })).status).toBe(200);
  });
});

describe('retry a failed job', () => {
  it('a parse failing provider_auth_failed after page 5 of 10 completes on retry without asking for pages 1-5 again', async () => {
    const pdf = makePdf(Array.from({ length: 10 }, (_, i) => `page ${i + 1}`));
    const limits = { dpi: stack.config.renderDpi, maxPixels: stack.config.renderMaxPixels };
    const pageByImage = new Map<string, number>();
    for (let i = 0; i < 10; i++) pageByImage.set(`data:image/png;base64,${(await renderPage(pdf, i, limits)).data.toString('base64')}`, i + 1);
    const pageOf = (r: RecordedRequest) => pageByImage.get(documentImages(r.body)[0] ?? '') ?? 0;

    let keyValid = false;
    provider.respondWith((req) => (pageOf(req) <= 5 || keyValid ? { kind: 'content', content: `text ${pageOf(req)}` } : { kind: 'error', status: 401 }));
    const file = await upload(base, pdf, 'ten.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    const path = `/v1/parse-jobs/${created.body.id}`;
    const failed = (await pollJob(base, path, undefined, 60_000)).pop();
    expect(failed.status).toBe('failed');
    expect(failed.error.code).toBe('provider_auth_failed');
    expect(failed.progress).toEqual({ pages_total: 10, pages_completed: 5 });

    // Only a failed job can be retried; an unknown one is 404.
    expect((await call(base, 'POST', '/v1/parse-jobs/pjob_unknown/retry')).status).toBe(404);

    keyValid = true; // the key is corrected
    const retried = await call(base, 'POST', `${path}/retry`);
    expect(retried.status).toBe(200);
    expect(['queued', 'running', 'completed']).toContain(retried.body.status);
    expect(retried.body.error).toBeNull();
    expect(retried.body.parser_snapshot).toEqual(created.body.parser_snapshot);
    const done = (await pollJob(base, path, undefined, 60_000)).pop();
    expect(done.status).toBe('completed');
    expect(done.result.pages.map((p: any) => p.content)).toEqual(Array.from({ length: 10 }, (_, i) => `text ${i + 1}`));
    const perPage = Array.from({ length: 10 }, (_, i) => provider.requests.filter((r) => pageOf(r) === i + 1).length);
    expect(perPage.slice(0, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(perPage[5]).toBe(2); // page 6 answered 401 once, then text

    const again = await call(base, 'POST', `${path}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('job_not_failed');
  }, 120_000);

  it('the extraction retry and its /v1/jobs alias move a failed job back to queued; others answer 409', async () => {
    provider.enqueue({ kind: 'error', status: 400 });
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'engine', text: 'Title: again' });
    const path = `/v1/extraction-jobs/${created.body.id}`;
    expect((await pollJob(base, path, undefined, 60_000)).pop().error.code).toBe('provider_rejected');
    provider.enqueue({ kind: 'content', content: JSON.stringify({ title: 'again' }) });
    const retried = await call(base, 'POST', `/v1/jobs/${created.body.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('deprecation')).toBe('true');
    const done = (await pollJob(base, path, undefined, 60_000)).pop();
    expect(done.result.data).toEqual({ title: 'again' });
    const conflict = await call(base, 'POST', `${path}/retry`);
    expect([conflict.status, conflict.body.code]).toEqual([409, 'job_not_failed']);
  }, 90_000);
});
