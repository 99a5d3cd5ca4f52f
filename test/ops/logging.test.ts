import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { renderPage } from '../../src/documents/index.js';
import { startApi, type RunningApi } from '../../src/runtime/api-process.js';
import { installTemporalRuntime, sdkLogForwarder } from '../../src/runtime/temporal-runtime.js';
import { startWorker, type RunningWorker } from '../../src/runtime/worker-process.js';
import { call, documentImages, pollJob, upload } from '../api/job-helpers.js';
import { makePdf } from '../fixtures/documents.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

// The logs of a real API and a real worker, through jobs that use a stored provider key: every
// line is kept (trace level, no redaction configured) and scanned. The key and the document's
// bytes never appear; every line about a job names it with job_id and workflow_id.

const KEY = 'sk-test-LOGSCAN-9d1f3b5a7c2e4068';
const JOB_ID = /\b[ep]job_[0-9a-hjkmnp-tv-z]{26}\b/g;

let stack: TestStack;
let provider: ScriptedProvider;
let api: RunningApi;
let worker: RunningWorker;
const lines: string[] = [];
const capture = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });

const pdf = makePdf(['Invoice 42', 'Total 17.50 EUR']);
let parseJob: any;
let extractionJob: any;

beforeAll(async () => {
  // First install wins: when this file runs first in its process, the SDK's own lines are captured too.
  installTemporalRuntime(capture.child({ name: 'temporal-sdk' }));
  provider = await startScriptedProvider();
  stack = await startTestStack({ worker: false, env: { SERVICE_PROVIDER_MAX_ATTEMPTS: '2', SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100' } });
  const opts = { databaseUrl: stack.config.databaseUrl!, temporalAddress: stack.config.temporal.address!, logger: capture };
  api = await startApi(stack.config, { ...opts, port: 0 });
  worker = await startWorker(stack.config, { ...opts, workflowBundlePath: readHarnessInfo().workflowBundlePath });

  // Page transcriptions succeed; the text extraction is refused by a provider that quotes the key.
  provider.respondWith((req) =>
    documentImages(req.body).length > 0
      ? { kind: 'content', content: '# A page' }
      : { kind: 'error', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error' } } },
  );
  const patched = await call(api.url, 'PATCH', '/v1/providers/compatible_api', { base_url: provider.baseUrl, api_key: KEY });
  expect(patched.status).toBe(200);

  const file = await upload(api.url, pdf, 'invoice.pdf', 'application/pdf');
  expect(file.status).toBe(201);
  const parse = await call(api.url, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
  expect(parse.status).toBe(201);
  const extraction = await call(api.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt', text: 'Cafe Central, total 3.20 EUR' });
  expect(extraction.status).toBe(201);
  parseJob = (await pollJob(api.url, `/v1/parse-jobs/${parse.body.id}`)).at(-1);
  extractionJob = (await pollJob(api.url, `/v1/extraction-jobs/${extraction.body.id}`)).at(-1);
  // Lines written after a job settles (the final request lines, SDK completions) are part of the scan.
  await worker.close();
  await api.close();
}, 90_000);

afterAll(async () => {
  // The run shares one database: leave the provider without this file's key.
  if (stack) await call(stack.url, 'PUT', '/v1/providers/compatible_api', {});
  await worker?.close();
  await api?.close();
  await stack?.close();
  await provider?.close();
});

const parsed = () => lines.map((line) => ({ line, entry: JSON.parse(line) as Record<string, unknown> }));

describe('logs of an API and a worker running jobs with a stored provider key', () => {
  it('ran the jobs the scan is about, with the key actually sent to the provider', () => {
    expect(parseJob.status).toBe('completed');
    expect(extractionJob.status).toBe('failed');
    expect(extractionJob.error.code).toBe('provider_auth_failed');
    expect(provider.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(provider.requests.length).toBeGreaterThanOrEqual(3);
    expect(lines.length).toBeGreaterThan(10);
  });

  it('never writes the provider key, not even when the provider quotes it in an error', () => {
    expect(lines.filter((l) => l.includes(KEY))).toEqual([]);
    // Nor does the job's error, which clients read.
    expect(extractionJob.error.message).not.toContain(KEY);
    expect(extractionJob.error.message).toContain('[redacted]');
  });

  it('never writes the document, as uploaded or as the page images sent to the model', async () => {
    const pieces = [pdf.toString('base64'), pdf.toString('base64').slice(200, 260)];
    for (let i = 0; i < 2; i++) {
      const png = (await renderPage(pdf, i, { dpi: stack.config.renderDpi, maxPixels: stack.config.renderMaxPixels })).data.toString('base64');
      pieces.push(png.slice(Math.floor(png.length / 2), Math.floor(png.length / 2) + 60));
    }
    expect(lines.filter((l) => pieces.some((p) => l.includes(p)))).toEqual([]);
    expect(lines.filter((l) => l.includes('Invoice 42') || l.includes('Cafe Central'))).toEqual([]);
  });

  it('names the job with job_id and workflow_id on every line about a job', () => {
    // Not the worker's own stop line: it lists the activities it still waits for, of any number of
    // jobs (in a loaded run, the webhook planning of a job that had just completed).
    const about = parsed().filter(({ line, entry }) => JOB_ID.test(line) && !(JOB_ID.lastIndex = 0) && entry.msg !== 'worker stopping');
    const ids = new Set(about.map(({ entry }) => entry.job_id));
    // The lines without one, whole, so a failure shows which they are.
    expect(about.filter(({ entry }) => !entry.job_id || !entry.workflow_id).map(({ line }) => line)).toEqual([]);
    // Lines from the HTTP layer (create, poll) and from the worker's activities, for both jobs.
    expect(ids).toEqual(new Set([parseJob.id, extractionJob.id]));
    expect(about.some(({ entry }) => entry.msg === 'request' && entry.request_id)).toBe(true);
    expect(about.some(({ entry }) => entry.msg === 'parse completed')).toBe(true);
    expect(about.some(({ entry }) => entry.msg === 'job failed')).toBe(true);
    for (const { line, entry } of about) {
      const mentioned = [...new Set(line.match(JOB_ID))];
      expect([line, mentioned]).toEqual([line, [entry.job_id]]);
      // The job's own workflow, or its event deliveries' (`<job id>-webhooks-<run id>`), which run
      // where an endpoint an earlier file on this Jest worker's database left is subscribed.
      const ownOrDelivery = entry.workflow_id === entry.job_id || String(entry.workflow_id).startsWith(`${entry.job_id}-webhooks-`);
      expect([line, ownOrDelivery]).toEqual([line, true]);
    }
  });

  it('gives every request line its request id', () => {
    const requests = parsed().filter(({ entry }) => entry.msg === 'request');
    expect(requests.length).toBeGreaterThan(3);
    for (const { line, entry } of requests) expect([line, typeof entry.request_id]).toEqual([line, 'string']);
  });
});

describe('the Temporal SDK log forwarder', () => {
  it('adds job_id and workflow_id to SDK lines about a job workflow or its activities', () => {
    const out: Record<string, unknown>[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void out.push(JSON.parse(line)) });
    const forward = sdkLogForwarder(logger);
    const jobId = 'pjob_01jqz8n5p6q7r8s9t0v1w2x3y4';
    forward({ level: 'WARN', message: 'Activity failed', meta: { workflowId: jobId, activityType: 'transcribePage' }, timestampNanos: 0n });
    forward({ level: 'INFO', message: 'Workflow started', meta: { workflowId: 'ping-1' }, timestampNanos: 0n });
    const deliveries = `${jobId}-webhooks-01a20835-1533-7722-86b5-7b448a5c5317`;
    forward({ level: 'WARN', message: 'Activity failed', meta: { workflowId: deliveries, activityType: 'deliverWebhook' }, timestampNanos: 0n });
    forward({ level: 'ERROR', message: 'Worker failed', timestampNanos: 0n });
    // Verbose entries name the workflow deeper down.
    forward({ level: 'TRACE', message: 'Got activity task', meta: { start: { workflowExecution: { workflowId: jobId } }, n: 1n }, timestampNanos: 0n });
    expect(out.map((o) => [o.level, o.msg, o.job_id, o.workflow_id])).toEqual([
      [40, 'Activity failed', jobId, jobId],
      [30, 'Workflow started', undefined, 'ping-1'],
      [40, 'Activity failed', jobId, deliveries],
      [50, 'Worker failed', undefined, undefined],
      [10, 'Got activity task', jobId, jobId],
    ]);
    expect(out[0]!.temporal).toEqual({ workflowId: jobId, activityType: 'transcribePage' });
  });
});
