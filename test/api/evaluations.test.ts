// Evaluation sets, items and runs (issue 34) against the scripted provider: a 12-item run whose
// every figure is computed by hand below, a comparison before and after an extractor change, and
// cancel of a running evaluation.
import { DEFAULT_WORKSPACE_ID } from '../../src/storage/workspace-ids.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { RecordedRequest, ScriptedProvider, Step } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { call, eventually, pollJob, startStackWithProvider } from './job-helpers.js';

const SCHEMA = {
  type: 'object',
  properties: {
    merchant: { type: ['string', 'null'] },
    date: { type: ['string', 'null'], 'x-service': { semantic: 'date' } },
    total: { type: ['number', 'null'] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: ['string', 'null'] }, amount: { type: ['number', 'null'] } },
        required: ['name', 'amount'],
        additionalProperties: false,
      },
    },
  },
  required: ['merchant', 'date', 'total', 'items'],
  additionalProperties: false,
};

const key = (k: number) => `R${String(k).padStart(2, '0')}.`;
/** The right answer of receipt k. */
const expectedOf = (k: number) => ({
  merchant: `Shop ${k}`,
  date: `2026-01-${String(k).padStart(2, '0')}`,
  total: 10 * k,
  items: [
    { name: 'A', amount: k },
    { name: 'B', amount: 2 * k },
  ],
});

/** What the model answers for receipt k (before the extractor change). */
function answerOf(k: number): Record<string, unknown> | 'fail' {
  const e = expectedOf(k);
  switch (k) {
    case 2: return { ...e, items: [e.items[1], e.items[0]] }; // rows shuffled: still right
    case 3: return { ...e, date: 'January 3, 2026' }; // a date field compares as a date
    case 4: return { ...e, merchant: '  SHOP   4 ' }; // normalised strings
    case 7: return { ...e, total: 999 }; // wrong total
    case 8: return { ...e, merchant: null }; // missing merchant
    case 9: return { ...e, items: [...e.items, { name: 'C', amount: 1 }] }; // an extra row
    case 10: return { ...e, items: [e.items[0]] }; // a missing row
    case 11: return { ...e, date: '2026-02-11', items: [{ name: 'A', amount: 99 }, e.items[1]] }; // wrong date and amount
    case 12: return 'fail';
    default: return e;
  }
}

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
let setId: string;
const itemIds: string[] = [];

/** The receipt a request is about, from its text. */
const receiptOf = (req: RecordedRequest) => {
  const m = /R(\d\d)\./.exec(JSON.stringify(req.body.messages));
  return m ? Number(m[1]) : 0;
};

function script(answer: (k: number) => Record<string, unknown> | 'fail', delayMs = 150): void {
  provider.respondWith((req): Step => {
    const a = answer(receiptOf(req));
    if (a === 'fail') return { kind: 'error', status: 400 };
    return { kind: 'content', content: JSON.stringify(a), delayMs };
  });
}

async function runToEnd(body: Record<string, unknown>) {
  const created = await call(base, 'POST', '/v1/evaluation-runs', body);
  expect(created.status).toBe(201);
  const seen = await pollJob(base, `/v1/evaluation-runs/${created.body.id}`, undefined, 120_000);
  return { created: created.body, seen, run: seen[seen.length - 1] };
}

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: { SERVICE_EVALUATION_CONCURRENCY: '3', SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100', SERVICE_PROVIDER_MAX_INTERVAL_MS: '200' },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/receipt-eval', {
    display_name: 'Receipt (evaluated)',
    instructions: 'Extract the receipt. Version one.',
    model: 'test-vision-model',
    schema: SCHEMA,
  });
  expect(put.status).toBe(201);
  const set = await call(base, 'POST', '/v1/evaluation-sets', { name: 'receipts-12', display_name: 'Twelve receipts' });
  expect(set.status).toBe(201);
  expect(set.body).toMatchObject({ name: 'receipts-12', display_name: 'Twelve receipts', description: null, item_count: 0 });
  setId = set.body.id;
  for (let k = 1; k <= 12; k++) {
    const item = await call(base, 'POST', '/v1/evaluation-sets/receipts-12/items', { text: `Receipt ${key(k)} Shop ${k}`, expected_output: expectedOf(k) });
    expect(item.status).toBe(201);
    itemIds.push(item.body.id);
  }
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

