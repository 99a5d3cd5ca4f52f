import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { findTemporalCli } from '../../src/runtime/temporal-cli.js';
import { fileURLToPath } from 'node:url';
import { Worker } from '@temporalio/worker';
import { makePdf } from '../fixtures/documents.js';
import { call, eventually, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { classificationPage, classificationStep, type ScriptedProvider } from '../harness/scripted-provider.js';
import { forJob, startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.js';
import { type TestStack } from '../harness/stack.js';

// Recorded histories of the workflows (jobs, webhook deliveries, evaluation runs, batches,
// candidates, retention) are replayed against the current workflow code, so a change that would
// break runs already in flight fails CI. Each release's histories stay in a
// folder of their own (v0.3/, v0.4/, …) and are never re-recorded once released: they stand for
// runs that may still be open. RECORD_HISTORIES=1 npm test -- test/workflows/replay.test.ts
// records this release's folder (RECORDING_RELEASE) anew.

const FIXTURES = fileURLToPath(new URL('../fixtures/histories/', import.meta.url));
const RECORDING_RELEASE = 'v0.8';
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCHEMA = { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false };

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  // Webhook deliveries go to a receiver on 127.0.0.1, so private addresses are allowed here.
  ({ stack, provider } = await startStackWithProvider({ batches: true, env: { SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true' } }));
  receiver = await startWebhookReceiver();
  base = stack.url;
  await call(base, 'PUT', '/v1/extractors/replay', { display_name: 'Replay', instructions: 'x', model: 'generic', schema: SCHEMA });
});

afterAll(async () => {
  await receiver?.close();
  await stack?.close();
  await provider?.close();
});

/** Run one of each interesting path and return their workflow ids, keyed by a fixture name. */
async function recordRuns(): Promise<Record<string, string>> {
  const runs: Record<string, string> = {};
  const finish = async (path: string) => (await pollJob(base, path)).pop();

  provider.reset();
  provider.enqueue({ kind: 'content', content: JSON.stringify({ title: 'T' }) });
  runs['extraction-completed'] = (await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'replay', text: 'T' })).body.id;
  await finish(`/v1/extraction-jobs/${runs['extraction-completed']}`);

  provider.enqueue({ kind: 'error', status: 400, body: { error: { message: 'no' } } });
  runs['extraction-failed'] = (await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'replay', text: 'T' })).body.id;
  await finish(`/v1/extraction-jobs/${runs['extraction-failed']}`);

  provider.reset();
  provider.enqueue({ kind: 'stall' });
  runs['extraction-canceled'] = (await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'replay', text: 'T' })).body.id;
  await provider.waitForRequests(1);
  await call(base, 'POST', `/v1/extraction-jobs/${runs['extraction-canceled']}/cancel`);
  await finish(`/v1/extraction-jobs/${runs['extraction-canceled']}`);

  provider.reset();
  provider.respondWith(() => ({ kind: 'content', content: 'page' }));
  const file = await upload(base, makePdf(['a', 'b', 'c']), 'three.pdf', 'application/pdf');
  runs['parse-completed'] = (await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id })).body.id;
  await finish(`/v1/parse-jobs/${runs['parse-completed']}`);

  provider.reset();
  provider.respondWith(() => ({ kind: 'stall' }));
  runs['parse-deleted'] = (await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id })).body.id;
  await provider.waitForRequests(1);
  await call(base, 'DELETE', `/v1/parse-jobs/${runs['parse-deleted']}`);
  await eventually(async () => ((await call(base, 'GET', `/v1/parse-jobs/${runs['parse-deleted']}`)).status === 404 ? true : undefined));

  // A document of two windows (multi-window path), then a job whose end is delivered to a webhook
  // endpoint by a workflow of its own.
  provider.reset();
  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T' }) }));
  const tenPages = await upload(base, makePdf(Array.from({ length: 10 }, (_, i) => `page ${i + 1}`)), 'ten.pdf', 'application/pdf');
  runs['extraction-windows'] = (await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'replay', file_id: tenPages.body.id })).body.id;
  await finish(`/v1/extraction-jobs/${runs['extraction-windows']}`);

  const endpoint = await call(base, 'POST', '/v1/webhook-endpoints', { url: `${receiver.url}/hook` });
  expect(endpoint.status).toBe(201);
  runs['extraction-completed-webhook'] = (await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'replay', text: 'T' })).body.id;
  await finish(`/v1/extraction-jobs/${runs['extraction-completed-webhook']}`);
  // This job's own event: the previous job may still be planning its event when the endpoint is
  // created, and its delivery must not end the wait before this job's run has planned its own.
  await receiver.waitFor((got) => got.some(forJob(runs['extraction-completed-webhook']!)), 60_000);
  await call(base, 'DELETE', `/v1/webhook-endpoints/${endpoint.body.id}`);

  Object.assign(runs, await recordRunsOfManyJobs());

  for (const id of Object.values(runs)) await stack.temporal.workflow.getHandle(id).result().catch(() => undefined);
  const jobRun = (await stack.temporal.workflow.getHandle(runs['extraction-completed-webhook']).describe()).runId;
  runs['webhook-delivery'] = `${runs['extraction-completed-webhook']}-webhooks-${jobRun}`;
  await stack.temporal.workflow.getHandle(runs['webhook-delivery']).result();
  return runs;
}

