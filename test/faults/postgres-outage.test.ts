import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { createDb } from '../../src/storage/db.js';
import { createHash } from 'node:crypto';
import { makePdf } from '../fixtures/documents.js';
import { call, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { hostPortOf, startTcpProxy, withHostPort, type TcpProxy } from '../harness/tcp-proxy.js';

// Postgres cut off for a few seconds, through a TCP proxy between the stack (API and worker) and
// the real server: the API answers 503 persistence_busy with Retry-After (never 500), activities
// retry, and every job created before the outage finishes once Postgres is back.

const SCHEMA = {
  type: 'object',
  properties: { title: { type: ['string', 'null'] } },
  required: ['title'],
  additionalProperties: false,
};

let proxy: TcpProxy;
let stack: TestStack;
let provider: ScriptedProvider;
/** Straight to Postgres, not through the proxy: to look at rows while the stack is cut off. */
let direct: Knex;
let base: string;

beforeAll(async () => {
  const { databaseUrl } = readHarnessInfo();
  proxy = await startTcpProxy(hostPortOf(databaseUrl));
  direct = createDb(databaseUrl, 2);
  ({ stack, provider } = await startStackWithProvider({
    env: {
      DATABASE_URL: withHostPort(databaseUrl, proxy.host, proxy.port),
      SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '300',
      SERVICE_PROVIDER_MAX_INTERVAL_MS: '1000',
      SERVICE_PROVIDER_MAX_ATTEMPTS: '30',
    },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/outage', {
    display_name: 'Outage',
    instructions: 'Extract the title.',
    model: 'outage-model',
    schema: SCHEMA,
  });
  expect(put.status).toBe(201);
});

afterAll(async () => {
  proxy?.resume();
  await stack?.close();
  await provider?.close();
  await proxy?.close();
  await direct?.destroy();
});

beforeEach(() => {
  proxy.resume();
  provider.reset();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function expectBusy(r: { status: number; body: any; headers: Headers }, what: string) {
  if (r.status !== 503) throw new Error(`${what}: expected 503 while Postgres is down, got ${r.status} ${JSON.stringify(r.body)}`);
  expect(r.body.code).toBe('persistence_busy');
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
}

async function createJobs(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'outage', text: `Title: job ${i}` });
    expect(r.status).toBe(201);
    ids.push(r.body.id);
  }
  return ids;
}

describe('Postgres unavailable for a few seconds', () => {
  it('the API answers 503 persistence_busy, and jobs started before the outage complete after it', async () => {
    // Each answer takes a moment, so the outage catches jobs mid-request, queued and about to record.
    provider.respondWith((req) => {
      const text = JSON.stringify(req.body.messages);
      const title = /job \d+/.exec(text)?.[0] ?? null;
      return { kind: 'content', content: JSON.stringify({ title }), delayMs: 1500 };
    });
    const ids = await createJobs(6);
    await provider.waitForRequests(1, 10_000);
    const jobsBefore = await direct('extraction_jobs').count({ n: '*' }).first();

    proxy.pause('refuse');
    const outageStarted = Date.now();
    expectBusy(await call(base, 'GET', `/v1/extraction-jobs/${ids[0]}`), 'GET job');
    expectBusy(await call(base, 'GET', '/v1/extraction-jobs'), 'list jobs');
    expectBusy(await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'outage', text: 'during' }), 'create job');
    expectBusy(await call(base, 'GET', '/v1/extractors/outage'), 'GET extractor');
    expectBusy(await call(base, 'POST', `/v1/extraction-jobs/${ids[1]}/cancel`), 'cancel job');
    // Keep Postgres away long enough for the workers' writes to fail and be retried.
    await sleep(Math.max(0, 4000 - (Date.now() - outageStarted)));
    proxy.resume();

    // The failed create left nothing behind; the cancel never reached the row.
    expect((await direct('extraction_jobs').count({ n: '*' }).first())!.n).toBe(jobsBefore!.n);
    for (const id of ids) {
      const seen = await pollJob(base, `/v1/extraction-jobs/${id}`, undefined, 60_000);
      const job = seen[seen.length - 1];
      expect({ id, status: job.status, error: job.error }).toEqual({ id, status: 'completed', error: null });
    }
    const results = await direct('extraction_jobs').whereIn('id', ids).select('id', 'result');
    for (const row of results) expect(row.result.data.title).toMatch(/^job \d$/);
    expect(new Set(results.map((r) => r.result.data.title)).size).toBe(ids.length);
    // The run ends a moment after the row is completed (it then looks for webhook endpoints):
    // wait for its result rather than catch it in between.
    for (const id of ids) {
      const handle = stack.temporal.workflow.getHandle(id);
      await handle.result();
      expect((await handle.describe()).status.name).toBe('COMPLETED');
    }
  }, 120_000);

  it('a blackholed database (connections hang) still ends in 503, not a hung request, and recovers', async () => {
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'late' }), delayMs: 500 }));
    const [id] = await createJobs(1);
    proxy.pause('blackhole');
    const started = Date.now();
    const r = await call(base, 'GET', `/v1/extraction-jobs/${id}`);
    expectBusy(r, 'GET job (blackholed)');
    // Bounded by the pool's acquire timeout (5 s), not by the client or TCP giving up.
    expect(Date.now() - started).toBeLessThan(15_000);
    proxy.resume();
    const seen = await pollJob(base, `/v1/extraction-jobs/${id}`, undefined, 60_000);
    expect(seen[seen.length - 1].status).toBe('completed');
    expect((await call(base, 'GET', '/v1/extraction-jobs?limit=1')).status).toBe(200);
  }, 90_000);

  it('model answers that arrive while Postgres is down are held and written, not asked again (40-page parse)', async () => {
    const PAGES = 40;
    provider.respondWith(() => ({ kind: 'content', content: 'Some page text.', delayMs: 1200 }));
    const file = await upload(base, makePdf(Array.from({ length: PAGES }, (_, i) => `Page ${i + 1}`)), 'forty.pdf', 'application/pdf');
    expect(file.status).toBe(201);
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    expect(created.status).toBe(201);
    await provider.waitForRequests(6, 60_000);
    proxy.pause('refuse');
    const outageStarted = Date.now();
    // Long enough for the requests at the model to be answered while Postgres is away.
    await sleep(4000);
    const outageEnded = Date.now();
    proxy.resume();
    const seen = await pollJob(base, `/v1/parse-jobs/${created.body.id}`, undefined, 180_000);
    expect(seen[seen.length - 1].status).toBe('completed');
    // Answers did arrive during the outage: the case under test happened.
    expect(provider.requests.some((r) => r.endedAt !== undefined && r.endedAt > outageStarted && r.endedAt < outageEnded && !r.closedEarly)).toBe(true);
    // Every page was asked exactly once: 40 requests, 40 different page images.
    const pageOf = (r: { body: any }) => createHash('sha256').update(JSON.stringify(r.body.messages)).digest('hex');
    expect(provider.requests.length).toBe(PAGES);
    expect(new Set(provider.requests.map(pageOf)).size).toBe(PAGES);
  }, 240_000);
});