describe('evaluation sets and items', () => {
  it('reads a set by id or name with its item_count; a taken name is 409 evaluation_set_exists', async () => {
    const byName = await call(base, 'GET', '/v1/evaluation-sets/receipts-12');
    const byId = await call(base, 'GET', `/v1/evaluation-sets/${setId}`);
    expect(byName.status).toBe(200);
    expect(byName.body.item_count).toBe(12);
    expect(byId.body).toEqual(byName.body);
    const again = await call(base, 'POST', '/v1/evaluation-sets', { name: 'receipts-12', display_name: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('evaluation_set_exists');
    const list = await call(base, 'GET', '/v1/evaluation-sets');
    expect(list.body.map((s: any) => s.id)).toContain(setId);
  });

  it('refuses an item with both inputs or none (422), a missing file or set (404)', async () => {
    const both = await call(base, 'POST', '/v1/evaluation-sets/receipts-12/items', { text: 'x', file_id: 'file_x', expected_output: {} });
    expect(both.status).toBe(422);
    const none = await call(base, 'POST', '/v1/evaluation-sets/receipts-12/items', { expected_output: {} });
    expect(none.status).toBe(422);
    const noAnswer = await call(base, 'POST', '/v1/evaluation-sets/receipts-12/items', { text: 'x' });
    expect(noAnswer.status).toBe(422);
    const file = await call(base, 'POST', '/v1/evaluation-sets/receipts-12/items', { file_id: 'file_01jqz8m4x5v6w7y8z9a0b1c2d3', expected_output: {} });
    expect(file.status).toBe(404);
    expect(file.body.code).toBe('not_found');
    const set = await call(base, 'GET', '/v1/evaluation-sets/no-such-set/items');
    expect(set.status).toBe(404);
  });

  it('lists items a page at a time, and gets, replaces and deletes one', async () => {
    const first = await call(base, 'GET', '/v1/evaluation-sets/receipts-12/items?limit=5');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(5);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await call(base, 'GET', `/v1/evaluation-sets/receipts-12/items?limit=5&cursor=${encodeURIComponent(cursor!)}`);
    expect(second.body).toHaveLength(5);
    expect(new Set([...first.body, ...second.body].map((i: any) => i.id)).size).toBe(10);

    const scratch = await call(base, 'POST', '/v1/evaluation-sets', { name: 'scratch', display_name: 'Scratch', description: 'for edits' });
    const item = await call(base, 'POST', '/v1/evaluation-sets/scratch/items', { text: 'hello', expected_output: { a: 1 }, note: 'first' });
    expect(item.body).toMatchObject({ evaluation_set_id: scratch.body.id, text: 'hello', file_id: null, expected_output: { a: 1 }, note: 'first', from_job_id: null });
    const put = await call(base, 'PUT', `/v1/evaluation-sets/scratch/items/${item.body.id}`, { text: 'hello again', expected_output: { a: 2 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: item.body.id, text: 'hello again', expected_output: { a: 2 }, note: null });
    expect((await call(base, 'GET', `/v1/evaluation-sets/scratch/items/${item.body.id}`)).body.expected_output).toEqual({ a: 2 });
    // An item is found only under its own set.
    expect((await call(base, 'GET', `/v1/evaluation-sets/receipts-12/items/${item.body.id}`)).status).toBe(404);
    expect((await call(base, 'DELETE', `/v1/evaluation-sets/scratch/items/${item.body.id}`)).status).toBe(204);
    expect((await call(base, 'GET', `/v1/evaluation-sets/scratch/items/${item.body.id}`)).status).toBe(404);
    expect((await call(base, 'GET', '/v1/evaluation-sets/scratch')).body.item_count).toBe(0);
    // A set without items cannot run.
    const empty = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'scratch', extractor_name: 'receipt-eval' });
    expect(empty.status).toBe(409);
    expect(empty.body.code).toBe('evaluation_set_empty');
    expect((await call(base, 'DELETE', '/v1/evaluation-sets/scratch')).status).toBe(204);
    expect((await call(base, 'GET', '/v1/evaluation-sets/scratch')).status).toBe(404);
  });

  it('takes a job as an item only when its review is approved (409 job_not_reviewed)', async () => {
    provider.enqueue({ kind: 'content', content: JSON.stringify(expectedOf(1)) });
    const job = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt-eval', text: 'Receipt R01.' });
    const done = await pollJob(base, `/v1/extraction-jobs/${job.body.id}`);
    expect(done[done.length - 1].status).toBe('completed');
    expect(done[done.length - 1].evaluation_run_id).toBeNull();
    const taken = await call(base, 'POST', '/v1/evaluation-sets/receipts-12/items', { from_job_id: job.body.id });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('job_not_reviewed');
    const missing = await call(base, 'POST', '/v1/evaluation-sets/receipts-12/items', { from_job_id: 'ejob_01jqz8n5p6q7r8s9t0v1w2x3y4' });
    expect(missing.status).toBe(404);

    // An approved review (trust issue 1/2 stores it on the job: extraction_jobs.review, with
    // `reviewed_data` beside the model's result.data): its input and reviewed data become the item.
    await stack.db.raw('ALTER TABLE extraction_jobs ADD COLUMN IF NOT EXISTS review jsonb');
    const reviewed = { ...expectedOf(1), total: 11 };
    const review = (status: string) => JSON.stringify({ status, revision: 2, reviewed_data: reviewed, updated_at: new Date().toISOString() });
    await stack.db('extraction_jobs').where({ id: job.body.id }).update({ review: review('pending') });
    const pending = await call(base, 'POST', '/v1/evaluation-sets/receipts-12/items', { from_job_id: job.body.id });
    expect([pending.status, pending.body.code]).toEqual([409, 'job_not_reviewed']);
    await stack.db('extraction_jobs').where({ id: job.body.id }).update({ review: review('approved') });
    await call(base, 'POST', '/v1/evaluation-sets', { name: 'from-review', display_name: 'From reviews' });
    const item = await call(base, 'POST', '/v1/evaluation-sets/from-review/items', { from_job_id: job.body.id, note: 'reviewed by Ann' });
    expect(item.status).toBe(201);
    expect(item.body).toMatchObject({ text: 'Receipt R01.', file_id: null, expected_output: reviewed, note: 'reviewed by Ann', from_job_id: job.body.id });
    expect((await call(base, 'DELETE', '/v1/evaluation-sets/from-review')).status).toBe(204);
    expect((await call(base, 'DELETE', `/v1/extraction-jobs/${job.body.id}`)).status).toBe(204);
  });
});

describe('an evaluation run of 12 items', () => {
  let baseline: any;

  it('runs every item as an extraction job of the snapshot and scores it exactly', async () => {
    script(answerOf);
    const created = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'receipts-12', extractor_name: 'receipt-eval' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      evaluation_set_id: setId,
      status: 'queued',
      progress: { items_completed: 0, items_failed: 0, items_total: 12 },
      options: { fuzzy_fields: [], fuzzy_threshold: 0.9, numeric_tolerance: 0, exclude_fields: [] },
      report: null,
      started_at: null,
      completed_at: null,
    });
    expect(created.body.extractor_snapshot).toMatchObject({ name: 'receipt-eval', instructions: 'Extract the receipt. Version one.', schema: SCHEMA, model: 'test-vision-model', provider_name: 'compatible_api' });
    // Changing the extractor now does not change what this run measures.
    const patch = await call(base, 'PATCH', '/v1/extractors/receipt-eval', { instructions: 'Extract the receipt. Version two.' });
    expect(patch.status).toBe(200);

    const seen = await pollJob(base, `/v1/evaluation-runs/${created.body.id}`, undefined, 120_000);
    const run = seen[seen.length - 1];
    baseline = run;
    expect(run.status).toBe('completed');
    expect(run.progress).toEqual({ items_completed: 11, items_failed: 1, items_total: 12 });
    expect(run.started_at).toEqual(expect.any(String));
    expect(run.completed_at).toEqual(expect.any(String));
    // Each item ran once, with the snapshot's instructions, at most 3 at a time.
    expect(provider.requests.map(receiptOf).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const req of provider.requests) expect(JSON.stringify(req.body.messages)).toContain('Version one.');
    expect(provider.openRequests().max).toBeLessThanOrEqual(3);

    // The item jobs are ordinary extraction jobs that name the run.
    const jobs = await call(base, 'GET', `/v1/extraction-jobs?evaluation_run_id=${run.id}&limit=100`);
    expect(jobs.body).toHaveLength(12);
    for (const job of jobs.body) expect(job.evaluation_run_id).toBe(run.id);
    // Operators find them in the Temporal Web UI by the run (visibility is eventually consistent);
    // the run's own workflow carries the attribute too (DocextractJobKind="evaluation_run").
    const byRun = async () => {
      const ids: string[] = [];
      for await (const w of stack.temporal.workflow.list({ query: `DocextractEvaluationRunId="${run.id}" AND DocextractJobKind="extraction"` })) ids.push(w.workflowId);
      return ids.sort();
    };
    const wanted = jobs.body.map((j: { id: string }) => j.id).sort();
    const until = Date.now() + 30_000;
    let listed = await byRun();
    while (listed.length < wanted.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      listed = await byRun();
    }
    expect(listed).toEqual(wanted);
    // They are found under their workspace too (issue 42): the item jobs take the run's DocextractWorkspace.
    const inWorkspace: string[] = [];
    for await (const w of stack.temporal.workflow.list({ query: `DocextractEvaluationRunId="${run.id}" AND DocextractWorkspace="${DEFAULT_WORKSPACE_ID}"` })) inWorkspace.push(w.workflowId);
    expect(inWorkspace.sort()).toEqual([...wanted, run.id].sort());

    const report = run.report;
    // By hand: 7 leaves per item (merchant, date, total, 2 rows × name, amount), 9 for item 9 (an extra row).
    // tp: 6×7 + 6 (7) + 6 (8) + 7 (9) + 5 (10) + 5 (11) + 0 (12, failed) = 71
    // fp: 1 (7: total) + 2 (9: extra row) + 2 (11: date, amount) = 5
    // fn: 1 (7) + 1 (8: merchant) + 2 (10: missing row) + 2 (11) + 7 (12: failed) = 13
    expect(report.overall).toEqual({ n: 86, tp: 71, fp: 5, fn: 13, tn: 0, precision: 71 / 76, recall: 71 / 84, f1: expect.any(Number), accuracy: 71 / 86 });
    expect(report.overall.f1).toBeCloseTo(142 / 160, 12);
    const counts = (f: string) => {
      const { n, tp, fp, fn, tn } = report.fields[f];
      return { n, tp, fp, fn, tn };
    };
    expect(Object.keys(report.fields).sort()).toEqual(['/date', '/items/*/amount', '/items/*/name', '/merchant', '/total']);
    expect(counts('/merchant')).toEqual({ n: 12, tp: 10, fp: 0, fn: 2, tn: 0 });
    expect(counts('/date')).toEqual({ n: 12, tp: 10, fp: 1, fn: 2, tn: 0 });
    expect(counts('/total')).toEqual({ n: 12, tp: 10, fp: 1, fn: 2, tn: 0 });
    expect(counts('/items/*/name')).toEqual({ n: 25, tp: 21, fp: 1, fn: 3, tn: 0 });
    expect(counts('/items/*/amount')).toEqual({ n: 25, tp: 20, fp: 2, fn: 4, tn: 0 });
    expect(report.fields['/merchant']).toMatchObject({ precision: 1, recall: 10 / 12, accuracy: 10 / 12 });
    expect(report.fields['/merchant'].f1).toBeCloseTo((2 * (10 / 12)) / (1 + 10 / 12), 12);
    expect(report.fields['/items/*/amount']).toMatchObject({ precision: 20 / 22, recall: 20 / 24, accuracy: 20 / 25 });

    expect(report.items.map((i: any) => i.item_id)).toEqual(itemIds);
    expect(report.items.map((i: any) => i.accuracy)).toEqual([1, 1, 1, 1, 1, 1, 6 / 7, 6 / 7, 7 / 9, 5 / 7, 5 / 7, 0]);
    expect(report.items.map((i: any) => i.status)).toEqual([...Array(11).fill('completed'), 'failed']);
    const jobIds = new Set(jobs.body.map((j: any) => j.id));
    for (const item of report.items) expect(jobIds.has(item.job_id)).toBe(true);
    const mismatches = (k: number) => report.items[k - 1].mismatches;
    for (let k = 1; k <= 6; k++) expect(mismatches(k)).toEqual([]);
    expect(mismatches(7)).toEqual([{ path: '/total', expected: 70, extracted: 999, confidence: null }]);
    expect(mismatches(8)).toEqual([{ path: '/merchant', expected: 'Shop 8', extracted: null, confidence: null }]);
    expect(mismatches(9)).toEqual([
      { path: '/items/2/name', expected: null, extracted: 'C', confidence: null },
      { path: '/items/2/amount', expected: null, extracted: 1, confidence: null },
    ]);
    expect(mismatches(10)).toEqual([
      { path: '/items/1/name', expected: 'B', extracted: null, confidence: null },
      { path: '/items/1/amount', expected: 20, extracted: null, confidence: null },
    ]);
    expect(mismatches(11)).toEqual([
      { path: '/date', expected: '2026-01-11', extracted: '2026-02-11', confidence: null },
      { path: '/items/0/amount', expected: 11, extracted: 99, confidence: null },
    ]);
    expect(mismatches(12)).toHaveLength(7);
    expect(report.items[11].error).toMatchObject({ code: 'provider_rejected' });
    for (let k = 1; k <= 11; k++) expect(report.items[k - 1].error).toBeNull();

    // No confidence from this provider: every extracted non-null value (tp + fp = 76) is unscored.
    expect(report.calibration).toEqual({
      buckets: [
        { min: 0, max: 0.5, n: 0, accuracy: null },
        { min: 0.5, max: 0.8, n: 0, accuracy: null },
        { min: 0.8, max: 0.9, n: 0, accuracy: null },
        { min: 0.9, max: 0.95, n: 0, accuracy: null },
        { min: 0.95, max: 1, n: 0, accuracy: null },
      ],
      thresholds: [0.5, 0.8, 0.9, 0.95].map((threshold) => ({ threshold, precision: null, recall: 0 })),
      unscored: 76,
    });
  }, 180_000);

  it('compares a run after an extractor change: exactly the regressions and the fixes', async () => {
    expect(baseline?.status).toBe('completed');
    // After the change: receipt 7's total is right now, receipt 1's merchant is wrong.
    script((k) => {
      if (k === 7) return expectedOf(7);
      if (k === 1) return { ...expectedOf(1), merchant: 'Shop One' };
      return answerOf(k);
    }, 20);
    const { run } = await runToEnd({ evaluation_set: setId, extractor_name: 'receipt-eval' });
    expect(run.status).toBe('completed');
    expect(run.extractor_snapshot.instructions).toBe('Extract the receipt. Version two.');
    for (const req of provider.requests) expect(JSON.stringify(req.body.messages)).toContain('Version two.');

    const cmp = await call(base, 'GET', `/v1/evaluation-runs/${run.id}/compare/${baseline.id}`);
    expect(cmp.status).toBe(200);
    expect(cmp.body.regressions).toEqual([{ item_id: itemIds[0], path: '/merchant', baseline: 'Shop 1', new: 'Shop One' }]);
    expect(cmp.body.fixes).toEqual([{ item_id: itemIds[6], path: '/total', baseline: 999, new: 70 }]);
    expect(cmp.body.fields['/merchant'].accuracy_delta).toBeCloseTo(9 / 12 - 10 / 12, 12);
    expect(cmp.body.fields['/total'].accuracy_delta).toBeCloseTo(11 / 12 - 10 / 12, 12);
    expect(cmp.body.fields['/date']).toEqual({ f1_delta: 0, accuracy_delta: 0 });
    // Reversed, a regression is a fix.
    const back = await call(base, 'GET', `/v1/evaluation-runs/${baseline.id}/compare/${run.id}`);
    expect(back.body.regressions).toEqual([{ item_id: itemIds[6], path: '/total', baseline: 70, new: 999 }]);
    expect(back.body.fixes).toEqual([{ item_id: itemIds[0], path: '/merchant', baseline: 'Shop One', new: 'Shop 1' }]);

    // Runs of another set do not compare.
    await call(base, 'POST', '/v1/evaluation-sets', { name: 'other-set', display_name: 'Other' });
    await call(base, 'POST', '/v1/evaluation-sets/other-set/items', { text: `Receipt ${key(1)}`, expected_output: expectedOf(1) });
    script(answerOf, 0);
    const { run: other } = await runToEnd({ evaluation_set: 'other-set', extractor_name: 'receipt-eval', options: { numeric_tolerance: 0.01 } });
    expect(other.options.numeric_tolerance).toBe(0.01);
    expect(other.report.overall).toMatchObject({ n: 7, tp: 7 });
    const differ = await call(base, 'GET', `/v1/evaluation-runs/${run.id}/compare/${other.id}`);
    expect(differ.status).toBe(409);
    expect(differ.body.code).toBe('evaluation_sets_differ');

    // A set with runs is kept; a finished run is deleted with its jobs.
    const inUse = await call(base, 'DELETE', '/v1/evaluation-sets/other-set');
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('evaluation_set_in_use');
    const otherJobs = (await call(base, 'GET', `/v1/extraction-jobs?evaluation_run_id=${other.id}`)).body;
    expect(otherJobs).toHaveLength(1);
    expect((await call(base, 'DELETE', `/v1/evaluation-runs/${other.id}`)).status).toBe(204);
    expect((await call(base, 'GET', `/v1/evaluation-runs/${other.id}`)).status).toBe(404);
    expect((await call(base, 'GET', `/v1/extraction-jobs/${otherJobs[0].id}`)).status).toBe(404);
    expect((await call(base, 'DELETE', '/v1/evaluation-sets/other-set')).status).toBe(204);

    const listed = await call(base, 'GET', `/v1/evaluation-runs?evaluation_set_id=${setId}`);
    expect(listed.body.map((r: any) => r.id)).toEqual([run.id, baseline.id]);
  }, 180_000);
});

