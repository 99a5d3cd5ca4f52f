// The server's bound on a long-poll (SERVICE_LONG_POLL_MAX_S, default 8 s, under the 10 s response
// limit of HTTP fuzzers and many proxies), on a stack with the default configuration: `?wait=60` is
// accepted, held at most 8 s and answered with the job as it is then (clients ask again); a job that
// ends during the hold is still answered at once. What a hold does otherwise (no database connection,
// 404 when the job is deleted, refused values) is in job-waiting.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { makePdf } from '../fixtures/documents.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { call, pollJob, startStackWithProvider, upload } from './job-helpers.js';

const CAP_MS = 8_000;
/** Above the cap: scheduling on a loaded machine, one re-read of the job; still under the fuzzers' 10 s. */
const MARGIN_MS = 1_900;
const EXTRACTOR = 'long-poll-cap-test';

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_PAGE_CONCURRENCY: '1' } }));
  base = stack.url;
  const put = await call(base, 'PUT', `/v1/extractors/${EXTRACTOR}`, {
    display_name: 'Long-poll cap test',
    instructions: 'Extract the title.',
    model: 'generic-model',
    schema: { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false },
  });
  expect([200, 201]).toContain(put.status);
}, 240_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

const timed = async (path: string) => {
  const t0 = Date.now();
  const r = await call(base, 'GET', path);
  return { status: r.status, job: r.body, ms: Date.now() - t0, at: Date.now() };
};

describe('long-poll bound (SERVICE_LONG_POLL_MAX_S, default 8 s)', () => {
  it('wait=60 on a job that does not end answers 200 with the running job after the 8 s hold, on every job path', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const extraction = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'Title: stalled' });
    const file = await upload(base, makePdf(['one']), 'one.pdf', 'application/pdf');
    const parse = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    expect([extraction.status, parse.status]).toEqual([201, 201]);
    await pollJob(base, `/v1/extraction-jobs/${extraction.body.id}`, (j) => j.status === 'running');
    await pollJob(base, `/v1/parse-jobs/${parse.body.id}`, (j) => j.status === 'running');

    const [current, alias, parsing, short] = await Promise.all([
      timed(`/v1/extraction-jobs/${extraction.body.id}?wait=60`),
      timed(`/v1/jobs/${extraction.body.id}?wait=60`),
      timed(`/v1/parse-jobs/${parse.body.id}?wait=60`),
      // A wait under the bound is held as asked.
      timed(`/v1/extraction-jobs/${extraction.body.id}?wait=3`),
    ]);
    for (const r of [current, alias, parsing]) {
      expect([r.status, r.job.status]).toEqual([200, 'running']);
      expect(r.ms).toBeGreaterThanOrEqual(CAP_MS - 100);
      expect(r.ms).toBeLessThan(CAP_MS + MARGIN_MS);
    }
    expect([short.status, short.job.status]).toEqual([200, 'running']);
    expect(short.ms).toBeGreaterThanOrEqual(2_900);
    expect(short.ms).toBeLessThan(CAP_MS - 1_000);

    await call(base, 'POST', `/v1/extraction-jobs/${extraction.body.id}/cancel`);
    await call(base, 'POST', `/v1/parse-jobs/${parse.body.id}/cancel`);
    await pollJob(base, `/v1/extraction-jobs/${extraction.body.id}`);
    await pollJob(base, `/v1/parse-jobs/${parse.body.id}`);
  }, 120_000);

  it('wait=60 on a job that ends during the hold answers at once with the ended job', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    provider.respondWith(async () => {
      await released;
      return { kind: 'content', content: JSON.stringify({ title: 'released' }) };
    });
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'Title: released' });
    expect(created.status).toBe(201);
    await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, (j) => j.status === 'running');
    await provider.waitForRequests(1); // the model call is in flight, held by the gate

    const waiting = timed(`/v1/extraction-jobs/${created.body.id}?wait=60`);
    await new Promise((r) => setTimeout(r, 1_000));
    release();
    const r = await waiting;
    expect([r.status, r.job.status, r.job.result?.data]).toEqual([200, 'completed', { title: 'released' }]);
    // Answered on the change, not at the end of the hold: within moments of the job's completion.
    expect(r.ms).toBeLessThan(CAP_MS);
    expect(r.at - Date.parse(r.job.completed_at)).toBeLessThan(1_500);
  }, 120_000);

  it('a terminal job answers wait=60 at once', async () => {
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'done' }) }));
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'Title: done' });
    await pollJob(base, `/v1/extraction-jobs/${created.body.id}`);
    const r = await timed(`/v1/extraction-jobs/${created.body.id}?wait=60`);
    expect([r.status, r.job.status]).toEqual([200, 'completed']);
    expect(r.ms).toBeLessThan(2_000);
  }, 120_000);
});
