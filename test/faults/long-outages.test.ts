import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { renderPage } from '../../src/documents/index.js';
import { createDb } from '../../src/storage/db.js';
import { makePdf } from '../fixtures/documents.js';
import { call, documentImages, eventually, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type RecordedRequest, type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { soakOr } from '../harness/soak.js';
import { hostPortOf, startTcpProxy, withHostPort, type TcpProxy } from '../harness/tcp-proxy.js';

// Jobs ride out long downtime: the model server gone in the middle of a 20-page parse (closed, then
// a new one on the same port), and Postgres cut off. Neither spends the job's retry window (30
// minutes by default) nor redoes finished pages. `npm test` holds the model away 20 s with the
// provider's retry interval capped at 1 s (about 20 tries at the cap, through the same retry code
// as in production) and Postgres 15 s; `npm run test:soak` holds them 2 minutes with a 5 s cap (about
// 24 tries) and 60 s, as before issue 49.

/** How long the model server is gone, and the cap of the provider's retry interval meanwhile. */
const MODEL_OUTAGE_MS = soakOr(20_000, 120_000);
const PROVIDER_MAX_INTERVAL_MS = soakOr(1000, 5000);
/** How long Postgres refuses connections. */
const POSTGRES_OUTAGE_MS = soakOr(15_000, 60_000);

let proxy: TcpProxy;
let stack: TestStack;
let provider: ScriptedProvider;
let direct: Knex;
let base: string;

beforeAll(async () => {
  const { databaseUrl } = readHarnessInfo();
  proxy = await startTcpProxy(hostPortOf(databaseUrl));
  direct = createDb(databaseUrl, 2);
  ({ stack, provider } = await startStackWithProvider({
    env: {
      DATABASE_URL: withHostPort(databaseUrl, proxy.host, proxy.port),
      SERVICE_PROVIDER_INITIAL_INTERVAL_MS: String(PROVIDER_MAX_INTERVAL_MS / 10),
      SERVICE_PROVIDER_MAX_INTERVAL_MS: String(PROVIDER_MAX_INTERVAL_MS),
    },
  }));
  base = stack.url;
}, 120_000);

afterAll(async () => {
  proxy?.resume();
  await stack?.close();
  await provider?.close();
  await proxy?.close();
  await direct?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pagesOf(pdf: Buffer, n: number): Promise<(r: RecordedRequest) => number> {
  const limits = { dpi: stack.config.renderDpi, maxPixels: stack.config.renderMaxPixels };
  const byImage = new Map<string, number>();
  for (let i = 0; i < n; i++) byImage.set(`data:image/png;base64,${(await renderPage(pdf, i, limits)).data.toString('base64')}`, i + 1);
  return (r) => byImage.get(documentImages(r.body)[0] ?? '') ?? 0;
}

describe('long outages', () => {
  it(`model server down ${MODEL_OUTAGE_MS / 1000} s in the middle of a 20-page parse: the job completes, says it is retrying, and finished pages are asked once`, async () => {
    const pdf = makePdf(Array.from({ length: 20 }, (_, i) => `sheet ${i + 1}`));
    const pageOf = await pagesOf(pdf, 20);
    const answer = (req: RecordedRequest) => ({ kind: 'content' as const, content: `md ${pageOf(req)}`, delayMs: 300 });
    provider.respondWith(answer);
    const file = await upload(base, pdf, 'twenty.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    const path = `/v1/parse-jobs/${created.body.id}`;
    await eventually(async () => ((await call(base, 'GET', path)).body.progress?.pages_completed >= 6 ? true : undefined), 60_000);

    const port = Number(new URL(provider.baseUrl).port);
    const before = provider.requests;
    await provider.close();
    const doneBefore = new Set(before.filter((r) => !r.closedEarly && r.endedAt !== undefined).map(pageOf));
    const outageEnds = Date.now() + MODEL_OUTAGE_MS;
    const seen: any[] = [];
    while (Date.now() < outageEnds) {
      seen.push((await call(base, 'GET', path)).body);
      await sleep(2000);
    }
    expect(seen.every((j) => j.status === 'running')).toBe(true);
    const retrying = seen.filter((j) => j.retry !== null);
    expect(retrying.length).toBeGreaterThan(0);
    expect(retrying[retrying.length - 1].retry.last_error_code).toBe('provider_unavailable');

    provider = await startScriptedProvider({ port });
    provider.respondWith(answer);
    const done = (await pollJob(base, path, undefined, 120_000)).pop();
    expect(done.status).toBe('completed');
    expect(done.retry).toBeNull();
    expect(done.result.pages.map((p: any) => p.content)).toEqual(Array.from({ length: 20 }, (_, i) => `md ${i + 1}`));
    const all = [...before, ...provider.requests];
    expect(doneBefore.size).toBeGreaterThanOrEqual(6);
    for (const page of doneBefore) expect({ page, requests: all.filter((r) => pageOf(r) === page).length }).toEqual({ page, requests: 1 });
  }, 330_000);

  it(`Postgres stopped for ${POSTGRES_OUTAGE_MS / 1000} s during a parse: the job completes`, async () => {
    const pdf = makePdf(Array.from({ length: 8 }, (_, i) => `leaf ${i + 1}`));
    provider.reset();
    const pageOf = await pagesOf(pdf, 8);
    provider.respondWith((req) => ({ kind: 'content', content: `leaf ${pageOf(req)}`, delayMs: 1000 }));
    const file = await upload(base, pdf, 'eight.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    await eventually(async () => {
      const [{ n }] = await direct('parse_pages').where({ job_id: created.body.id }).count({ n: '*' });
      return Number(n) >= 2 ? true : undefined;
    }, 60_000);
    proxy.pause('refuse');
    await sleep(POSTGRES_OUTAGE_MS);
    const during = await direct('parse_jobs').where({ id: created.body.id }).first('status');
    expect(during.status).toBe('running');
    proxy.resume();
    const done = (await pollJob(base, `/v1/parse-jobs/${created.body.id}`, undefined, 180_000)).pop();
    expect({ status: done.status, error: done.error }).toEqual({ status: 'completed', error: null });
    expect(done.result.page_count).toBe(8);
  }, 330_000);
});