describe('a run longer than one workflow run', () => {
  it('continues as new between chunks of items and scores them all', async () => {
    script(answerOf, 0);
    // The run's rows as the API writes them, and its workflow started with two items per workflow run.
    const set = await call(base, 'GET', '/v1/evaluation-sets/receipts-12');
    const extractor = (await call(base, 'GET', '/v1/extractors/receipt-eval')).body;
    const runId = `evrun_${'0'.repeat(10)}${Date.now().toString(32).padStart(16, '0')}`.slice(0, 32);
    await stack.db('evaluation_runs').insert({
      id: runId,
      set_id: set.body.id,
      extractor_id: extractor.id,
      extractor_snapshot: JSON.stringify(extractor),
      options: JSON.stringify({ fuzzy_fields: [], fuzzy_threshold: 0.9, numeric_tolerance: 0, exclude_fields: [] }),
      status: 'queued',
    });
    await stack.db('evaluation_run_items').insert(
      [1, 2, 3, 7, 12].map((k, position) => ({ run_id: runId, item_id: itemIds[k - 1], position, source_text: `Receipt ${key(k)}`, expected_output: JSON.stringify(expectedOf(k)) })),
    );
    const handle = await stack.temporal.workflow.start('evaluationRunWorkflow', {
      workflowId: runId,
      taskQueue: stack.taskQueue,
      args: [{ runId, concurrency: 2, job: { retry: stack.config.providerRetry, pageConcurrency: 1 }, itemsPerRun: 2 }],
    });
    const seen = await pollJob(base, `/v1/evaluation-runs/${runId}`, undefined, 120_000);
    const run = seen[seen.length - 1];
    const { error } = await stack.db('evaluation_runs').where({ id: runId }).first('error');
    expect([run.status, error]).toEqual(['completed', null]);
    expect(run.progress).toEqual({ items_completed: 4, items_failed: 1, items_total: 5 });
    // 5 items, 2 per workflow run: three runs of the workflow, the first two continued as new.
    const description = await stack.temporal.workflow.getHandle(runId).describe();
    expect(description.runId).not.toBe(handle.firstExecutionRunId);
    // The row is completed a moment before the workflow's last run closes (and visibility lags): wait for that close.
    await stack.temporal.workflow.getHandle(runId).result();
    const runs = await eventually(async () => {
      const seen: string[] = [];
      for await (const w of stack.temporal.workflow.list({ query: `WorkflowId = '${runId}'` })) seen.push(w.status.name);
      return seen.length === 3 && !seen.includes('RUNNING') ? seen : undefined;
    }, 30_000).catch(async () => {
      const seen: string[] = [];
      for await (const w of stack.temporal.workflow.list({ query: `WorkflowId = '${runId}'` })) seen.push(w.status.name);
      return seen;
    });
    expect(runs.sort()).toEqual(['COMPLETED', 'CONTINUED_AS_NEW', 'CONTINUED_AS_NEW']);
    expect(provider.requests.map(receiptOf).sort((a, b) => a - b)).toEqual([1, 2, 3, 7, 12]);
    // 7 leaves per item; item 7 one wrong value, item 12 failed (7 fn).
    expect(run.report.overall).toMatchObject({ n: 35, tp: 27, fp: 1, fn: 8, tn: 0 });
  }, 180_000);
});

