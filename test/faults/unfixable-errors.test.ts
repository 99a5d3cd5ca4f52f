// The engine's rule (issue 38): no activity failure may leave work `running` without a reason. An
// error no retry can fix ends the work `failed` with a code after a bounded number of attempts.
// Two ways in: the defects the fault drills found (JSON nested 5,000 deep stored by a release
// that did not bound depth: an extractor example, an evaluation item's expected output), and a
// TypeError injected into each kind of activity (bookkeeping, local bookkeeping, model call,
// evaluation, a batch's slice) of a real worker on the real workflows. The worker is this file's own (createWorker
// with its activities wrapped), so the worker's real interceptor classifies the injected error.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Worker } from '@temporalio/worker';
import { createActivities, type Activities } from '../../activities/index.js';
import { closeRenderPool } from '../../src/documents/index.js';
import { createLogger } from '../../src/logging.js';
import { installTemporalRuntime } from '../../src/runtime/temporal-runtime.js';
import { createDb } from '../../src/storage/db.js';
import { createWorker } from '../../src/temporal/worker.js';
import { InFlightActivities } from '../../src/temporal/in-flight-activities.js';
import { makePng } from '../fixtures/documents.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { call, pointCompatibleProviderAt, pollJob, upload } from '../api/job-helpers.js';

const SCHEMA = { type: 'object', properties: { total: { type: ['number', 'null'] } }, required: ['total'], additionalProperties: false };
/** `{"v": [[[…5,000 levels…]]]}`, written as text: JSON.stringify would not mind, but the point is the stored text. */
const DEEP_JSON = `{"v": ${'['.repeat(5000)}${']'.repeat(5000)}}`;

let stack: TestStack;
let provider: ScriptedProvider;
let worker: Worker;
let running: Promise<void>;
/** The same worker's twin on the batch task queue (batch workflows, their slices and items). */
let batchWorker: Worker;
let batchRunning: Promise<void>;
let workerDb: ReturnType<typeof createDb>;
let base: string;
let fileId: string;
/** The activity that throws an injected TypeError on every attempt (null: none). */
let faulty: string | null = null;
/** An activity held until the test has written its data (the API itself never stores such values now). */
let held: { activity: string; until: Promise<void>; reached: () => void } | null = null;

/** Every activity of the worker, with the one named by `faulty` replaced by a bug. */
function injecting(activities: Activities): Activities {
  const wrapped = Object.entries(activities).map(([name, fn]) => [
    name,
    async (...args: unknown[]) => {
      if (name === faulty) throw new TypeError(`injected into ${name}: Cannot read properties of undefined (reading 'x')`);
      if (held?.activity === name) {
        held.reached();
        await held.until;
      }
      return (fn as (...a: unknown[]) => unknown)(...args);
    },
  ]);
  return Object.fromEntries(wrapped) as Activities;
}

/** Hold `activity` until the returned release(); `reached` settles once the worker is there. */
function hold(activity: string): { reached: Promise<void>; release: () => void } {
  let release!: () => void;
  let reached!: () => void;
  const until = new Promise<void>((r) => (release = r));
  const at = new Promise<void>((r) => (reached = r));
  held = { activity, until, reached };
  return { reached: at, release: () => { held = null; release(); } };
}