/**
 * Workflows over many jobs: evaluation runs of an extractor and of a classifier (completed and
 * canceled), a batch, a classification job that splits and routes, a release-gate candidate.
 */
async function recordRunsOfManyJobs(): Promise<Record<string, string>> {
  const runs: Record<string, string> = {};
  const created = async (path: string, body: unknown) => {
    const r = await call(base, 'POST', path, body);
    expect(r.status).toBe(201);
    return r.body.id as string;
  };
  const ended = async (path: string, status: string) => {
    const seen = await pollJob(base, path, (r) => r.status === status, 90_000);
    expect(seen[seen.length - 1].status).toBe(status);
  };
  // Classification requests answered from the page's text; extraction requests with a title.
  const scriptModel = () => {
    provider.reset();
    provider.respondWith((r) => (classificationPage(r) ? classificationStep(r) : { kind: 'content', content: JSON.stringify({ title: 'T' }) }));
  };

  scriptModel();
  await created('/v1/evaluation-sets', { name: 'replay-set', display_name: 'Replay' });
  for (const title of ['T', 'U']) await created('/v1/evaluation-sets/replay-set/items', { text: title, expected_output: { title } });
  runs['evaluation-completed'] = await created('/v1/evaluation-runs', { evaluation_set: 'replay-set', extractor_name: 'replay' });
  await ended(`/v1/evaluation-runs/${runs['evaluation-completed']}`, 'completed');

  // The release gate: the extractor's set, a baseline run and the candidate's run, compared.
  expect((await call(base, 'PATCH', '/v1/extractors/replay', { evaluation_set: 'replay-set' })).status).toBe(200);
  runs['candidate-completed'] = await created('/v1/extractors/replay/candidates', { changes: { instructions: 'y' } });
  await eventually(async () => {
    const c = await call(base, 'GET', `/v1/extractors/replay/candidates/${runs['candidate-completed']}`);
    return c.body.status !== 'running' ? true : undefined;
  }, 90_000);

  runs['batch-completed'] = await created('/v1/batches', {
    kind: 'extraction',
    extractor_name: 'replay',
    inputs: ['a', 'b', 'c'].map((k) => ({ custom_id: k, text: k })),
  });
  await ended(`/v1/batches/${runs['batch-completed']}`, 'completed');

  const classes = [
    { name: 'invoice', description: 'An invoice.', extractor_name: 'replay' },
    { name: 'letter', description: 'A letter.', extractor_name: 'replay' },
  ];
  expect((await call(base, 'PUT', '/v1/classifiers/replay-classes', { display_name: 'Replay', model: 'generic-vision-model', classes })).status).toBe(201);
  const packet = await upload(base, makePdf(['class: invoice\nstarts: yes', 'class: invoice\nstarts: no', 'class: letter\nstarts: yes'], { fontSize: 18 }), 'packet.pdf', 'application/pdf');
  runs['classification-routed'] = await created('/v1/classification-jobs', { classifier_name: 'replay-classes', file_id: packet.body.id, mode: 'split', route: true });
  await ended(`/v1/classification-jobs/${runs['classification-routed']}`, 'completed');
  const split = await call(base, 'GET', `/v1/classification-jobs/${runs['classification-routed']}`);
  expect(split.body.result.segments.map((s: any) => [s.class, s.pages.start, s.pages.end, typeof s.extraction_job_id])).toEqual([
    ['invoice', 1, 2, 'string'],
    ['letter', 3, 3, 'string'],
  ]);

  const seg = (cls: string, start: number, end: number) => ({ class: cls, pages: { start, end } });
  await created('/v1/evaluation-sets', { name: 'replay-packets', display_name: 'Replay packets' });
  await created('/v1/evaluation-sets/replay-packets/items', { text: 'class: invoice starts: yes\fclass: letter starts: yes', expected_segments: [seg('invoice', 1, 1), seg('letter', 2, 2)] });
  await created('/v1/evaluation-sets/replay-packets/items', { text: 'class: letter starts: yes', expected_segments: [seg('letter', 1, 1)] });
  runs['classifier-evaluation-completed'] = await created('/v1/evaluation-runs', { evaluation_set: 'replay-packets', classifier_name: 'replay-classes' });
  await ended(`/v1/evaluation-runs/${runs['classifier-evaluation-completed']}`, 'completed');

  // Canceled while its item jobs wait on the model.
  provider.reset();
  provider.respondWith(() => ({ kind: 'stall' }));
  runs['evaluation-canceled'] = await created('/v1/evaluation-runs', { evaluation_set: 'replay-set', extractor_name: 'replay' });
  await provider.waitForRequests(1);
  expect((await call(base, 'POST', `/v1/evaluation-runs/${runs['evaluation-canceled']}/cancel`)).status).toBe(200);
  await ended(`/v1/evaluation-runs/${runs['evaluation-canceled']}`, 'canceled');

  provider.reset();
  provider.respondWith(() => ({ kind: 'stall' }));
  runs['classifier-evaluation-canceled'] = await created('/v1/evaluation-runs', { evaluation_set: 'replay-packets', classifier_name: 'replay-classes' });
  await provider.waitForRequests(1);
  expect((await call(base, 'POST', `/v1/evaluation-runs/${runs['classifier-evaluation-canceled']}/cancel`)).status).toBe(200);
  await ended(`/v1/evaluation-runs/${runs['classifier-evaluation-canceled']}`, 'canceled');
  provider.reset();

  // A run of the retention schedule's workflow, started as the schedule starts it.
  runs['retention'] = `replay-retention-${stack.config.temporal.taskQueue}`;
  await stack.temporal.workflow.execute('retentionWorkflow', { workflowId: runs['retention'], taskQueue: stack.config.temporal.taskQueue, args: [] });
  return runs;
}

