import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { stopChild } from '../../src/runtime/process.js';
import { call, eventually, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { makePdf } from '../fixtures/documents.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';

// Graceful shutdown of the production entry points, run as real child processes: on SIGTERM the
// API finishes the request it is serving and exits 0; the worker lets its running activity finish
// (or, past its grace period, hands it back for a retry elsewhere) and exits 0.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG_VARIABLE = /^(DATABASE_|TEMPORAL_|SERVICE_|HOST$|PORT$|LOG_LEVEL$)/;

let stack: TestStack;
let provider: ScriptedProvider;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    worker: false,
    env: { SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100', SERVICE_PROVIDER_MAX_INTERVAL_MS: '200' },
  }));
});

afterEach(async () => {
  provider.reset();
  await stack.stopWorker();
  await Promise.all(children.splice(0).map((child) => stopChild(child, { signal: 'SIGKILL' })));
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

interface ApiProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** `src/bin/api.ts` in a child process on the stack's database and Temporal, on a free port. */
async function spawnApi(env: Record<string, string> = {}): Promise<ApiProcess> {
  const harness = readHarnessInfo();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !CONFIG_VARIABLE.test(k)));
  // As `npm run start:api` runs it, in this process (no wrapper): the signal reaches the API itself.
  const child = spawn(process.execPath, [path.join('scripts', 'start-service.mjs'), path.join('src', 'bin', 'api.ts')], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_OPTIONS: '',
      DATABASE_URL: harness.databaseUrl,
      TEMPORAL_ADDRESS: harness.temporalAddress,
      TEMPORAL_NAMESPACE: harness.temporalNamespace,
      TEMPORAL_TASK_QUEUE: stack.taskQueue,
      // The stack's data folder, so this API has the stack's secret key: it records the proof of
      // its key for the stack's task queue, which the worker processes below check before polling.
      SERVICE_DATA_DIR: stack.config.dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`api did not start:\n${lines.join('\n')}`)), 30_000);
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(line);
        if (line.includes('"msg":"api listening"')) {
          clearTimeout(timer);
          resolve(JSON.parse(line).url);
        }
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then(() => reject(new Error(`api exited during start-up:\n${lines.join('\n')}`)));
  });
  return { child, url, exited, output: () => lines.join('\n') };
}

/**
 * POST /v1/files as multipart, sent in two halves: the request is in flight (headers and part of
 * the body received) until `finish()` sends the rest.
 */
function slowUpload(url: string, bytes: Buffer) {
  const boundary = 'shutdown-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const half = Math.floor(body.length / 2);
  const req = http.request(`${url}/v1/files`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
  });
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
      res.on('error', reject);
    });
    req.once('error', reject);
  });
  req.write(body.subarray(0, half));
  return { response, finish: () => req.end(body.subarray(half)) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a new connection to the server is accepted right now. */
async function accepts(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

describe('api process on SIGTERM', () => {
  it('stops accepting, finishes the request in flight, and exits 0', async () => {
    const api = await spawnApi();
    const pdf = makePdf(['shutdown'], {});
    const upload = slowUpload(api.url, pdf);
    await sleep(300); // the server has the headers and half the body
    api.child.kill('SIGTERM');
    await sleep(300);
    expect(await accepts(api.url)).toBe(false);
    expect(api.child.exitCode).toBeNull(); // still serving the upload

    upload.finish();
    const res = await upload.response;
    expect([res.status, res.body?.media_type]).toEqual([201, 'application/pdf']);
    const exit = await api.exited;
    expect([exit, api.output()]).toEqual([{ code: 0, signal: null }, expect.stringContaining('"msg":"stopped"')]);
    // The upload was really stored, not cut short.
    const row = await stack.db('files').where({ id: res.body.id }).first('size_bytes');
    expect(Number(row.size_bytes)).toBe(pdf.length);
  });

  it('cuts a request still running when the grace period ends, and exits 0', async () => {
    const api = await spawnApi({ SERVICE_SHUTDOWN_GRACE_MS: '1000' });
    const upload = slowUpload(api.url, makePdf(['never finished']));
    upload.response.catch(() => {}); // the socket is cut: expected
    await sleep(300);
    const signalled = Date.now();
    api.child.kill('SIGTERM');
    const exit = await api.exited;
    const took = Date.now() - signalled;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(10_000);
    await expect(upload.response).rejects.toThrow();
  });
});

describe('worker process on SIGTERM', () => {
  it('lets the running activity finish, then exits 0', async () => {
    provider.enqueue({ kind: 'content', content: '# Slow page', delayMs: 2500 });
    const worker = await stack.startWorkerProcess({ env: { SERVICE_SHUTDOWN_GRACE_MS: '20000' } });
    const file = await upload(stack.url, makePdf(['one page']), 'one.pdf', 'application/pdf');
    const job = await call(stack.url, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    expect(job.status).toBe(201);
    await provider.waitForRequests(1, 20_000); // the page activity is running on this worker

    worker.kill('SIGTERM');
    const exit = await worker.exited;
    expect([exit, worker.output()]).toEqual([{ code: 0, signal: null }, expect.stringContaining('"msg":"stopped"')]);
    // The page was stored by the stopping worker: no other attempt asked the provider again.
    const pages = await stack.db('parse_pages').where({ job_id: job.body.id }).select('content');
    expect(pages).toEqual([{ content: '# Slow page' }]);
    expect(provider.requests).toHaveLength(1);

    // The rest of the workflow (completing the job) runs on the next worker.
    await stack.startWorker();
    const final = (await pollJob(stack.url, `/v1/parse-jobs/${job.body.id}`)).at(-1);
    expect(final.status).toBe('completed');
  });

  it('past its grace period hands the activity back; another worker retries it', async () => {
    provider.enqueue({ kind: 'stall' }, { kind: 'content', content: '# Retried page' });
    const worker = await stack.startWorkerProcess({ env: { SERVICE_SHUTDOWN_GRACE_MS: '500' } });
    const file = await upload(stack.url, makePdf(['one page']), 'one.pdf', 'application/pdf');
    const job = await call(stack.url, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    await provider.waitForRequests(1, 20_000);

    const signalled = Date.now();
    worker.kill('SIGTERM');
    const exit = await worker.exited;
    expect([exit, worker.output()]).toEqual([{ code: 0, signal: null }, expect.stringContaining('"msg":"stopped"')]);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    // The stalled request was abandoned, not left hanging.
    await eventually(async () => (provider.requests[0]!.closedEarly ? true : undefined), 5_000);

    await stack.startWorker();
    const final = (await pollJob(stack.url, `/v1/parse-jobs/${job.body.id}`)).at(-1);
    expect(final.status).toBe('completed');
    expect(final.result.content).toBe('# Retried page');
    expect(provider.requests).toHaveLength(2);
  });
});