beforeAll(async () => {
  provider = await startScriptedProvider();
  stack = await startTestStack({
    batches: true,
    worker: false,
    env: { SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100', SERVICE_PROVIDER_MAX_INTERVAL_MS: '200', SERVICE_EVALUATION_CONCURRENCY: '2' },
  });
  base = stack.url;
  await pointCompatibleProviderAt(base, provider.baseUrl);
  installTemporalRuntime(createLogger(process.env.TEST_LOG_LEVEL || 'warn', 'temporal-sdk'));
  const logger = createLogger(process.env.TEST_LOG_LEVEL || 'silent', 'worker');
  workerDb = createDb(stack.config.databaseUrl!, 5);
  const deps = { config: stack.config, db: workerDb, logger };
  worker = await createWorker(deps, {
    address: stack.config.temporal.address!,
    namespace: stack.config.temporal.namespace,
    taskQueue: stack.taskQueue,
    bundle: { codePath: readHarnessInfo().workflowBundlePath },
    activities: injecting(createActivities(deps)),
    // As the worker process (src/runtime/worker-process.ts) passes its list of activities in
    // flight: interceptors of the caller's own must not replace the classification of errors.
    activityInterceptors: [new InFlightActivities().interceptor],
  });
  running = worker.run();
  batchWorker = await createWorker(deps, {
    address: stack.config.temporal.address!,
    namespace: stack.config.temporal.namespace,
    taskQueue: stack.config.temporal.batchTaskQueue,
    bundle: { codePath: readHarnessInfo().workflowBundlePath },
    activities: injecting(createActivities(deps)),
    // As the worker process (src/runtime/worker-process.ts) passes its list of activities in
    // flight: interceptors of the caller's own must not replace the classification of errors.
    activityInterceptors: [new InFlightActivities().interceptor],
  });
  batchRunning = batchWorker.run();
  const put = await call(base, 'PUT', '/v1/extractors/unfixable-receipt', { display_name: 'Receipt', instructions: 'Extract the total.', model: 'test-vision-model', schema: SCHEMA });
  expect(put.status).toBe(201);
  const file = await upload(base, makePng(40, 30), 'page.png', 'image/png');
  expect(file.status).toBe(201);
  fileId = file.body.id;
}, 180_000);

afterAll(async () => {
  for (const w of [worker, batchWorker]) if (w?.getState() === 'RUNNING') w.shutdown();
  await running?.catch(() => {});
  await batchRunning?.catch(() => {});
  await worker?.connection?.close();
  await batchWorker?.connection?.close();
  await workerDb?.destroy();
  // The parse jobs rendered pages in this process's render pool: its threads would keep Jest alive.
  await closeRenderPool();
  await stack?.close();
  await provider?.close();
});

beforeEach(() => {
  faulty = null;
  held = null;
  provider.reset();
  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ total: 12 }) }));
});

async function extractText(extractor = 'unfixable-receipt'): Promise<any> {
  const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: extractor, text: 'Total: 12' });
  expect(created.status).toBe(201);
  const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 90_000);
  return seen[seen.length - 1];
}

async function parseImage(): Promise<any> {
  const created = await call(base, 'POST', '/v1/parse-jobs', { parser_name: 'document-to-markdown', file_id: fileId });
  expect(created.status).toBe(201);
  const seen = await pollJob(base, `/v1/parse-jobs/${created.body.id}`, undefined, 90_000);
  return seen[seen.length - 1];
}

/** A set of one item, run to its end. */
async function evaluate(name: string): Promise<any> {
  expect((await call(base, 'POST', '/v1/evaluation-sets', { name, display_name: name })).status).toBe(201);
  const item = await call(base, 'POST', `/v1/evaluation-sets/${name}/items`, { text: 'Total: 12', expected_output: { total: 12 } });
  expect(item.status).toBe(201);
  const run = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: name, extractor_name: 'unfixable-receipt' });
  expect(run.status).toBe(201);
  const seen = await pollJob(base, `/v1/evaluation-runs/${run.body.id}`, undefined, 90_000);
  return seen[seen.length - 1];
}

describe('JSON nested 5,000 deep, stored before depth was bounded', () => {
  // The API now refuses such values (test/api/json-depth.test.ts), so the test writes them where
  // the worker reads them, as an earlier release stored them: the job's extractor snapshot, and
  // the run's copy of an item's expected output.
  it('an extractor example that deep ends its job failed with a code (it was running for ever), the model never asked', async () => {
    const gate = hold('claimAndPlanExtraction');
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'unfixable-receipt', text: 'Total: 12' });
    expect(created.status).toBe(201);
    await gate.reached;
    const example = `[{"input": {"type": "text", "text": "Total: 3", "file_id": null}, "output": ${DEEP_JSON}}]`;
    await stack.db('extraction_jobs')
      .where({ id: created.body.id })
      // The column is json since 017_trust (it keeps the schema's property order).
      .update({ extractor_snapshot: stack.db.raw(`jsonb_set(extractor_snapshot::jsonb, '{examples}', ?::jsonb)::json`, [example]) });
    gate.release();
    const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 90_000);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('failed');
    expect(job.error.code).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(provider.requests).toHaveLength(0);
  }, 120_000);

  it("an evaluation item's expected output that deep ends the run failed with a code (it was running for ever)", async () => {
    const gate = hold('scoreEvaluationRun');
    const name = `deep-expected-${Date.now()}`;
    const running = evaluate(name);
    await gate.reached;
    await stack.db('evaluation_run_items')
      .whereIn('run_id', stack.db('evaluation_runs').where({ status: 'running' }).select('id'))
      .update({ expected_output: stack.db.raw('?::jsonb', [DEEP_JSON]) });
    gate.release();
    const run = await running;
    expect(run.status).toBe('failed');
    expect(run.error.code).toMatch(/^[a-z][a-z0-9_]*$/);
  }, 120_000);
});

