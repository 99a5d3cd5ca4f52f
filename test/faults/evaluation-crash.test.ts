// A worker killed with SIGKILL in the middle of an evaluation run (issue 34): a new worker
// resumes the run's workflow from its history; items whose job had finished are not run again,
// every item has exactly one job, and the report is complete.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, eventually, pollJob, startStackWithProvider } from '../api/job-helpers.js';
import type { RecordedRequest, ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

const SCHEMA = { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false };
const itemOf = (r: RecordedRequest) => Number(/Doc (\d+)\./.exec(JSON.stringify(r.body.messages))?.[1] ?? 0);
const answer = (r: RecordedRequest) => ({ kind: 'content' as const, content: JSON.stringify({ title: `Title ${itemOf(r)}` }) });

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ worker: false, env: { SERVICE_EVALUATION_CONCURRENCY: '2' } }));
  base = stack.url;
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

describe('worker killed mid-evaluation', () => {
  it('the run completes on a new worker; no finished item job runs twice', async () => {
    expect((await call(base, 'PUT', '/v1/extractors/crash-eval', { display_name: 'Crash eval', instructions: 'Extract the title.', model: 'generic-model', schema: SCHEMA })).status).toBe(201);
    await call(base, 'POST', '/v1/evaluation-sets', { name: 'crash-set', display_name: 'Crash set' });
    for (let k = 1; k <= 6; k++) {
      await call(base, 'POST', '/v1/evaluation-sets/crash-set/items', { text: `Doc ${k}.`, expected_output: { title: `Title ${k}` } });
    }
    // Items 1-3 answer at once; later items hang until the worker dies.
    provider.respondWith((req) => (itemOf(req) <= 3 ? answer(req) : { kind: 'stall' }));
    const first = await stack.startWorkerProcess({ readyTimeoutMs: 120_000 });
    const created = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'crash-set', extractor_name: 'crash-eval' });
    expect(created.status).toBe(201);
    const runPath = `/v1/evaluation-runs/${created.body.id}`;

    // Three item jobs completed and two requests hanging (two at a time).
    await eventually(async () => {
      const run = (await call(base, 'GET', runPath)).body;
      return run.progress.items_completed === 3 && provider.openRequests().now === 2 ? true : undefined;
    }, 60_000);
    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    provider.respondWith(answer);
    const second = await stack.startWorkerProcess({ readyTimeoutMs: 120_000 });

    const seen = await pollJob(base, runPath, undefined, 120_000);
    const run = seen[seen.length - 1];
    expect(run.status).toBe('completed');
    expect(run.progress).toEqual({ items_completed: 6, items_failed: 0, items_total: 6 });
    expect(run.report.overall).toMatchObject({ n: 6, tp: 6, fp: 0, fn: 0, tn: 0, accuracy: 1 });

    // One job per item, and the items finished before the crash were asked exactly once.
    const jobs = (await call(base, 'GET', `/v1/extraction-jobs?evaluation_run_id=${run.id}&limit=100`)).body;
    expect(jobs).toHaveLength(6);
    expect(new Set(run.report.items.map((i: any) => i.job_id)).size).toBe(6);
    const perItem = [1, 2, 3, 4, 5, 6].map((k) => provider.requests.filter((r) => itemOf(r) === k).length);
    expect(perItem.slice(0, 3)).toEqual([1, 1, 1]);
    // The two in flight when the worker died were asked again (the same job, its model call retried).
    expect(perItem.slice(3, 5)).toEqual([2, 2]);
    expect(perItem[5]).toBe(1);
    await second.stop();
  }, 420_000);
});
