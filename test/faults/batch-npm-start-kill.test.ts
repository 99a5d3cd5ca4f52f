// Issue 35, Done-when: a 200-PDF parse batch with a whole-`npm start` SIGKILL in the middle
// completes after restart; the provider saw every page of every document at most twice and every
// finished job once.
//
// `npm start` (src/bin/dev.ts) runs as a real child process in its own process group with its own
// data folder (embedded Postgres and Temporal dev server included, as npm-start-supervision.test.ts
// starts it). 200 distinct PDFs of 2 or 3 pages are uploaded and parsed as one batch; once some
// items have completed and others are in flight, the whole process group is SIGKILLed (npm start,
// its Postgres, its Temporal server), npm start is started again on the same data folder, and the
// batch completes by itself.
//
// Pages are told apart by their image: every page of every PDF carries its own text ("doc 17 /
// page 2"), so its rendered PNG is its own; the scripted provider answers each page with the
// SHA-256 of the image it received, so each job's Markdown names the images of its pages, and the
// recorded requests say how often each image (page) was asked.
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stopChild } from '../../src/runtime/process.js';
import { call, documentImages, eventually, pointCompatibleProviderAt, upload } from '../api/job-helpers.js';
import { makePdf } from '../fixtures/documents.js';
import { devProcessEnv, startDevProcess, type DevProcess } from '../harness/dev-process.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { alive, commandLine, descendants } from '../harness/process-tree.js';
import { startScriptedProvider, type RecordedRequest, type ScriptedProvider } from '../harness/scripted-provider.js';
import { soakOr } from '../harness/soak.js';

/**
 * Documents in the batch: 60 in `npm test` (15 completed before the kill, others in flight: the
 * same at-most-twice and exactly-once checks); the 200 under `npm run test:soak`.
 * BATCH_KILL_DOCS sets it either way.
 */
const DOCS = Number(process.env.BATCH_KILL_DOCS || soakOr(60, 200));
/** Completed items before the kill. */
const KILL_AFTER = Math.max(1, Math.floor(DOCS / 4));
const pagesOf = (doc: number) => 2 + (doc % 2); // 2 or 3 pages


let provider: ScriptedProvider;
let dataDir: string;
let env: Record<string, string>;
const running: DevProcess[] = [];

async function startDev(): Promise<DevProcess> {
  const dev = await startDevProcess(env, 240_000);
  running.push(dev);
  return dev;
}

/** The page a request asked about: the SHA-256 of its one image's data URL. */
function pageKey(req: RecordedRequest): string {
  const images = documentImages(req.body);
  expect(images).toHaveLength(1);
  return createHash('sha256').update(images[0]!).digest('hex').slice(0, 24);
}

/** The page keys a parse result names, in page order. */
const keysIn = (content: string) => [...content.matchAll(/page-key ([0-9a-f]{24})/g)].map((m) => m[1]!);

async function getBatch(url: string, id: string): Promise<any> {
  const r = await call(url, 'GET', `/v1/batches/${id}`);
  if (r.status !== 200) throw new Error(`GET /v1/batches/${id} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

async function resultLines(url: string, id: string, query = ''): Promise<any[]> {
  const r = await fetch(`${url}/v1/batches/${id}/results${query}`);
  expect(r.status).toBe(200);
  return (await r.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

beforeAll(async () => {
  const harness = readHarnessInfo();
  // Inside the run's temp folder, which the `postgres` user may enter (the cluster runs as it under root).
  dataDir = await mkdtemp(path.join(harness.tempDir, 'npm-start-batch-'));
  await chmod(dataDir, 0o755);
  provider = await startScriptedProvider();
  // Each page takes a while at the model, so items are in flight when everything is killed.
  provider.respondWith((req) => ({ kind: 'content', content: `# Page\n\npage-key ${pageKey(req)}`, delayMs: 400 }));
  env = await devProcessEnv(dataDir);
}, 60_000);

afterAll(async () => {
  for (const dev of running) {
    if (dev.child.exitCode === null && dev.child.signalCode === null) await stopChild(dev.child, { signal: 'SIGTERM', timeoutMs: 30_000 });
  }
  await provider?.close();
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}, 60_000);

