import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../../src/runtime/ports.js';
import { ensureTemporalCli } from '../../src/runtime/temporal-cli.js';
import { startTemporalDevServer, type TemporalDevServer } from '../../src/runtime/temporal-dev-server.js';
import { call, eventually, pointCompatibleProviderAt, pollJob } from '../api/job-helpers.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

// The Temporal server stopped and started again (history kept in its SQLite file) while jobs are
// queued and running: the API keeps answering job reads from Postgres meanwhile, and every job
// completes once the server is back. A dedicated dev server, so the run's shared one is untouched.

const SCHEMA = {
  type: 'object',
  properties: { title: { type: ['string', 'null'] } },
  required: ['title'],
  additionalProperties: false,
};

let cliPath: string;
let dbFile: string;
let port: number;
let server: TemporalDevServer | undefined;
/** Has a worker: its jobs are running when the server stops. */
let running: TestStack;
/** No worker until the server is back: its jobs are queued throughout the outage. */
let queued: TestStack;
let provider: ScriptedProvider;

const startServer = () => startTemporalDevServer({ cliPath, namespace: 'default', port, uiPort: false, dbFile });

beforeAll(async () => {
  const harness = readHarnessInfo();
  cliPath = await ensureTemporalCli({ configuredPath: process.env.TEMPORAL_CLI_PATH || undefined });
  dbFile = path.join(harness.tempDir, `temporal-restart-${process.pid}.sqlite`);
  port = await freePort();
  server = await startServer();
  expect(server.address).toBe(`127.0.0.1:${port}`);
  provider = await startScriptedProvider();
  const env = { TEMPORAL_ADDRESS: server.address, TEMPORAL_NAMESPACE: 'default' };
  running = await startTestStack({ env });
  queued = await startTestStack({ env, worker: false });
  await pointCompatibleProviderAt(running.url, provider.baseUrl);
  const put = await call(running.url, 'PUT', '/v1/extractors/restart', {
    display_name: 'Restart',
    instructions: 'Extract the title.',
    model: 'restart-model',
    schema: SCHEMA,
  });
  expect(put.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await queued?.close();
  await running?.close();
  await server?.stop();
  await provider?.close();
});

async function create(base: string, title: string): Promise<string> {
  const r = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'restart', text: `Title: ${title}` });
  expect(r.status).toBe(201);
  return r.body.id;
}

