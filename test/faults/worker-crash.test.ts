import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { renderPage } from '../../src/documents/index.js';
import { makePdf } from '../fixtures/documents.js';
import { call, documentImages, eventually, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { type RecordedRequest, type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack, type WorkerProcess } from '../harness/stack.js';

// A worker killed with SIGKILL mid-job: a new worker finishes the job, and pages that were
// already stored are not requested again. The model call's heartbeat timeout decides how soon the
// server hands the lost attempt to the new worker: 5 s here (SERVICE_HEARTBEAT_TIMEOUT_S, carried in
// the job's run like the retry settings; 20 s by default), the same path as the default's.

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ worker: false, env: { SERVICE_PAGE_CONCURRENCY: '1', SERVICE_HEARTBEAT_TIMEOUT_S: '5' } }));
  base = stack.url;
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

// Worker processes a test started: none outlives its test, even one that failed midway (it would
// take the next test's work).
const started: WorkerProcess[] = [];
const startWorkerProcess = async () => {
  const worker = await stack.startWorkerProcess();
  started.push(worker);
  return worker;
};
afterEach(async () => {
  for (const worker of started.splice(0)) worker.kill('SIGKILL');
});

describe('worker killed mid-job', () => {
  it('a parse job completes on a new worker without redoing finished pages', async () => {
    const pdf = makePdf(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    const limits = { dpi: stack.config.renderDpi, maxPixels: stack.config.renderMaxPixels };
    const pageByImage = new Map<string, number>();
    for (let i = 0; i < 6; i++) pageByImage.set(`data:image/png;base64,${(await renderPage(pdf, i, limits)).data.toString('base64')}`, i + 1);
    const pageOf = (r: RecordedRequest) => pageByImage.get(documentImages(r.body)[0] ?? '') ?? 0;

    // Pages 1-3 answer at once; page 4 hangs until the worker dies.
    provider.respondWith((req) => (pageOf(req) <= 3 ? { kind: 'content', content: `page ${pageOf(req)}` } : { kind: 'stall' }));
    const first = await startWorkerProcess();
    const file = await upload(base, pdf, 'six.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    expect(created.status).toBe(201);
    const jobPath = `/v1/parse-jobs/${created.body.id}`;

    // Generous: on a loaded CI machine the fresh worker process renders and asks pages 1-3 slowly.
    await eventually(async () => (provider.requests.some((r) => pageOf(r) === 4) ? true : undefined), 90_000);
    const midway = (await call(base, 'GET', jobPath)).body;
    expect(midway.status).toBe('running');
    expect(midway.progress).toEqual({ pages_total: 6, pages_completed: 3 });

    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    provider.respondWith((req) => ({ kind: 'content', content: `page ${pageOf(req)}` }));
    const second = await startWorkerProcess();

    const seen = await pollJob(base, jobPath, undefined, 90_000);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('completed');
    expect(job.result.pages.map((p: any) => p.content)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `page ${n}`));
    const requestsPerPage = [1, 2, 3, 4, 5, 6].map((n) => provider.requests.filter((r) => pageOf(r) === n).length);
    expect(requestsPerPage.slice(0, 3)).toEqual([1, 1, 1]); // finished pages never asked again
    expect(requestsPerPage[3]).toBe(2); // the page in flight when the worker died was asked again
    await second.stop();
  }, 240_000);

  it('an extraction job completes on a new worker after its worker is killed mid-request', async () => {
    await call(base, 'PUT', '/v1/extractors/crash-test', {
      display_name: 'Crash test',
      instructions: 'Extract the title.',
      model: 'generic-model',
      schema: { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false },
    });
    provider.enqueue({ kind: 'stall' });
    const first = await startWorkerProcess();
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'crash-test', text: 'Title: Crash' });
    await provider.waitForRequests(1, 30_000);
    first.kill('SIGKILL');
    await first.exited;
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'Crash' }) }));
    const second = await startWorkerProcess();
    const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 90_000);
    expect(seen[seen.length - 1].status).toBe('completed');
    expect(seen[seen.length - 1].result.data).toEqual({ title: 'Crash' });
    // This job's requests only: were the test above to fail, its job could still be asking for pages.
    expect(provider.requests.filter((r) => JSON.stringify(r.body.messages).includes('Title: Crash'))).toHaveLength(2);
    await second.stop();
  }, 150_000);
});