/** The history as the Temporal CLI and Web UI export it: the format the fixtures are kept in. */
async function exportHistory(workflowId: string): Promise<string> {
  const cli = await findTemporalCli();
  if (!cli) throw new Error('the temporal CLI is needed to record histories (npm test installs it)');
  return execFileSync(
    cli,
    ['workflow', 'show', '--workflow-id', workflowId, '--address', stack.config.temporal.address!, '--namespace', stack.config.temporal.namespace, '--output', 'json'],
    { encoding: 'utf8' },
  );
}

describe('workflow replay', () => {
  let fresh: Record<string, string>;

  beforeAll(async () => {
    fresh = await recordRuns();
    if (process.env.RECORD_HISTORIES === '1') {
      mkdirSync(`${FIXTURES}${RECORDING_RELEASE}`, { recursive: true });
      for (const [name, id] of Object.entries(fresh)) writeFileSync(`${FIXTURES}${RECORDING_RELEASE}/${name}.json`, await exportHistory(id));
    }
  }, 300_000);

  const bundle = () => ({ workflowBundle: { codePath: readHarnessInfo().workflowBundlePath } });

  /** Every committed history, as `release/name.json` paths relative to FIXTURES. */
  const committed = () =>
    readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')).sort();

  // Committed histories replay through the same script an operator would use on a history
  // exported from the Web UI.
  // Without `workflows`, the run's workflow bundle (built from the current code once per run) instead of bundling again.
  const replay = (files: string[], workflows?: string) =>
    spawnSync('npx', ['tsx', 'scripts/replay-histories.ts', ...(workflows ? ['--workflows', workflows] : []), ...files], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', ...(workflows ? {} : { WORKFLOW_BUNDLE_PATH: readHarnessInfo().workflowBundlePath }) },
    });

  it('replays the committed histories with the current workflow code', () => {
    const names = ['extraction-canceled', 'extraction-completed', 'extraction-failed', 'parse-completed', 'parse-deleted'];
    expect(committed().filter((f) => f.startsWith('v0.3/'))).toEqual(names.map((n) => `v0.3/${n}.json`));
    const run = replay(committed().map((f) => FIXTURES + f));
    expect(run.stdout).toContain(`${committed().length} replayed, 0 failed`);
    expect(run.status).toBe(0);
  }, 60_000);

  it("replays this run's histories too", async () => {
    for (const [name, id] of Object.entries(fresh)) {
      const history = await stack.temporal.workflow.getHandle(id).fetchHistory();
      await expect(Worker.runReplayHistory(bundle(), history, name)).resolves.toBeUndefined();
    }
  });

  it('fails replay when the workflow code changes non-deterministically', () => {
    const run = replay([`${FIXTURES}v0.3/extraction-completed.json`], 'test/fixtures/drifted-workflows.ts');
    expect(run.stdout).toMatch(/FAILED .*extraction-completed\.json: .*[Nn]ondetermin/);
    expect(run.status).toBe(1);
  }, 60_000);
});