describe('cancel of a running evaluation', () => {
  it('cancels its item jobs; no model request stays open', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const created = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'receipts-12', extractor_name: 'receipt-eval' });
    expect(created.status).toBe(201);
    await provider.waitForRequests(3, 30_000);
    const running = await call(base, 'GET', `/v1/evaluation-runs/${created.body.id}`);
    expect(running.body.status).toBe('running');

    const canceled = await call(base, 'POST', `/v1/evaluation-runs/${created.body.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(['canceling', 'canceled']).toContain(canceled.body.status);
    // An active run cannot be deleted.
    if (canceled.body.status === 'canceling') {
      const del = await call(base, 'DELETE', `/v1/evaluation-runs/${created.body.id}`);
      expect([204, 409]).toContain(del.status);
      if (del.status === 409) expect(del.body.code).toBe('evaluation_run_active');
    }
    const seen = await pollJob(base, `/v1/evaluation-runs/${created.body.id}`, (r) => r.status === 'canceled', 60_000);
    const run = seen[seen.length - 1];
    expect(run.report).toBeNull();
    const jobs = (await call(base, 'GET', `/v1/extraction-jobs?evaluation_run_id=${run.id}&limit=100`)).body;
    expect(jobs.length).toBeGreaterThanOrEqual(3);
    expect(jobs.length).toBeLessThanOrEqual(12);
    for (const job of jobs) expect(job.status).toBe('canceled');
    await eventually(async () => (provider.openRequests().now === 0 ? true : undefined), 30_000);
    // Three at a time: the run never started more than three item jobs' requests.
    expect(provider.requests.length).toBe(3);
    // Cancel of a finished run returns it unchanged.
    const again = await call(base, 'POST', `/v1/evaluation-runs/${run.id}/cancel`);
    expect(again.body.status).toBe('canceled');
    expect((await call(base, 'DELETE', `/v1/evaluation-runs/${run.id}`)).status).toBe(204);
  }, 120_000);
});
