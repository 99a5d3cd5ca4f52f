import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../../src/runtime/ports.js';
import { stopChild } from '../../src/runtime/process.js';
import { call, eventually, pointCompatibleProviderAt, pollJob, upload } from '../api/job-helpers.js';
import { makePdf } from '../fixtures/documents.js';
import { devProcessEnv, startDevProcess, type DevProcess } from '../harness/dev-process.js';
import { alive, descendants } from '../harness/process-tree.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';

// `npm start` (src/bin/dev.ts) as a real child process with its own data folder and ports, its
// embedded Postgres and Temporal dev server included (no DATABASE_URL, no TEMPORAL_ADDRESS):
// - the Temporal dev server SIGKILLed: npm start restarts it, logs it, and the running job
//   completes with no request to the API but reads;
// - its Postgres SIGKILLed in the middle of a parse at page concurrency 4: the slots of the
//   attempts that died with it do not hold up the job, the model is asked again within 5 s of
//   reads answering, and the job completes;
// - npm start's process group SIGKILLed: within 5 s nothing it started is left, and npm start again
//   is ready and completes the job that was interrupted.


let provider: ScriptedProvider;
let dataDir: string;
let env: Record<string, string>;
const running: DevProcess[] = [];

async function startDev(): Promise<DevProcess> {
  const dev = await startDevProcess(env, 240_000);
  running.push(dev);
  return dev;
}

const entries = (dev: DevProcess) =>
  dev.lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, any>];
    } catch {
      return [];
    }
  });