describe('Temporal server restarted while jobs are queued and running', () => {
  it('the API answers reads from Postgres during the outage, and every job completes afterwards', async () => {
    // Answers wait for a gate per title, so we decide when each running job may finish.
    const gates = new Map<string, () => void>();
    const opened = new Map<string, Promise<void>>();
    for (const t of ['r1', 'r2', 'q1', 'q2']) opened.set(t, new Promise<void>((resolve) => gates.set(t, resolve)));
    gates.get('q1')!();
    gates.get('q2')!();
    provider.respondWith(async (req) => {
      const title = /Title: (\w+)/.exec(JSON.stringify(req.body.messages))?.[1] ?? '';
      await opened.get(title);
      return { kind: 'content', content: JSON.stringify({ title }) };
    });

    const r1 = await create(running.url, 'r1');
    const r2 = await create(running.url, 'r2');
    const q1 = await create(queued.url, 'q1');
    const q2 = await create(queued.url, 'q2');
    await provider.waitForRequests(2, 20_000);
    for (const id of [r1, r2]) expect((await call(running.url, 'GET', `/v1/extraction-jobs/${id}`)).body.status).toBe('running');

    await server!.stop();
    server = undefined;

    // Reads come from Postgres: they answer at once while the scheduler is down.
    for (const [base, id, status] of [
      [running.url, r1, 'running'],
      [running.url, r2, 'running'],
      [queued.url, q1, 'queued'],
      [queued.url, q2, 'queued'],
    ] as const) {
      const started = Date.now();
      const r = await call(base, 'GET', `/v1/extraction-jobs/${id}`);
      expect(r.status).toBe(200);
      expect(r.body.status).toBe(status);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    const list = await call(running.url, 'GET', '/v1/extraction-jobs?limit=100');
    expect(list.status).toBe(200);
    expect(list.body.map((j: any) => j.id)).toEqual(expect.arrayContaining([r1, r2, q1, q2]));

    // r1's answer arrives while the server is down: its window's answer is stored at once (progress
    // shows it); merging and recording the result is the workflow's next step, once the server is back.
    gates.get('r1')!();
    await eventually(async () => {
      const r = await call(running.url, 'GET', `/v1/extraction-jobs/${r1}`);
      return r.body.progress?.pages_completed === 1 ? true : undefined;
    }, 15_000);

    server = await startServer();
    expect(server.address).toBe(`127.0.0.1:${port}`);
    gates.get('r2')!();
    await queued.startWorker();

    for (const [base, id, title] of [
      [running.url, r1, 'r1'],
      [running.url, r2, 'r2'],
      [queued.url, q1, 'q1'],
      [queued.url, q2, 'q2'],
    ] as const) {
      const seen = await pollJob(base, `/v1/extraction-jobs/${id}`, undefined, 60_000);
      const job = seen[seen.length - 1];
      expect({ id, status: job.status, data: job.result?.data }).toEqual({ id, status: 'completed', data: { title } });
    }
    // The workflows themselves finish too (r1 may have to wait for its lost report to time out).
    for (const [stack, id] of [
      [running, r1],
      [running, r2],
      [queued, q1],
      [queued, q2],
    ] as const) {
      const desc = await eventually(async () => {
        const d = await stack.temporal.workflow.getHandle(id).describe();
        return d.status.name === 'RUNNING' ? undefined : d;
      }, 60_000);
      expect(desc.status.name).toBe('COMPLETED');
    }
    // Each job asked the model once, except that r1 may be asked again if its report was lost.
    const titles = provider.requests.map((r) => /Title: (\w+)/.exec(JSON.stringify(r.body.messages))?.[1]);
    for (const t of ['r2', 'q1', 'q2']) expect(titles.filter((x) => x === t)).toHaveLength(1);
  }, 150_000);

  it('while the server is down, create is refused with 503 and no row; cancel and delete answer 503 and take effect once it is back', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    provider.reset();
    provider.respondWith(async () => {
      await gate;
      return { kind: 'content', content: JSON.stringify({ title: 'late' }) };
    });
    const toCancel = await create(running.url, 'cancel');
    const toDelete = await create(running.url, 'delete');
    await provider.waitForRequests(2, 20_000);

    await server!.stop();
    server = undefined;
    const before = await running.db('extraction_jobs').count({ n: '*' }).first();
    const started = Date.now();
    const [refused, canceled, deleted] = await Promise.all([
      call(running.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'restart', text: 'Title: never' }),
      call(running.url, 'POST', `/v1/extraction-jobs/${toCancel}/cancel`),
      call(running.url, 'DELETE', `/v1/extraction-jobs/${toDelete}`),
    ]);
    // The client's own gRPC retries decide how long these take (about 20 s today); bound it loosely.
    expect(Date.now() - started).toBeLessThan(45_000);
    for (const r of [refused, canceled, deleted]) {
      expect({ status: r.status, code: r.body?.code }).toEqual({ status: 503, code: 'scheduler_unavailable' });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await running.db('extraction_jobs').count({ n: '*' }).first())!.n).toBe(before!.n);

    // The stop requests were recorded on the rows. Once the server is back, retrying them reaches the
    // workflows, which stop the in-flight model requests: the provider never answers here.
    server = await startServer();
    const retriedCancel = await call(running.url, 'POST', `/v1/extraction-jobs/${toCancel}/cancel`);
    expect(retriedCancel.status).toBe(200);
    expect(['canceling', 'canceled']).toContain(retriedCancel.body.status);
    const retriedDelete = await call(running.url, 'DELETE', `/v1/extraction-jobs/${toDelete}`);
    expect([202, 204, 404]).toContain(retriedDelete.status);
    const seen = await pollJob(running.url, `/v1/extraction-jobs/${toCancel}`, undefined, 30_000);
    expect(seen[seen.length - 1].status).toBe('canceled');
    await eventually(async () => ((await call(running.url, 'GET', `/v1/extraction-jobs/${toDelete}`)).status === 404 ? true : undefined), 30_000);
    release();
    for (const id of [toCancel, toDelete]) {
      const desc = await eventually(async () => {
        const d = await running.temporal.workflow.getHandle(id).describe();
        return d.status.name === 'RUNNING' ? undefined : d;
      }, 60_000);
      // The cancel reached the run once Temporal was back: the run of a canceled or deleted job ends canceled.
      expect(desc.status.name).toBe('CANCELLED');
    }
  }, 150_000);
});
