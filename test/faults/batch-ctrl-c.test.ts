import { chmod, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stopChild } from '../../src/runtime/process.js';
import { call, eventually, pointCompatibleProviderAt } from '../api/job-helpers.js';
import { devProcessEnv, logEntries, startDevProcess, type DevProcess } from '../harness/dev-process.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { soakOr } from '../harness/soak.js';

// Issue 45 Deliver 1: Ctrl-C of `npm start` while a 500-item batch runs. The batch's slice (a
// minute-long activity) ends at its next beat instead of holding the stop for the whole shutdown
// grace (30 s by default), the stop says what it waits for, `npm start` exits 0, and the next start
// finishes the batch with exact counts. `npm test` runs 200 items (the batch is mid-way at the
// Ctrl-C either way: it comes after 20); `npm run test:soak` the 500.

const ITEMS = soakOr(200, 500);
const SCHEMA = { type: 'object', properties: { n: { type: ['string', 'null'] } }, required: ['n'], additionalProperties: false };

let provider: ScriptedProvider;
let dataDir: string;
let env: Record<string, string>;
const running: DevProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(readHarnessInfo().tempDir, 'batch-ctrl-c-'));
  await chmod(dataDir, 0o755);
  provider = await startScriptedProvider();
  provider.respondWith((req) => ({ kind: 'content', content: JSON.stringify({ n: /item \d+/.exec(JSON.stringify(req.body.messages))?.[0] ?? null }), delayMs: 300 }));
  // The default grace (30 s) and slice (60 s): what a user has.
  env = await devProcessEnv(dataDir, { npm_config_ignore_scripts: 'true' }, /^npm_/);
}, 60_000);

afterAll(async () => {
  for (const dev of running) {
    if (dev.child.exitCode === null && dev.child.signalCode === null) await stopChild(dev.child, { signal: 'SIGTERM', timeoutMs: 30_000 });
  }
  await provider?.close();
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}, 60_000);

describe('Ctrl-C of npm start with a batch running', () => {
  it(`stops within seconds saying what it waits for, and the next start completes the ${ITEMS}-item batch`, async () => {
    let dev = await startDevProcess(env, 240_000, 3, 'npm');
    running.push(dev);
    await pointCompatibleProviderAt(dev.url, provider.baseUrl);
    expect((await call(dev.url, 'PUT', '/v1/extractors/ctrl-c', { display_name: 'Ctrl-C', instructions: 'Label.', model: 'm', schema: SCHEMA })).status).toBe(201);
    const inputs = Array.from({ length: ITEMS }, (_, i) => ({ custom_id: `c${i}`, text: `item ${i}` }));
    const created = await call(dev.url, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'ctrl-c', inputs, concurrency: 8 });
    expect(created.status).toBe(201);
    const batchId: string = created.body.id;
    await eventually(async () => ((await call(dev.url, 'GET', `/v1/batches/${batchId}`)).body.request_counts.completed >= 20 ? true : undefined), 120_000);

    // One SIGINT to npm start's process group, as a terminal sends Ctrl-C.
    process.kill(-dev.child.pid!, 'SIGINT');
    const exit = await dev.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    const lines = logEntries(dev);
    const at = (msg: string) => lines.find((e) => e.msg === msg)?.time as number | undefined;
    // The worker said what it waited for: the batch's slice among the activities in flight.
    const stopping = lines.find((e) => e.msg === 'worker stopping');
    expect(stopping?.waiting_for).toEqual(expect.arrayContaining([`runBatchSlice (${batchId})`]));
    // The worker's part of the stop no longer waits out the 30 s grace for the slice.
    const workerStopMs = at('stopped worker')! - at('worker stopping')!;
    const wholeStopMs = at('stopped postgres')! - at('shutting down')!;
    console.log(`Ctrl-C with a batch running: worker stopped in ${workerStopMs} ms, npm start in ${wholeStopMs} ms (loaded shared machine)`);
    expect(workerStopMs).toBeLessThan(5_000);
    expect(lines.filter((l) => typeof l.msg === 'string' && l.msg.includes('Forced exit'))).toEqual([]);

    // The next start resumes the batch where it was and completes it, every item exactly once.
    dev = await startDevProcess(env, 240_000, 3, 'npm');
    running.push(dev);
    const done = await eventually(async () => {
      const b = (await call(dev.url, 'GET', `/v1/batches/${batchId}`)).body;
      return b.status === 'completed' ? b : undefined;
    }, 300_000);
    expect(done.request_counts).toEqual({ total: ITEMS, queued: 0, running: 0, completed: ITEMS, failed: 0, canceled: 0 });
    const results = (await (await fetch(`${dev.url}/v1/batches/${batchId}/results`)).text()).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(results.map((r) => [r.custom_id, r.result.data.n])).toEqual(inputs.map((x, i) => [x.custom_id, `item ${i}`]));

    process.kill(-dev.child.pid!, 'SIGINT');
    expect(await dev.exited).toEqual({ code: 0, signal: null });
  }, 900_000);
});
