import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makePdf } from '../fixtures/documents.js';
import { classificationPage, classificationStep, startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { soakOr } from '../harness/soak.js';
import { startTestStack, type TestStack, type WorkerProcess } from '../harness/stack.js';
import { call, eventually, pointCompatibleProviderAt, pollJob, upload } from './job-helpers.js';

// Packets at length (issue 44): a 300-page packet is classified with every page asked once, survives
// a worker killed mid-job without asking a finished page again, and cancels within 2 s. The pages'
// text scripts the model's answers (test/harness/scripted-provider.ts, classificationPage).
// `npm test` runs a 100-page packet (ten documents; the kill after a third of its pages), which
// goes through the same page lanes, kill and cancel; `npm run test:soak` the 300 pages.

const PAGES = soakOr(100, 300);
const DOCUMENTS = PAGES / 10;
let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
let fileId: string;
let worker: WorkerProcess | undefined;

beforeAll(async () => {
  provider = await startScriptedProvider();
  stack = await startTestStack({ worker: false, env: { SERVICE_PAGE_CONCURRENCY: '8', SERVICE_RENDER_DPI: '36', SERVICE_HEARTBEAT_TIMEOUT_S: '5' } });
  base = stack.url;
  await pointCompatibleProviderAt(base, provider.baseUrl);
  const classes = [
    { name: 'invoice', description: 'An invoice.' },
    { name: 'letter', description: 'A letter.' },
  ];
  expect((await call(base, 'PUT', '/v1/classifiers/long-packet', { display_name: 'Long packet', classes })).status).toBe(201);
  // Documents of 10 pages, alternating classes.
  const pdf = makePdf(
    Array.from({ length: PAGES }, (_, i) => `page ${i + 1}\nclass: ${Math.floor(i / 10) % 2 === 0 ? 'invoice' : 'letter'}\nstarts: ${i % 10 === 0 ? 'yes' : 'no'}\nprobs: 0.9`),
    { fontSize: 14 },
  );
  const file = await upload(base, pdf, `packet-${PAGES}.pdf`, 'application/pdf');
  expect(file.status).toBe(201);
  fileId = file.body.id;
}, 240_000);

afterAll(async () => {
  worker?.kill('SIGKILL');
  await stack?.close();
  await provider?.close();
});

const askedPages = () => provider.requests.map((r) => classificationPage(r)!.page);
const countsByPage = (pages: number[]) => pages.reduce((m, p) => m.set(p, (m.get(p) ?? 0) + 1), new Map<number, number>());
const create = async () => (await call(base, 'POST', '/v1/classification-jobs', { classifier_name: 'long-packet', file_id: fileId, mode: 'split' })).body.id as string;

describe(`a ${PAGES}-page packet`, () => {
  it(`is classified with every page asked once, and split into its ${DOCUMENTS} documents`, async () => {
    await stack.startWorker();
    provider.reset();
    provider.respondWith((r) => classificationStep(r));
    const id = await create();
    const seen = await pollJob(base, `/v1/classification-jobs/${id}`, undefined, 300_000);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('completed');
    const counts = countsByPage(askedPages());
    expect(counts.size).toBe(PAGES);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(job.result.segments).toHaveLength(DOCUMENTS);
    // Documents alternate invoice, letter: an even count ends with a letter.
    expect(job.result.segments[DOCUMENTS - 1]).toEqual({ class: 'letter', pages: { start: PAGES - 9, end: PAGES }, confidence: 0.9, extraction_job_id: null, extraction_job_status: null });
    await stack.stopWorker();
  }, 360_000);

  it('survives a worker killed mid-job: no page that had finished is asked again', async () => {
    provider.reset();
    provider.respondWith((r) => classificationStep(r, { delayMs: 100 }));
    worker = await stack.startWorkerProcess({ readyTimeoutMs: 120_000 });
    const id = await create();
    // Kill once a third of the pages are answered and stored.
    const third = Math.ceil(PAGES / 3);
    await eventually(async () => ((await call(base, 'GET', `/v1/classification-jobs/${id}`)).body.progress?.pages_completed >= third ? true : undefined), 240_000);
    worker.kill('SIGKILL');
    await worker.exited;
    worker = undefined;
    const finishedBefore: number[] = await stack.db('classification_pages').where({ job_id: id }).pluck('page');
    const askedBefore = provider.requests.length;
    expect(finishedBefore.length).toBeGreaterThanOrEqual(third);

    await stack.startWorker();
    const seen = await pollJob(base, `/v1/classification-jobs/${id}`, undefined, 300_000);
    expect(seen[seen.length - 1].status).toBe('completed');
    const after = provider.requests.slice(askedBefore).map((r) => classificationPage(r)!.page);
    const finished = new Set(finishedBefore);
    expect(after.filter((p) => finished.has(p))).toEqual([]);
    // Every page was asked; only pages in flight at the kill were asked twice.
    const counts = countsByPage(askedPages());
    expect(counts.size).toBe(PAGES);
    for (const [page, n] of counts) if (n > 1) expect(finished.has(page)).toBe(false);
    await stack.stopWorker();
  }, 600_000);

  it('cancels mid-job within 2 s and leaves no request open', async () => {
    provider.reset();
    provider.respondWith((r) => classificationStep(r, { delayMs: 2_000 }));
    await stack.startWorker();
    const id = await create();
    await provider.waitForRequests(8, 120_000);
    const asked = Date.now();
    const cancel = await call(base, 'POST', `/v1/classification-jobs/${id}/cancel`);
    expect(cancel.status).toBe(200);
    const seen = await pollJob(base, `/v1/classification-jobs/${id}`, (j) => j.status === 'canceled', 60_000);
    // The Done-when's bound, from the cancel request to the first read of `canceled`: each page
    // activity ends at once when its worker sees the job canceling (activities/job-stop-watch.ts),
    // instead of one workflow task per activity as their cancellations came back on heartbeats.
    const took = Date.now() - asked;
    console.log(`classification job canceled ${took} ms after the cancel request`);
    expect(seen[seen.length - 1].status).toBe('canceled');
    expect(took).toBeLessThan(2_000);
    // Canceled means stopped: by the first read of `canceled`, no request is open at the model.
    expect(provider.openRequests().now).toBe(0);
    await eventually(async () => (provider.openRequests().now === 0 ? true : undefined), 30_000);
    expect(provider.requests.length).toBeLessThan(PAGES);
  }, 300_000);
});
