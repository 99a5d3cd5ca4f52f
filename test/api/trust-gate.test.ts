// Trust loop, the release gate (issue 40, item 5): a candidate change of an extractor runs on its
// evaluation set and is compared with a run of the current version, as one workflow that survives
// a worker restart. A change that breaks one field is regressed and its promotion refused; a
// harmless one passes and its promotion makes a new version.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RecordedRequest, ScriptedProvider, Step } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { call, eventually, pollJob, startStackWithProvider } from './job-helpers.js';

const SCHEMA = {
  type: 'object',
  properties: { merchant: { type: 'string' }, total: { type: 'number' } },
  required: ['merchant', 'total'],
  additionalProperties: false,
};
const ITEMS = 3;
const expectedOf = (k: number) => ({ merchant: `Shop ${k}`, total: 10 * k });

/** Right answers, except the total when the instructions say BREAK-TOTAL. */
function answer(req: RecordedRequest): Step {
  const prompt = JSON.stringify(req.body.messages);
  const k = Number(/Receipt R(\d)/.exec(prompt)?.[1] ?? 0);
  const e = expectedOf(k);
  const total = prompt.includes('BREAK-TOTAL') ? e.total + 1 : e.total;
  return { kind: 'content', content: JSON.stringify({ merchant: e.merchant, total }), delayMs: 500 };
}

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
const path = '/v1/extractors/gate-receipt';

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_EVALUATION_CONCURRENCY: '2' } }));
  base = stack.url;
  provider.respondWith(answer);
  expect((await call(base, 'POST', '/v1/evaluation-sets', { name: 'gate-set', display_name: 'Gate' })).status).toBe(201);
  for (let k = 1; k <= ITEMS; k++) {
    const item = await call(base, 'POST', '/v1/evaluation-sets/gate-set/items', { text: `Receipt R${k}. Shop ${k}, total ${10 * k}`, expected_output: expectedOf(k) });
    expect(item.status).toBe(201);
  }
  const put = await call(base, 'PUT', path, { display_name: 'Receipt', instructions: 'Extract.', model: 'generic-model', schema: SCHEMA });
  expect(put.body).toMatchObject({ version: 1, evaluation_set: null });
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

async function finished(candidateId: string) {
  const seen = await pollJob(base, `${path}/candidates/${candidateId}`, (c) => c.status !== 'running', 180_000);
  return seen[seen.length - 1];
}

