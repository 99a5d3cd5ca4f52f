import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makePdf } from '../fixtures/documents.js';
import { call, eventually, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { type RecordedRequest, type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';

// A worker SIGKILLed while a 120-page extraction runs in 15 windows: a new worker completes the
// job, and every window whose answer was already stored is never requested again. The activity's
// heartbeat timeout (SERVICE_HEARTBEAT_TIMEOUT_S: 5 s here, 20 s by default) decides how soon the lost
// windows are handed to the new worker.

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

const SCHEMA = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: { type: 'object', properties: { page: { type: 'integer' } }, required: ['page'], additionalProperties: false },
    },
  },
  required: ['items'],
  additionalProperties: false,
};

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ worker: false, env: { SERVICE_PAGE_CONCURRENCY: '2', SERVICE_RENDER_DPI: '40', SERVICE_HEARTBEAT_TIMEOUT_S: '5' } }));
  base = stack.url;
  await call(base, 'PUT', '/v1/extractors/crash-windows', { display_name: 'Crash windows', instructions: 'x', model: 'generic-model', schema: SCHEMA });
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

const firstPage = (r: RecordedRequest) => Number(/holds pages (\d+)–/.exec(JSON.stringify(r.body.messages))?.[1] ?? 0);
/** How many requests the provider has seen for the window that starts at this page. */
const timesAsked = (windowFirst: number) => provider.requests.filter((r) => firstPage(r) === windowFirst).length;
const answer = (r: RecordedRequest) => {
  const first = firstPage(r);
  return { kind: 'content' as const, content: JSON.stringify({ items: Array.from({ length: 8 }, (_, i) => ({ page: first + i })) }) };
};

describe('worker killed during a windowed extraction', () => {
  it('completes on a new worker, and the provider saw each finished window exactly once', async () => {
    // Windows starting at pages 1..41 (the first six) answer; the others hang until the worker dies.
    provider.respondWith((r) => (firstPage(r) <= 41 ? answer(r) : { kind: 'stall' }));
    const first = await stack.startWorkerProcess();
    const file = await upload(base, makePdf(Array.from({ length: 120 }, (_, i) => `Page ${i + 1}`)), 'long.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'crash-windows', file_id: file.body.id });
    expect(created.status).toBe(201);
    const path = `/v1/extraction-jobs/${created.body.id}`;

    // Six windows stored, two in flight (page concurrency 2). Which two is not fixed: windows 7-9
    // render in parallel lanes and take the model slots in the order their requests are ready. On a
    // loaded machine a stalled window may also be asked again before the kill (its heartbeat late),
    // so the windows in flight are counted, not their requests.
    let progress: unknown;
    const stalledWindows = () => new Set(provider.requests.map(firstPage).filter((p) => p > 41));
    await eventually(async () => {
      const job = (await call(base, 'GET', path)).body;
      progress = job.progress;
      return job.progress?.pages_completed === 48 && stalledWindows().size === 2 ? true : undefined;
    }, 120_000).catch((err: Error) => {
      const asked = provider.requests.map(firstPage);
      throw new Error(`${err.message}: progress ${JSON.stringify(progress)}, windows asked ${JSON.stringify(asked)}\n${first.output().slice(-3000)}`);
    });
    const stored = await stack.db('extraction_windows').where({ job_id: created.body.id }).count({ n: '*' });
    expect(Number(stored[0]!.n)).toBe(6);

    const inFlight = [...stalledWindows()];
    expect(inFlight).toHaveLength(2);
    const beforeKill = new Map(inFlight.map((p) => [p, timesAsked(p)]));

    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    provider.respondWith(answer);
    const second = await stack.startWorkerProcess();

    const seen = await pollJob(base, path, undefined, 120_000);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('completed');
    expect(job.result.data.items.map((i: any) => i.page)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    const perWindow = Array.from({ length: 15 }, (_, w) => timesAsked(w * 8 + 1));
    expect(perWindow.slice(0, 6)).toEqual([1, 1, 1, 1, 1, 1]); // finished windows never asked again
    // In flight when the worker died: asked once more than before the kill; the rest once.
    const expected = Array.from({ length: 9 }, (_, i) => (beforeKill.get((i + 6) * 8 + 1) ?? 0) + 1);
    expect(perWindow.slice(6)).toEqual(expected);
    await second.stop();
  }, 300_000);
});
