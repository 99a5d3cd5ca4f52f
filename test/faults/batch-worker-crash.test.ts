// A batch whose worker is SIGKILLed mid-batch completes on a new worker: no item is started twice
// (one workflow run per item job), none is lost (every custom_id has its line), and items that had
// finished before the kill were asked of the provider once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, eventually, pollJob, startStackWithProvider } from '../api/job-helpers.js';
import type { RecordedRequest, ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

const ITEMS = 60;

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

function itemText(req: RecordedRequest): string {
  const users = (req.body.messages ?? []).filter((m: any) => m.role === 'user');
  const last = users[users.length - 1];
  const text = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
  return /crash-item \d+/.exec(text)?.[0] ?? text;
}

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ batches: true, worker: false, env: { SERVICE_BATCH_SLICE_MS: '2000', SERVICE_BATCH_SLICES_PER_RUN: '3' } }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/batch-crash', {
    display_name: 'Batch crash',
    instructions: 'Extract the title.',
    model: 'generic-model',
    schema: { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false },
  });
  expect(put.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

describe('a worker killed mid-batch', () => {
  it('the batch completes on a new worker, each item run once and none lost', async () => {
    provider.respondWith((req) => ({ kind: 'content', content: JSON.stringify({ title: itemText(req) }), delayMs: 150 }));
    const first = await stack.startWorkerProcess();
    const inputs = Array.from({ length: ITEMS }, (_, i) => ({ custom_id: `k-${i}`, text: `crash-item ${i}` }));
    const created = await call(base, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'batch-crash', inputs, concurrency: 4 });
    expect(created.status).toBe(201);
    const id = created.body.id;

    await eventually(async () => ((await call(base, 'GET', `/v1/batches/${id}`)).body.request_counts.completed >= 10 ? true : undefined), 120_000);
    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const finishedBefore = (await stack.db('extraction_jobs').where({ batch_id: id, status: 'completed' }).select('source_text')).map((r) => r.source_text as string);
    expect(finishedBefore.length).toBeGreaterThanOrEqual(10);

    const second = await stack.startWorkerProcess();
    const seen = await pollJob(base, `/v1/batches/${id}`, (b) => b.status === 'completed', 240_000);
    const done = seen[seen.length - 1];
    expect(done.request_counts).toEqual({ total: ITEMS, queued: 0, running: 0, completed: ITEMS, failed: 0, canceled: 0 });

    const r = await fetch(`${base}/v1/batches/${id}/results`);
    const lines = (await r.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(lines.map((l) => l.custom_id)).toEqual(inputs.map((i) => i.custom_id));
    for (const l of lines) expect(l.result.data.title).toBe(`crash-item ${l.custom_id.slice(2)}`);

    // Finished items were never asked again; an item in flight at the kill at most twice.
    const asked = new Map<string, number>();
    for (const req of provider.requests) asked.set(itemText(req), (asked.get(itemText(req)) ?? 0) + 1);
    for (const text of finishedBefore) expect(asked.get(text)).toBe(1);
    for (const input of inputs) expect(asked.get(input.text)).toBeGreaterThanOrEqual(1);
    for (const input of inputs) expect(asked.get(input.text)).toBeLessThanOrEqual(2);

    // One workflow run per item job: no item was started twice.
    for (const line of lines) {
      let runs = 0;
      for await (const _run of stack.temporal.workflow.list({ query: `WorkflowId = '${line.job_id}'` })) runs++;
      expect(runs).toBe(1);
    }
    await second.stop();
  }, 420_000);
});
