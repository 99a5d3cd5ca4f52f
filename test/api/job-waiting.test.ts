// Idempotency-Key on job creation, long-poll (?wait=N) and event streams (/events), through the
// real API on real Postgres (LISTEN/NOTIFY) and Temporal.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { renderPage } from '../../src/documents/index.js';
import { JOB_EVENTS_APPLICATION } from '../../src/storage/job-events.js';
import { makePdf } from '../fixtures/documents.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { call, documentImages, eventually, pollJob, startStackWithProvider, upload } from './job-helpers.js';

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
const EXTRACTOR = 'waiting-test';

beforeAll(async () => {
  // These tests are about what a long-poll does while it holds (no database connection, an answer
  // on the job's change), with holds of up to 40 s: the server's hold is raised to the parameter's
  // full range here. The default bound (SERVICE_LONG_POLL_MAX_S, 8 s) is tested in long-poll-cap.test.ts.
  ({ stack, provider } = await startStackWithProvider({
    env: { SERVICE_PAGE_CONCURRENCY: '1', SERVICE_PROVIDER_MAX_ATTEMPTS: '1', SERVICE_LONG_POLL_MAX_S: '60' },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', `/v1/extractors/${EXTRACTOR}`, {
    display_name: 'Waiting test',
    instructions: 'Extract the title.',
    model: 'generic-model',
    schema: { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false },
  });
  expect([200, 201]).toContain(put.status);
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

/**
 * A POST with plain fetch (to see every header). A reused keep-alive connection that the server
 * closed at the same moment (its 5 s idle timer fires late when the loaded machine stalls the event
 * loop) fails with ECONNRESET before the request is read: retried once, as a client would.
 */
const post = async (path: string, body: unknown, key?: string, retried = false): Promise<{ status: number; body: any; replayed: string | null }> => {
  try {
    const r = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as any, replayed: r.headers.get('idempotent-replayed') };
  } catch (err) {
    if (!retried && (err as { cause?: { code?: string } }).cause?.code === 'ECONNRESET') return post(path, body, key, true);
    throw err;
  }
};

async function connectionsOfThisDatabase(): Promise<{ total: number; listeners: number }> {
  const rows = (await stack.db.raw('select application_name from pg_stat_activity where datname = current_database()')).rows as { application_name: string }[];
  return { total: rows.length, listeners: rows.filter((r) => r.application_name === JOB_EVENTS_APPLICATION).length };
}

describe('long-poll holds no database connection while it waits', () => {
  it('200 idle long-polls open at once hold at most one extra database connection, and all answer when the job ends', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const created = await post('/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'Title: idle' });
    const path = `/v1/extraction-jobs/${created.body.id}`;
    await pollJob(base, path, (j) => j.status === 'running');
    // Warm up with the same burst: 200 one-second long-polls. Their first reads grow the API's pool
    // (DATABASE_POOL_MAX, 10) as far as such a burst does; idle pool connections stay for 30 s.
    const warm = await Promise.all(Array.from({ length: 200 }, () => fetch(`${base}${path}?wait=1`).then(async (r) => ((await r.json()) as any).status)));
    expect(new Set(warm)).toEqual(new Set(['running']));
    const before = await connectionsOfThisDatabase();
    expect(before.listeners).toBe(1); // the one listening connection, opened by the first long-poll

    const started = Date.now();
    const polls = Array.from({ length: 200 }, () =>
      fetch(`${base}${path}?wait=40`).then(async (r) => ({ status: r.status, body: (await r.json()) as any, at: Date.now() })),
    );
    await new Promise((r) => setTimeout(r, 4000)); // every poll has made its first read and waits
    const during = await connectionsOfThisDatabase();
    expect(during.listeners).toBe(1);
    // Without the listener the warmed-up pool is all there is: the 200 waiting requests hold at most
    // that one extra connection (and the pool is smaller than 200: had each held one, most would be 503).
    expect(during.total).toBeLessThanOrEqual(before.total - before.listeners + 1);

    const canceledAt = Date.now();
    expect((await call(base, 'POST', `${path}/cancel`)).status).toBe(200);
    const answers = await Promise.all(polls);
    expect(new Set(answers.map((a) => `${a.status} ${a.body.status}`))).toEqual(new Set(['200 canceled']));
    // They answered on the change, long before their 40 s were up.
    expect(Math.max(...answers.map((a) => a.at)) - canceledAt).toBeLessThan(20_000);
    expect(Math.max(...answers.map((a) => a.at)) - started).toBeLessThan(35_000);
  }, 90_000);
});

describe('long-poll', () => {
  it('?wait=30 on a job that completes after 2 s answers in about 2 s, with the completed job', async () => {
    provider.enqueue({ kind: 'content', content: JSON.stringify({ title: 'two seconds' }), delayMs: 2000 });
    const created = await post('/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'Title: two seconds' });
    const t0 = Date.now();
    const r = await call(base, 'GET', `/v1/extraction-jobs/${created.body.id}?wait=30`);
    const elapsed = Date.now() - t0;
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('completed');
    expect(r.body.result.data).toEqual({ title: 'two seconds' });
    expect(elapsed).toBeGreaterThanOrEqual(1500); // the model alone takes 2 s
    expect(elapsed).toBeLessThan(10_000); // "about 2 s" with a wide margin for a loaded machine; far from 30
  }, 60_000);

  it('answers with the current state when the time is up, on every job path; a terminal job answers at once', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const created = await post('/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'Title: slow' });
    await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, (j) => j.status === 'running');
    for (const path of [`/v1/extraction-jobs/${created.body.id}`, `/v1/jobs/${created.body.id}`]) {
      const t0 = Date.now();
      const r = await call(base, 'GET', `${path}?wait=2`);
      expect([r.status, r.body.status]).toEqual([200, 'running']);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1900);
    }
    await call(base, 'POST', `/v1/extraction-jobs/${created.body.id}/cancel`);
    await pollJob(base, `/v1/extraction-jobs/${created.body.id}`);
    const t0 = Date.now();
    expect((await call(base, 'GET', `/v1/extraction-jobs/${created.body.id}?wait=60`)).body.status).toBe('canceled');
    expect(Date.now() - t0).toBeLessThan(2000);

    for (const bad of ['61', '-1', 'soon', '1.5']) {
      expect((await call(base, 'GET', `/v1/extraction-jobs/${created.body.id}?wait=${bad}`)).status).toBe(422);
    }
    expect((await call(base, 'GET', '/v1/extraction-jobs/ejob_01jqz8n5p6q7r8s9t0v1w2x3y4?wait=5')).status).toBe(404);
  }, 60_000);

  it('parse jobs: ?wait answers when the job completes; a job deleted while waited on answers 404', async () => {
    provider.respondWith(() => ({ kind: 'content', content: 'page', delayMs: 1500 }));
    const file = await upload(base, makePdf(['one']), 'one.pdf', 'application/pdf');
    const created = await post('/v1/parse-jobs', { file_id: file.body.id });
    const r = await call(base, 'GET', `/v1/parse-jobs/${created.body.id}?wait=30`);
    expect([r.status, r.body.status, r.body.result?.content]).toEqual([200, 'completed', 'page']);

    provider.respondWith(() => ({ kind: 'stall' }));
    const doomed = await post('/v1/parse-jobs', { file_id: file.body.id });
    await pollJob(base, `/v1/parse-jobs/${doomed.body.id}`, (j) => j.status === 'running');
    const waiting = call(base, 'GET', `/v1/parse-jobs/${doomed.body.id}?wait=30`);
    await new Promise((res) => setTimeout(res, 500));
    expect((await call(base, 'DELETE', `/v1/parse-jobs/${doomed.body.id}`)).status).toBe(202);
    expect((await waiting).status).toBe(404);
  }, 60_000);
});

describe('Idempotency-Key', () => {
  it('20 concurrent POSTs with one key create one job; all answer 201 with it; another body with that key is 422', async () => {
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'once' }) }));
    const body = { extractor_name: EXTRACTOR, text: 'Title: once' };
    const key = `race-${Date.now()}`;
    const countBefore = Number((await stack.db('extraction_jobs').count({ n: '*' }))[0]!.n);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/v1/extraction-jobs', body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.replayed === 'true')).toHaveLength(19);
    // Replays carry the original 201 body: the job as it was created.
    for (const a of answers) expect(a.body).toEqual(answers.find((x) => x.replayed === null)!.body);
    expect(answers[0]!.body.status).toBe('queued');
    expect(Number((await stack.db('extraction_jobs').count({ n: '*' }))[0]!.n)).toBe(countBefore + 1);

    // Later, same key and same body (fields in another order): the same job, even after it finished.
    await pollJob(base, `/v1/extraction-jobs/${[...ids][0]}`);
    const again = await post('/v1/extraction-jobs', { text: 'Title: once', extractor_name: EXTRACTOR }, key);
    expect([again.status, again.body.id, again.replayed]).toEqual([201, [...ids][0], 'true']);
    // The deprecated alias shares the keys.
    expect((await post('/v1/jobs', body, key)).body.id).toBe([...ids][0]);

    const reused = await post('/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'Title: another' }, key);
    expect([reused.status, reused.body.code]).toEqual([422, 'idempotency_key_reused']);
    const validated = await call(base, 'GET', `/v1/extraction-jobs/${[...ids][0]}`); // (the job is untouched)
    expect(validated.status).toBe(200);
  }, 60_000);

  it('parse jobs take keys too (their own scope); keys must be 1-255 printable characters', async () => {
    provider.respondWith(() => ({ kind: 'content', content: 'page' }));
    const file = await upload(base, makePdf(['one']), 'one.pdf', 'application/pdf');
    const key = `parse-${Date.now()}`;
    const first = await post('/v1/parse-jobs', { file_id: file.body.id }, key);
    const second = await post('/v1/parse-jobs', { file_id: file.body.id }, key);
    expect([first.status, second.status, second.body.id, second.replayed]).toEqual([201, 201, first.body.id, 'true']);
    // The same key on the extraction operation is a different scope.
    const other = await post('/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'Title: x' }, key);
    expect(other.status).toBe(201);
    expect(other.replayed).toBeNull();

    expect((await post('/v1/parse-jobs', { file_id: file.body.id }, 'k'.repeat(255))).status).toBe(201);
    for (const bad of ['k'.repeat(256), '']) {
      const r = await post('/v1/parse-jobs', { file_id: file.body.id }, bad);
      expect([r.status, r.body.detail[0].loc]).toEqual([422, ['header', 'Idempotency-Key']]);
    }
    // Through the OpenAPI-validated client: a reuse is a documented 422.
    const r = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    expect(r.status).toBe(201);
  }, 60_000);
});