describe(`a ${DOCS}-PDF parse batch when npm start's whole process group is SIGKILLed mid-batch`, () => {
  it('completes after restart; every page asked at most twice, every job finished before the kill once', async () => {
    const startedAt = Date.now();
    let dev = await startDev();
    await pointCompatibleProviderAt(dev.url, provider.baseUrl);

    // 200 distinct small PDFs: the text of every page names its document and page.
    const inputs: Array<{ custom_id: string; file_id: string }> = [];
    for (let doc = 0; doc < DOCS; doc++) {
      const pages = Array.from({ length: pagesOf(doc) }, (_, p) => `doc ${doc}\npage ${p + 1}`);
      const file = await upload(dev.url, makePdf(pages, { width: 288, height: 216, fontSize: 28 }), `doc-${doc}.pdf`, 'application/pdf');
      expect(file.status).toBe(201);
      inputs.push({ custom_id: `doc-${doc}`, file_id: file.body.id });
    }
    const totalPages = inputs.reduce((n, _, doc) => n + pagesOf(doc), 0);
    const created = await call(dev.url, 'POST', '/v1/batches', { kind: 'parse', parser_name: 'document-to-markdown', inputs, concurrency: 16 });
    expect(created.status).toBe(201);
    const id: string = created.body.id;

    // Some items completed, others in flight (running, with model requests open).
    const before = await eventually(async () => {
      const b = await getBatch(dev.url, id);
      return b.request_counts.completed >= KILL_AFTER && b.request_counts.running > 0 && provider.openRequests().now > 0 ? b : undefined;
    }, 300_000);
    // What had finished, read just before the kill: a job that finishes in between is simply not counted here.
    const finishedBefore = await resultLines(dev.url, id, '?status=completed');
    const requestsBeforeKill = provider.requests.length;
    const openAtKill = provider.openRequests().now;

    // npm start, its watchdog, the postmaster with its backends, the Temporal server: all of it.
    const entries = dev.lines.flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, any>];
      } catch {
        return [];
      }
    });
    const postgres = entries.find((e) => e.msg === 'embedded Postgres ready')?.pid as number | undefined;
    const temporal = entries.find((e) => e.msg === 'Temporal development server ready')?.pid as number | undefined;
    const tree = descendants(dev.child.pid!);
    expect(tree).toEqual(expect.arrayContaining([dev.child.pid, postgres, temporal]));
    process.kill(-dev.child.pid!, 'SIGKILL');
    const killedAt = Date.now();
    expect((await dev.exited).signal).toBe('SIGKILL');
    await eventually(async () => (tree.every((pid) => !alive(pid)) ? true : undefined), 10_000).catch(() => undefined);
    expect(tree.filter(alive).map((pid) => `${pid} ${commandLine(pid)}`)).toEqual([]);

    // Started again on the same data folder: the batch goes on by itself.
    dev = await startDev();
    const restartedAt = Date.now();
    let done: any;
    for (const deadline = Date.now() + 600_000; ; ) {
      done = await getBatch(dev.url, id);
      const c = done.request_counts;
      expect(c.queued + c.running + c.completed + c.failed + c.canceled).toBe(c.total);
      if (done.status === 'completed' || done.status === 'canceled') break;
      if (Date.now() > deadline) throw new Error(`batch still ${done.status} ${JSON.stringify(c)} 600 s after the restart`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const completedAt = Date.now();
    const failures = done.request_counts.failed > 0 ? (await resultLines(dev.url, id, '?status=failed')).map((l) => [l.custom_id, l.error]) : [];
    expect({ status: done.status, counts: done.request_counts, failures }).toEqual({
      status: 'completed',
      counts: { total: DOCS, queued: 0, running: 0, completed: DOCS, failed: 0, canceled: 0 },
      failures: [],
    });

    // Results: one line per document, each custom_id once, in input order, every page transcribed.
    const lines = await resultLines(dev.url, id);
    expect(lines).toHaveLength(DOCS);
    expect(lines.map((l) => l.custom_id)).toEqual(inputs.map((i) => i.custom_id));
    expect(new Set(lines.map((l) => l.job_id)).size).toBe(DOCS);

    // The images of each document's pages, from its Markdown; every page its own image.
    const pageOf = new Map<string, string>(); // page key → "doc-17 p2"
    for (const [doc, line] of lines.entries()) {
      expect(line.status).toBe('completed');
      expect(line.result.page_count).toBe(pagesOf(doc));
      const keys = keysIn(line.result.content);
      expect(keys).toHaveLength(pagesOf(doc));
      keys.forEach((k, p) => pageOf.set(k, `${line.custom_id} p${p + 1}`));
    }
    expect(pageOf.size).toBe(totalPages);

    // Every request asked about one of those pages; every page at least once and at most twice.
    const asked = new Map<string, number>();
    const unknown: string[] = [];
    for (const req of provider.requests) {
      const key = pageKey(req);
      if (!pageOf.has(key)) unknown.push(key);
      asked.set(key, (asked.get(key) ?? 0) + 1);
    }
    expect(unknown).toEqual([]);
    const askedTwice = [...pageOf].filter(([k]) => (asked.get(k) ?? 0) === 2).map(([, page]) => page);
    const overAsked = [...pageOf].filter(([k]) => (asked.get(k) ?? 0) > 2).map(([k, page]) => `${page}: ${asked.get(k)}`);
    const neverAsked = [...pageOf].filter(([k]) => !asked.has(k)).map(([, page]) => page);
    expect({ overAsked, neverAsked }).toEqual({ overAsked: [], neverAsked: [] });

    // Every job that had finished before the kill: each of its pages asked exactly once.
    expect(finishedBefore.length).toBeGreaterThanOrEqual(KILL_AFTER);
    const askedAgain: string[] = [];
    for (const line of finishedBefore) {
      for (const key of keysIn(line.result.content)) if (asked.get(key) !== 1) askedAgain.push(`${pageOf.get(key)}: ${asked.get(key)}`);
    }
    expect(askedAgain).toEqual([]);
    // And after the restart no request at all concerned them.
    const finishedKeys = new Set(finishedBefore.flatMap((l) => keysIn(l.result.content)));
    expect(provider.requests.slice(requestsBeforeKill).filter((r) => finishedKeys.has(pageKey(r)))).toEqual([]);

    // What the run came to (in the test's output).
    console.log(
      JSON.stringify({
        docs: DOCS,
        pages: totalPages,
        completed_before_kill: before.request_counts.completed,
        finished_jobs_read_before_kill: finishedBefore.length,
        model_requests_open_at_kill: openAtKill,
        processes_killed: tree.length,
        model_requests: provider.requests.length,
        pages_asked_twice: askedTwice.length,
        seconds_to_kill: Math.round((killedAt - startedAt) / 1000),
        seconds_restart_ready: Math.round((restartedAt - killedAt) / 1000),
        seconds_restart_to_completed: Math.round((completedAt - restartedAt) / 1000),
      }),
    );
  }, 1_200_000);
});
