// An evaluation run's jobs stay out of the review queue (issue 48, deliver 4): a job flagged for
// review in an extractor's (or classifier's) evaluation run keeps its review state, and is listed
// under its run and read by id, but never in `?review_status=…` lists, nor in the pending-review
// gauge; a production job of the same extractor is listed as before.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classificationPage, classificationStep, type ScriptedToken } from '../harness/scripted-provider.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { call, pollJob, startStackWithProvider } from './job-helpers.js';

const SIMPLE = {
  type: 'object',
  properties: { name: { type: 'string' }, total: { type: ['number', 'null'] } },
  required: ['name', 'total'],
  additionalProperties: false,
};

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

const tok = (token: string, p: number): ScriptedToken => ({ token, logprob: Math.log(p) });
/** `{"name": "Acme", "total": 12.5}` with the name at 0.5: below the extractor's 0.8, so flagged. */
function lowConfidenceAnswer() {
  const logprobs = [tok('{"name": "', 0.99), tok('Acme', 0.5), tok('", "total": ', 0.99), tok('12.5', 0.95), tok('}', 0.99)];
  return { kind: 'content' as const, content: logprobs.map((t) => t.token).join(''), logprobs };
}

const ids = (r: { body: Array<{ id: string }> }) => r.body.map((j) => j.id);

async function finished(path: string): Promise<any> {
  const seen = await pollJob(base, path, undefined, 120_000);
  return seen[seen.length - 1];
}

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_EVALUATION_CONCURRENCY: '2' } }));
  base = stack.url;
  provider.respondWith((r) => (classificationPage(r) ? classificationStep(r) : lowConfidenceAnswer()));
  const put = await call(base, 'PUT', '/v1/extractors/queue-review', { display_name: 'Queue', instructions: 'Extract.', model: 'generic-model', schema: SIMPLE, review_threshold: 0.8 });
  expect(put.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

describe('the review queue', () => {
  it('lists production jobs in review, never an evaluation run’s; those stay under their run', async () => {
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'queue-review', text: 'Acme, total 12.50' });
    expect(created.status).toBe(201);
    const production = await finished(`/v1/extraction-jobs/${created.body.id}`);
    expect(production.review).toMatchObject({ status: 'pending' });

    expect((await call(base, 'POST', '/v1/evaluation-sets', { name: 'queue-set', display_name: 'Queue set' })).status).toBe(201);
    for (const k of [1, 2]) {
      const item = await call(base, 'POST', '/v1/evaluation-sets/queue-set/items', { text: `Acme ${k}, total 12.50`, expected_output: { name: 'Acme', total: 12.5 } });
      expect(item.status).toBe(201);
    }
    const started = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'queue-set', extractor_name: 'queue-review' });
    expect(started.status).toBe(201);
    const run = await finished(`/v1/evaluation-runs/${started.body.id}`);
    expect(run.status).toBe('completed');

    // Under the run: both jobs, with the review their flags gave them.
    const underRun = await call(base, 'GET', `/v1/extraction-jobs?evaluation_run_id=${run.id}&limit=100`);
    expect(underRun.body).toHaveLength(2);
    for (const job of underRun.body) expect(job.review).toMatchObject({ status: 'pending' });
    const evaluationJobs = ids(underRun);
    expect(ids(await call(base, 'GET', `/v1/extraction-jobs?evaluation_run_id=${run.id}&review_status=pending&limit=100`)).sort()).toEqual([...evaluationJobs].sort());
    const byId = await call(base, 'GET', `/v1/extraction-jobs/${evaluationJobs[0]}`);
    expect([byId.status, byId.body.evaluation_run_id]).toEqual([200, run.id]);

    // The queue (as the studio's Review tab and the CLI ask for it): the production job only.
    // (Other files on this database may leave jobs of their own in review: only this file's are compared.)
    const queue = await call(base, 'GET', '/v1/extraction-jobs?review_status=pending&limit=100');
    expect(ids(queue).filter((id) => id === production.id || evaluationJobs.includes(id))).toEqual([production.id]);
    const byExtractor = await call(base, 'GET', `/v1/extraction-jobs?review_status=pending&extractor_id=${production.extractor_id}&limit=100`);
    expect(ids(byExtractor)).toEqual([production.id]);

    // The pending-review gauge counts the same one job.
    const metrics = await fetch(`${base}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/^docextract_reviews_pending\{extractor="queue-review"\} 1$/m);
  }, 300_000);

  it('lists no classification job of a classifier evaluation run in review', async () => {
    const classes = [{ name: 'invoice', description: 'An invoice.' }, { name: 'letter', description: 'A letter.' }];
    expect((await call(base, 'PUT', '/v1/classifiers/queue-classes', { display_name: 'Queue', model: 'generic-vision-model', classes, review_threshold: 0.9 })).status).toBe(201);
    expect((await call(base, 'POST', '/v1/evaluation-sets', { name: 'queue-packets', display_name: 'Queue packets' })).status).toBe(201);
    // The class value at 0.5: under the classifier's 0.9, so the split goes to review.
    const item = await call(base, 'POST', '/v1/evaluation-sets/queue-packets/items', { text: 'class: invoice starts: yes probs: 0.5', expected_segments: [{ class: 'invoice', pages: { start: 1, end: 1 } }] });
    expect(item.status).toBe(201);
    const started = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'queue-packets', classifier_name: 'queue-classes' });
    expect(started.status).toBe(201);
    const run = await finished(`/v1/evaluation-runs/${started.body.id}`);
    expect(run.status).toBe('completed');
    const jobId = run.report.item_results[0].job_id;
    const job = await call(base, 'GET', `/v1/classification-jobs/${jobId}`);
    expect(job.body.review).toMatchObject({ status: 'pending' });

    // A production job of the same classifier and text is in the queue; the run's is not.
    const created = await call(base, 'POST', '/v1/classification-jobs', { classifier_name: 'queue-classes', text: 'class: invoice starts: yes probs: 0.5', mode: 'split' });
    expect(created.status).toBe(201);
    const production = await finished(`/v1/classification-jobs/${created.body.id}`);
    expect(production.review).toMatchObject({ status: 'pending' });
    const queue = await call(base, 'GET', '/v1/classification-jobs?review_status=pending&limit=100');
    expect(ids(queue).filter((id) => id === production.id || id === jobId)).toEqual([production.id]);
  }, 300_000);
});