describe('an error no retry can fix, injected into each kind of activity, ends the work failed with a code', () => {
  it.each([
    ['claimAndPlanExtraction', 'local bookkeeping of an extraction job'],
    ['extractSingleWindow', 'model call of an extraction job'],
  ])('%s (%s)', async (activity) => {
    faulty = activity;
    const job = await extractText();
    expect(job).toMatchObject({ status: 'failed', error: { code: 'internal_error' } });
  }, 120_000);

  it.each([
    ['claimJob', 'local bookkeeping of a parse job'],
    ['planParseJob', 'bookkeeping of a parse job'],
    ['transcribePage', 'model call of a parse job'],
    ['completeParseJob', 'local bookkeeping of a parse job'],
  ])('%s (%s)', async (activity) => {
    faulty = activity;
    const job = await parseImage();
    expect(job).toMatchObject({ status: 'failed', error: { code: 'internal_error' } });
  }, 120_000);

  it.each([
    ['claimEvaluationRun', 'bookkeeping of an evaluation run'],
    ['createEvaluationItemJob', 'bookkeeping of an evaluation run'],
    ['scoreEvaluationRun', 'scoring of an evaluation run'],
  ])('%s (%s)', async (activity) => {
    faulty = activity;
    const run = await evaluate(`injected-${activity.toLowerCase()}-${Date.now()}`);
    expect(run).toMatchObject({ status: 'failed', error: { code: 'internal_error' } });
  }, 120_000);

  it('runBatchSlice (the work of a batch): the batch ends failed, its items canceled, its run Failed; a retry runs them', async () => {
    faulty = 'runBatchSlice';
    const inputs = [{ custom_id: 'a', text: 'Total: 12' }, { custom_id: 'b', text: 'Total: 12' }];
    const created = await call(base, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'unfixable-receipt', inputs });
    expect(created.status).toBe(201);
    const path = `/v1/batches/${created.body.id}`;
    const seen = await pollJob(base, path, undefined, 90_000);
    const batch = seen[seen.length - 1];
    // The detail (the TypeError's message) is in the log only, as for jobs.
    expect(batch).toMatchObject({ status: 'failed', error: { code: 'internal_error', message: expect.not.stringContaining('injected') } });
    expect(batch.completed_at).not.toBeNull();
    expect(batch.request_counts).toMatchObject({ total: 2, queued: 0, running: 0, canceled: 2 });
    // The row is written before the run closes (its last steps: the event, then the end).
    const handle = stack.temporal.workflow.getHandle(created.body.id);
    await expect(handle.result()).rejects.toThrow();
    expect((await handle.describe()).status.name).toBe('FAILED');
    expect(provider.requests).toHaveLength(0);

    faulty = null;
    const retried = await call(base, 'POST', `${path}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'running', error: null });
    const after = await pollJob(base, path, undefined, 90_000);
    expect(after[after.length - 1]).toMatchObject({ status: 'completed', error: null, request_counts: { completed: 2, canceled: 0 } });
  }, 180_000);

  it('the same work completes without the injected error (the checks above can fail)', async () => {
    expect(await extractText()).toMatchObject({ status: 'completed' });
    expect(await parseImage()).toMatchObject({ status: 'completed' });
  }, 120_000);
});