async function createParse(url: string, pages: number): Promise<string> {
  const file = await upload(url, makePdf(Array.from({ length: pages }, (_, i) => `Page ${i + 1}`)), 'doc.pdf', 'application/pdf');
  expect(file.status).toBe(201);
  const job = await call(url, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
  expect(job.status).toBe(201);
  return job.body.id;
}

beforeAll(async () => {
  const harness = readHarnessInfo();
  // Inside the run's temp folder, which the `postgres` user may enter (the cluster runs as it under root).
  dataDir = await mkdtemp(path.join(harness.tempDir, 'npm-start-'));
  await chmod(dataDir, 0o755);
  provider = await startScriptedProvider();
  // Each page takes a while, so a job is still running when its infrastructure is killed.
  provider.respondWith(() => ({ kind: 'content', content: '# Page', delayMs: 1500 }));
  env = await devProcessEnv(dataDir, {
    SERVICE_PAGE_CONCURRENCY: '4',
  });
}, 60_000);

afterAll(async () => {
  for (const dev of running) {
    if (dev.child.exitCode === null && dev.child.signalCode === null) await stopChild(dev.child, { signal: 'SIGTERM', timeoutMs: 30_000 });
  }
  await provider?.close();
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}, 60_000);

describe('npm start supervises the servers it starts', () => {
  let dev: DevProcess;
  let interrupted: string;

  it('restarts a SIGKILLed Temporal dev server; the running job completes by itself', async () => {
    dev = await startDev();
    await pointCompatibleProviderAt(dev.url, provider.baseUrl);
    const ready = await fetch(`${dev.url}/readyz`);
    expect(ready.status).toBe(200);

    const id = await createParse(dev.url, 6);
    await provider.waitForRequests(2, 60_000);
    const temporal = entries(dev).find((e) => e.msg === 'Temporal development server ready');
    expect(temporal?.pid).toEqual(expect.any(Number));
    process.kill(-temporal!.pid, 'SIGKILL');

    // Meanwhile /readyz says so (the first restart waits 1 s).
    await eventually(async () => ((await fetch(`${dev.url}/readyz`)).status === 503 ? true : undefined), 10_000);
    const restarted = await eventually(async () => entries(dev).find((e) => e.msg === 'temporal restarted'), 90_000);
    expect(restarted).toMatchObject({ service: 'temporal', level: 30 });
    expect(entries(dev)).toContainEqual(
      expect.objectContaining({ service: 'temporal', exit_signal: 'SIGKILL', msg: expect.stringContaining('temporal exited unexpectedly') }),
    );
    expect(restarted!.pid).not.toBe(temporal!.pid);
    await eventually(async () => ((await fetch(`${dev.url}/readyz`)).status === 200 ? true : undefined), 30_000);

    // No request but reads: the workflow goes on from its history in the restarted server.
    const final = (await pollJob(dev.url, `/v1/parse-jobs/${id}`, undefined, 180_000)).at(-1);
    expect(final.status).toBe('completed');
    expect(final.result.content.match(/# Page/g)).toHaveLength(6);
    expect(dev.child.exitCode).toBeNull();
  }, 420_000);

  it('resumes model requests within 5 s of a SIGKILLed Postgres answering again, and the running parse completes', async () => {
    provider.reset();
    provider.respondWith(() => ({ kind: 'content', content: '# Page', delayMs: 1500 }));
    const id = await createParse(dev.url, 16);
    // All four of the job's model slots in use.
    await eventually(async () => (provider.openRequests().now >= 4 ? true : undefined), 60_000);
    const postgres = entries(dev).filter((e) => e.service === 'postgres' && e.msg === 'postgres restarted').at(-1)?.pid
      ?? entries(dev).find((e) => e.msg === 'embedded Postgres ready')?.pid;
    expect(postgres).toEqual(expect.any(Number));
    const restartsBefore = entries(dev).filter((e) => e.msg === 'postgres restarted').length;
    process.kill(postgres!, 'SIGKILL');

    // Reads fail, then answer again once npm start has restarted Postgres.
    await eventually(async () => ((await fetch(`${dev.url}/v1/parse-jobs/${id}`)).status !== 200 ? true : undefined), 30_000);
    await eventually(async () => (entries(dev).filter((e) => e.msg === 'postgres restarted').length > restartsBefore ? true : undefined), 120_000);
    const readsAt = await eventually(async () => ((await fetch(`${dev.url}/v1/parse-jobs/${id}`)).status === 200 ? Date.now() : undefined), 60_000);
    const restartedAt = entries(dev).filter((e) => e.msg === 'postgres restarted').at(-1)!.time as number;

    // The first model request after the restart comes within 5 s of reads answering (it waited
    // 20 s for the leases of the attempts that died with the database before they were bounded).
    const first = await eventually(async () => provider.requests.find((r) => r.arrivedAt > restartedAt)?.arrivedAt, 60_000);
    expect(first - readsAt).toBeLessThan(5_000);

    const final = (await pollJob(dev.url, `/v1/parse-jobs/${id}`, undefined, 240_000)).at(-1);
    expect(final.status).toBe('completed');
    expect(final.result.content.match(/# Page/g)).toHaveLength(16);
  }, 420_000);

  it('leaves nothing running when its process group is SIGKILLed, and the next start completes the interrupted job', async () => {
    provider.reset();
    provider.respondWith(() => ({ kind: 'content', content: '# Page', delayMs: 1500 }));
    interrupted = await createParse(dev.url, 6);
    await provider.waitForRequests(2, 60_000);

    const tree = descendants(dev.child.pid!);
    // The latest Postgres (the test before restarted it).
    const postgres = entries(dev).filter((e) => e.msg === 'embedded Postgres ready' || e.msg === 'postgres restarted').at(-1)?.pid;
    const temporal = entries(dev).filter((e) => e.msg === 'temporal restarted').at(-1)?.pid;
    // The tree holds npm start, its watchdog, the postmaster with its backends and the Temporal server.
    expect(tree).toEqual(expect.arrayContaining([dev.child.pid, postgres, temporal]));
    expect(tree.length).toBeGreaterThanOrEqual(5);

    process.kill(-dev.child.pid!, 'SIGKILL');
    const killedAt = Date.now();
    await dev.exited;
    await eventually(async () => (tree.every((pid) => !alive(pid)) ? true : undefined), 5_000).catch(() => undefined);
    const left = tree.filter(alive).map((pid) => `${pid} ${existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ') : ''}`);
    expect(left).toEqual([]);
    expect(Date.now() - killedAt).toBeLessThan(5_000);

    // Started again on the same data folder: stale files of the killed run are no obstacle.
    dev = await startDev();
    const ready = await fetch(`${dev.url}/readyz`);
    expect(ready.status).toBe(200);
    const final = (await pollJob(dev.url, `/v1/parse-jobs/${interrupted}`, undefined, 180_000)).at(-1);
    expect(final.status).toBe('completed');
    expect(final.result.content.match(/# Page/g)).toHaveLength(6);

    // The API runs in a thread of its own; its /metrics still shows the whole process: the model
    // requests and renders of the worker (main thread), its own HTTP requests, process metrics once.
    const metrics = await (await fetch(`${dev.url}/metrics`)).text();
    const count = (series: RegExp) => metrics.split('\n').filter((l) => series.test(l)).reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
    expect(count(/^docextract_model_request_duration_seconds_count\{.*outcome="ok"/)).toBeGreaterThanOrEqual(1);
    expect(count(/^docextract_page_render_duration_seconds_count\{operation="render"/)).toBeGreaterThanOrEqual(1);
    expect(count(/^docextract_http_request_duration_seconds_count\{method="GET",route="\/v1\/parse-jobs\/:job_id"/)).toBeGreaterThanOrEqual(1);
    expect(metrics.split('\n').filter((l) => l.startsWith('process_cpu_seconds_total ')).length).toBe(1);

    // And it still stops cleanly on SIGTERM.
    dev.child.kill('SIGTERM');
    expect(await dev.exited).toEqual({ code: 0, signal: null });
  }, 480_000);
});

describe('npm start with its API port taken', () => {
  it('stops with a clear message naming PORT, exit code 1, and leaves nothing running', async () => {
    // The API listens in a thread of its own: the error that says so must cross to the main thread whole.
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    const ownDir = await mkdtemp(path.join(readHarnessInfo().tempDir, 'npm-start-port-'));
    await chmod(ownDir, 0o755);
    try {
      const err = await startDevProcess({ ...env, PORT: String(port), SERVICE_DATA_DIR: ownDir, TEMPORAL_UI_PORT: String(await freePort()) }, 240_000, 1).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(err?.message).toContain(`Start-up failed: PORT: 127.0.0.1:${port} is already in use; set PORT to a free port`);
      expect(err?.message).toContain('npm start exited ({"code":1');
      // Its Postgres and Temporal server (started on this data folder before the API) are stopped.
      const usingDir = () =>
        readdirSync('/proc').filter((pid) => /^\d+$/.test(pid) && alive(Number(pid))).filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(ownDir);
          } catch {
            return false;
          }
        });
      expect(await eventually(async () => (usingDir().length === 0 ? 'none' : undefined), 10_000).catch(() => usingDir())).toBe('none');
    } finally {
      blocker.close();
      await rm(ownDir, { recursive: true, force: true }).catch(() => {});
    }
  }, 300_000);
});