/** Read an SSE stream to its end: events (parsed `data`) and comment lines, in order. */
async function readStream(url: string, onEvent?: (job: any) => void | Promise<void>): Promise<{ jobs: any[]; comments: string[]; contentType: string | null }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const jobs: any[] = [];
  const comments: string[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line);
        if (line.startsWith('data: ')) {
          const job = JSON.parse(line.slice(6));
          jobs.push(job);
          await onEvent?.(job);
        }
      }
    }
  }
  return { jobs, comments, contentType: res.headers.get('content-type') };
}

describe('event streams', () => {
  it('a 20-page parse delivers progress in order and closes after completed', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `Page ${i + 1}`);
    const pdf = makePdf(texts);
    const limits = { dpi: stack.config.renderDpi, maxPixels: stack.config.renderMaxPixels };
    const pageByImage = new Map<string, number>();
    for (let i = 0; i < 20; i++) pageByImage.set(`data:image/png;base64,${(await renderPage(pdf, i, limits)).data.toString('base64')}`, i + 1);
    provider.respondWith((req) => ({ kind: 'content', content: `page ${pageByImage.get(documentImages(req.body)[0] ?? '')}`, delayMs: 300 }));
    const file = await upload(base, pdf, 'twenty.pdf', 'application/pdf');
    const created = await post('/v1/parse-jobs', { file_id: file.body.id });

    const { jobs, contentType } = await readStream(`${base}/v1/parse-jobs/${created.body.id}/events`);
    expect(contentType).toMatch(/^text\/event-stream/);
    const last = jobs[jobs.length - 1];
    expect(last.status).toBe('completed');
    expect(last.result.pages.map((p: any) => p.content)).toEqual(texts.map((_, i) => `page ${i + 1}`));
    expect(jobs.filter((j) => j.status === 'completed')).toHaveLength(1); // closed right after it
    // In order: pages_completed never goes back, and each event while running is a new page.
    const running = jobs.filter((j) => j.status === 'running' && j.progress).map((j) => j.progress.pages_completed);
    for (let i = 1; i < running.length; i++) expect(running[i]).toBeGreaterThan(running[i - 1]!);
    const progress = jobs.filter((j) => j.progress).map((j) => j.progress.pages_completed);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]!);
    expect(progress[progress.length - 1]).toBe(20);
    expect(new Set(progress).size).toBeGreaterThanOrEqual(10); // pages are seen one by one, not only at the end
    expect(jobs.every((j) => j.id === created.body.id)).toBe(true);
  }, 120_000);

  it('an extraction stream sends keep-alive comments every 15 s and closes after canceled; unknown jobs are 404', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const created = await post('/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'Title: stream' });
    const seen: string[] = [];
    const t0 = Date.now();
    let canceled = false;
    const stream = readStream(`${base}/v1/extraction-jobs/${created.body.id}/events`, async (job) => {
      seen.push(job.status);
    });
    await eventually(async () => (seen.includes('running') ? true : undefined), 30_000);
    // Wait past one keep-alive period, then cancel.
    await new Promise((r) => setTimeout(r, Math.max(0, 16_500 - (Date.now() - t0))));
    canceled = (await call(base, 'POST', `/v1/extraction-jobs/${created.body.id}/cancel`)).status === 200;
    const { jobs, comments } = await stream;
    expect(canceled).toBe(true);
    expect(comments).toContain(': keep-alive');
    expect(jobs.map((j) => j.status).filter((s, i, a) => s !== a[i - 1])).toEqual(expect.arrayContaining(['running', 'canceled']));
    expect(jobs[jobs.length - 1].status).toBe('canceled');
    expect((await fetch(`${base}/v1/extraction-jobs/ejob_01jqz8n5p6q7r8s9t0v1w2x3y4/events`)).status).toBe(404);
    expect((await fetch(`${base}/v1/parse-jobs/pjob_01jqz8n5p6q7r8s9t0v1w2x3y4/events`)).status).toBe(404);
  }, 90_000);
});