describe('the release gate', () => {
  let regressed: any;

  it('needs an evaluation_set and changes valid as a PATCH', async () => {
    const missing = await call(base, 'POST', `${path}/candidates`, { changes: { instructions: 'Extract well.' } });
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe('evaluation_set_missing');
    const unknown = await call(base, 'PATCH', path, { evaluation_set: 'no-such-set' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const patched = await call(base, 'PATCH', path, { evaluation_set: 'gate-set' });
    expect(patched.body).toMatchObject({ version: 2, evaluation_set: 'gate-set' });
    for (const changes of [{ bogus: 1 }, { review_threshold: 2 }, { evaluation_set: 'Not A Name' }]) {
      expect((await call(base, 'POST', `${path}/candidates`, { changes })).status).toBe(422);
    }
    const badSchema = await call(base, 'POST', `${path}/candidates`, { changes: { schema: { type: 'nonsense' } } });
    expect(badSchema.status).toBe(400);
    expect(badSchema.body.code).toBe('invalid_schema');
  });

  it('a change that breaks one field is regressed, across a worker restart, and its promotion is refused', async () => {
    const created = await call(base, 'POST', `${path}/candidates`, { changes: { instructions: 'Extract. BREAK-TOTAL' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'running', base_version: 2, comparison: null });
    expect(created.body.id).toMatch(/^cand_/);
    expect(created.body.baseline_run_id).toMatch(/^evrun_/);
    expect(created.body.candidate_run_id).toMatch(/^evrun_/);
    const early = await call(base, 'POST', `${path}/candidates/${created.body.id}/promote`, {});
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('candidate_not_finished');

    // The worker goes away while the runs' jobs are in flight; a new one finishes the candidate.
    await eventually(async () => (provider.requests.length > 0 ? true : undefined), 60_000);
    await stack.stopWorker();
    // Stopped mid-run: nothing is left to move it on until a worker comes back.
    expect((await call(base, 'GET', `${path}/candidates/${created.body.id}`)).body.status).toBe('running');
    await stack.startWorker();

    regressed = await finished(created.body.id);
    expect(regressed.status).toBe('regressed');
    const baseline = (await call(base, 'GET', `/v1/evaluation-runs/${regressed.baseline_run_id}`)).body;
    const candidateRun = (await call(base, 'GET', `/v1/evaluation-runs/${regressed.candidate_run_id}`)).body;
    expect(baseline).toMatchObject({ status: 'completed', extractor_snapshot: { version: 2, instructions: 'Extract.' } });
    expect(candidateRun).toMatchObject({ status: 'completed', extractor_snapshot: { version: 3, instructions: 'Extract. BREAK-TOTAL' } });
    // The comparison is the compare endpoint's, and only the total got worse, in every item.
    const compare = await call(base, 'GET', `/v1/evaluation-runs/${regressed.candidate_run_id}/compare/${regressed.baseline_run_id}`);
    expect(regressed.comparison).toEqual(compare.body);
    expect(regressed.comparison.regressions).toHaveLength(ITEMS);
    expect(new Set(regressed.comparison.regressions.map((r: any) => r.path))).toEqual(new Set(['/total']));

    const refused = await call(base, 'POST', `${path}/candidates/${regressed.id}/promote`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('regressions_found');
    expect(refused.body.detail.regressions).toHaveLength(ITEMS);
    expect((await call(base, 'GET', path)).body.version).toBe(2);
  }, 240_000);

  it('a harmless change passes against the same baseline run, and its promotion bumps the version', async () => {
    const created = await call(base, 'POST', `${path}/candidates`, { changes: { display_name: 'Receipt, renamed' } });
    expect(created.status).toBe(201);
    // A completed run of version 2 exists: it is the baseline, not run again.
    expect(created.body.baseline_run_id).toBe(regressed.baseline_run_id);
    await eventually(async () => {
      const run = (await call(base, 'GET', `/v1/evaluation-runs/${created.body.candidate_run_id}`)).body;
      return run.status === 'running' ? true : undefined;
    }, 60_000);
    await stack.stopWorker();
    expect((await call(base, 'GET', `${path}/candidates/${created.body.id}`)).body.status).toBe('running');
    await stack.startWorker();
    const passed = await finished(created.body.id);
    expect(passed).toMatchObject({ status: 'passed', error: null });
    expect(passed.comparison.regressions).toEqual([]);

    const promoted = await call(base, 'POST', `${path}/candidates/${passed.id}/promote`, {});
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ promoted_version: 3, promotion_forced: false });
    expect((await call(base, 'GET', path)).body).toMatchObject({ version: 3, display_name: 'Receipt, renamed' });

    // The regressed candidate was made from version 2: even forced, it no longer applies.
    const stale = await call(base, 'POST', `${path}/candidates/${regressed.id}/promote`, { force: true });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('extractor_changed');

    const list = await call(base, 'GET', `${path}/candidates`);
    expect(list.body.map((c: any) => c.id)).toEqual([passed.id, regressed.id]);
  }, 240_000);

  it('a forced promotion of a regressed candidate is recorded; cancel ends a running one', async () => {
    const created = await call(base, 'POST', `${path}/candidates`, { changes: { instructions: 'Extract. BREAK-TOTAL' } });
    const done = await finished(created.body.id);
    expect(done.status).toBe('regressed');
    const forced = await call(base, 'POST', `${path}/candidates/${done.id}/promote`, { force: true });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ promoted_version: 4, promotion_forced: true });

    const running = await call(base, 'POST', `${path}/candidates`, { changes: { instructions: 'Extract.' } });
    const canceled = await call(base, 'POST', `${path}/candidates/${running.body.id}/cancel`);
    expect(canceled.body.status).toBe('canceled');
    const run = await pollJob(base, `/v1/evaluation-runs/${running.body.candidate_run_id}`, undefined, 60_000);
    expect(run[run.length - 1].status).toBe('canceled');
    expect((await call(base, 'GET', `${path}/candidates/${running.body.id}`)).body.status).toBe('canceled');
  }, 240_000);

  it('a candidate canceled before its workflow reads it has its runs canceled, not left queued', async () => {
    // Cancel marks the candidate canceled, then asks Temporal to cancel its workflow; the workflow's
    // first step can run between the two (a CI run left a run queued so). With no worker, the
    // candidate is created and marked as the API's first step does; the worker then finds it canceled.
    await stack.stopWorker();
    const created = await call(base, 'POST', `${path}/candidates`, { changes: { instructions: 'Extract carefully.' } });
    expect(created.status).toBe(201);
    expect(await stack.db('extractor_candidates').where({ id: created.body.id, status: 'running' }).update({ status: 'canceled', completed_at: stack.db.fn.now() })).toBe(1);
    await stack.startWorker();
    const run = await pollJob(base, `/v1/evaluation-runs/${created.body.candidate_run_id}`, undefined, 60_000);
    expect(run[run.length - 1].status).toBe('canceled');
    expect((await call(base, 'GET', `${path}/candidates/${created.body.id}`)).body.status).toBe('canceled');
  }, 120_000);
});
