// Large rejected bodies do not stay in memory (issue 38): the API process (src/bin/api.ts, started
// as `npm run start:api` starts it, GLIBC_TUNABLES included) answers a 250 MiB batch body — under
// the 256 MiB limit — with 422, and its RSS is back within 10 % of its level before the request
// within 5 s of the answer. Before, it went from ~425 MiB to ~1.2 GiB and was still ~950 MiB 20 s
// later. RSS is read from /proc/<pid>/status of the API process itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MALLOC_TUNABLES } from '../../src/runtime/malloc-tunables.js';
import { freePort } from '../../src/runtime/ports.js';
import { stopChild } from '../../src/runtime/process.js';
import { readHarnessInfo } from '../harness/harness-info.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MiB = 1024 * 1024;

let api: ChildProcess;
let base: string;
const output: string[] = [];

/** Resident set size of the API process, in bytes. */
function rss(): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${api.pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POST a batch of `count` text inputs of ~5 KB, streamed with its Content-Length (the test never
 * holds the whole body): 50,000 inputs at most are allowed, so more is refused 422 once parsed.
 */
function postLargeBatch(count: number): Promise<{ status: number; body: string; bytes: number }> {
  const item = JSON.stringify({ custom_id: 'x', text: 'y'.repeat(4900) });
  const head = '{"kind":"extraction","extractor_name":"receipt","inputs":[';
  const tail = ']}';
  const bytes = head.length + count * item.length + (count - 1) + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/v1/batches`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(bytes) } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c) => (body += c)).on('end', () => resolve({ status: res.statusCode!, body, bytes }));
    });
    req.on('error', reject);
    let i = 0;
    const chunk = Buffer.from(Array(200).fill(item).join(',') + ',');
    const write = () => {
      if (i === 0) req.write(head);
      while (i < count) {
        const n = Math.min(200, count - i);
        const piece = n === 200 && i + n < count ? chunk : Buffer.from(Array(n).fill(item).join(',') + (i + n < count ? ',' : ''));
        i += n;
        if (!req.write(piece)) return void req.once('drain', write);
      }
      req.end(tail);
    };
    write();
  });
}

beforeAll(async () => {
  const harness = readHarnessInfo();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  api = spawn(process.execPath, [path.join('scripts', 'start-service.mjs'), path.join('src', 'bin', 'api.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_OPTIONS: '',
      GLIBC_TUNABLES: MALLOC_TUNABLES,
      DATABASE_URL: harness.databaseUrl,
      TEMPORAL_ADDRESS: harness.temporalAddress,
      TEMPORAL_NAMESPACE: harness.temporalNamespace,
      TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SERVICE_DATA_DIR: path.join(harness.tempDir, `data-${randomUUID()}`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const s of [api.stdout!, api.stderr!]) s.on('data', (c: Buffer) => output.push(c.toString('utf8')));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline || api.exitCode !== null) throw new Error(`the API did not start:\n${output.join('')}`);
    await sleep(250);
  }
}, 90_000);

afterAll(async () => {
  if (api) await stopChild(api, { signal: 'SIGTERM', timeoutMs: 10_000 });
});

describe('a rejected 250 MiB body', () => {
  it('is answered 422 and its memory is given back: RSS within 10 % of its level within 5 s', async () => {
    // Warm up (the first requests load and compile the code of the path), with the same refusal
    // of a small body (51,000 tiny inputs, ~2 MB), then read the level.
    const tiny = `{"kind":"extraction","extractor_name":"receipt","inputs":[${Array(51_000).fill('{"custom_id":"x","text":"y"}').join(',')}]}`;
    for (let i = 0; i < 3; i++) {
      const warm = await fetch(`${base}/v1/batches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: tiny });
      expect(warm.status).toBe(422);
      await warm.text();
    }
    await sleep(1000);
    const level = rss();

    const answer = await postLargeBatch(53_200);
    expect(answer.bytes).toBeGreaterThan(250 * MiB);
    expect(answer.bytes).toBeLessThan(256 * MiB);
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body).code).toBe('too_many_inputs');
    const atAnswer = rss();

    const samples: number[] = [];
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      samples.push(rss());
      if (samples[samples.length - 1]! <= level * 1.1) break;
      await sleep(250);
    }
    const last = samples[samples.length - 1]!;
    const mib = (b: number) => `${Math.round(b / MiB)} MiB`;
    // The figures, for whoever reads the log: level, at the answer, and where it came back to.
    console.log(`API RSS: ${mib(level)} before, ${mib(atAnswer)} at the 422, ${mib(last)} after ${samples.length} samples`);
    expect(last).toBeLessThanOrEqual(level * 1.1);
  }, 120_000);
});
