import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stopChild } from '../../src/runtime/process.js';
import { call, eventually, pointCompatibleProviderAt, upload } from '../api/job-helpers.js';
import { makePdf } from '../fixtures/documents.js';
import { devProcessEnv, logEntries, startDevProcess, type DevProcess } from '../harness/dev-process.js';
import { alive, descendants } from '../harness/process-tree.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { soakOr } from '../harness/soak.js';

// Ctrl-C under `npm start`, typed as a user does: `npm start` itself (npm, its shell, the service's
// node) in a process group of its own, and one SIGINT to that whole group, as a terminal sends it —
// so the service gets it from the terminal and again from npm's relay. Several times in a row, with a
// 100-page parse at the (slow, scripted) model each time: every stop is the orderly one (API,
// worker, Temporal, Postgres, in that order), exits 0, leaves no process and no pid file, and the
// next start goes on with the parse from the pages it already has. `npm test` runs two rounds (a
// restarted `npm start` that resumed the parse stops as cleanly as the first, and the third start
// finishes it); `npm run test:soak` runs ten, as the test did before issue 49 (567 s).

const ROUNDS = soakOr(2, 10);
const PAGES = 100;

let provider: ScriptedProvider;
let dataDir: string;
let env: Record<string, string>;
const running: DevProcess[] = [];

async function pagesDone(url: string, jobId: string): Promise<number> {
  const job = await call(url, 'GET', `/v1/parse-jobs/${jobId}`);
  expect(job.status).toBe(200);
  return job.body.progress?.pages_completed ?? 0;
}

beforeAll(async () => {
  const harness = readHarnessInfo();
  dataDir = await mkdtemp(path.join(harness.tempDir, 'npm-start-ctrl-c-'));
  await chmod(dataDir, 0o755);
  provider = await startScriptedProvider();
  // Slow pages: the parse is still at the model when each Ctrl-C comes.
  provider.respondWith(() => ({ kind: 'content', content: '# Page', delayMs: 6000 }));
  env = await devProcessEnv(dataDir, {
    // `npm start` without its prestart step (the dependency check, which is not under test here).
    npm_config_ignore_scripts: 'true',
    SERVICE_PAGE_CONCURRENCY: '2',
    SERVICE_SHUTDOWN_GRACE_MS: '15000',
  }, /^npm_/);
}, 60_000);

afterAll(async () => {
  for (const dev of running) {
    if (dev.child.exitCode === null && dev.child.signalCode === null) await stopChild(dev.child, { signal: 'SIGTERM', timeoutMs: 30_000 });
  }
  await provider?.close();
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}, 60_000);

describe('one Ctrl-C to npm start', () => {
  it(`stops it in order, exits 0 and leaves nothing behind, ${ROUNDS} times in a row under a ${PAGES}-page parse that each start resumes`, async () => {
    let dev = await startDevProcess(env, 240_000, 3, 'npm');
    running.push(dev);
    await pointCompatibleProviderAt(dev.url, provider.baseUrl);
    const file = await upload(dev.url, makePdf(Array.from({ length: PAGES }, (_, i) => `Page ${i + 1}`)), 'long.pdf', 'application/pdf');
    expect(file.status).toBe(201);
    const job = await call(dev.url, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    expect(job.status).toBe(201);
    const jobId: string = job.body.id;

    let before = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      // Under load: this start has pages of the parse at the model.
      const requests = provider.requests.length;
      await provider.waitForRequests(requests + 2, 120_000);
      const done = await eventually(async () => {
        const n = await pagesDone(dev.url, jobId);
        return n > before ? n : undefined;
      }, 120_000);
      expect(done).toBeLessThan(PAGES);
      before = done;

      const temporal = logEntries(dev).filter((e) => e.msg === 'Temporal development server ready').at(-1)?.pid;
      const postgres = logEntries(dev).filter((e) => e.msg === 'embedded Postgres ready').at(-1)?.pid;
      const tree = [...new Set([...descendants(dev.child.pid!), ...descendants(temporal), ...descendants(postgres)])];
      expect(tree).toEqual(expect.arrayContaining([dev.child.pid, temporal, postgres]));

      // One SIGINT to npm start's process group, as a terminal sends Ctrl-C.
      process.kill(-dev.child.pid!, 'SIGINT');
      const exit = await dev.exited;
      const lines = logEntries(dev);
      const stopped = lines.filter((e) => typeof e.msg === 'string' && e.msg.startsWith('stopped ')).map((e) => e.msg);
      expect({ round, exit, stopped, forced: dev.lines.filter((l) => l.includes('Forced exit')) }).toEqual({
        round,
        exit: { code: 0, signal: null },
        stopped: ['stopped api', 'stopped worker', 'stopped temporal', 'stopped postgres'],
        forced: [],
      });
      expect(lines.filter((e) => e.msg === 'shutting down')).toHaveLength(1);
      // npm's relay of the Ctrl-C usually reaches the service too ("repeated signal ignored"), unless
      // the kernel merged it with the group's while it was pending: either way, one orderly stop.
      const left = await eventually(async () => (tree.some(alive) ? undefined : []), 5_000).catch(() => tree.filter(alive));
      expect({ round, left }).toEqual({ round, left: [] });
      expect({ round, pidFiles: ['temporal.db.pid', 'postgres/postmaster.pid'].filter((f) => existsSync(path.join(dataDir, f))) }).toEqual({ round, pidFiles: [] });

      // The next start goes on with the parse: more pages than it had when it was stopped.
      dev = await startDevProcess(env, 240_000, 3, 'npm');
      running.push(dev);
    }

    // The last start finishes it, each page once.
    provider.respondWith(() => ({ kind: 'content', content: '# Page', delayMs: 10 }));
    const final = await eventually(async () => {
      const j = await call(dev.url, 'GET', `/v1/parse-jobs/${jobId}?wait=10`);
      return j.body.status === 'completed' || j.body.status === 'failed' ? j.body : undefined;
    }, 240_000);
    expect(final.status).toBe('completed');
    expect(final.result.pages).toHaveLength(PAGES);

    process.kill(-dev.child.pid!, 'SIGINT');
    expect(await dev.exited).toEqual({ code: 0, signal: null });
  }, 1_800_000);
});
