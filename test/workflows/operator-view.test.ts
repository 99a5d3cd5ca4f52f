import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { DEFINITION, JOB_KIND, JOB_STATUS, PAGES_DONE } from '../../src/temporal/search-attributes.js';
import { makePdf } from '../fixtures/documents.js';
import { call, eventually, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

// Issue 32: what an operator sees of job runs in Temporal. A failed job's run is Failed with the
// job's error code, a canceled one Canceled, a retry completes in a new run; runs are found by the
// job search attributes; the run and its model calls say in words what they are.

const SCHEMA = { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false };

let stack: TestStack;
let provider: ScriptedProvider;
// Unique per run of this file: the harness's Temporal server is shared by every test file.
const extractor = `opview-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider());
  const r = await call(stack.url, 'PUT', `/v1/extractors/${extractor}`, { display_name: 'Operator view', instructions: 'x', model: 'generic', schema: SCHEMA });
  expect([200, 201]).toContain(r.status);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

const job = (id: string) => `/v1/extraction-jobs/${id}`;
const createTextJob = async () => (await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: extractor, text: 'T' })).body.id as string;

/** Runs matching a visibility query, as "workflow id" or "workflow id run id" (visibility is eventually consistent: ask until `want` runs). */
async function listIds(query: string, want: number, withRuns = false): Promise<string[]> {
  return eventually(async () => {
    const ids: string[] = [];
    for await (const w of stack.temporal.workflow.list({ query })) ids.push(withRuns ? `${w.workflowId} ${w.runId}` : w.workflowId);
    return ids.length === want ? ids.sort() : undefined;
  }, 30_000);
}

/** The summary each scheduled activity of a run carries in the Web UI, by activity type. */
async function activitySummaries(workflowId: string): Promise<Array<[string, string]>> {
  const history = await stack.temporal.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? [])
    .filter((e) => e.activityTaskScheduledEventAttributes)
    .map((e) => [
      e.activityTaskScheduledEventAttributes!.activityType!.name!,
      e.userMetadata?.summary?.data ? JSON.parse(Buffer.from(e.userMetadata.summary.data).toString('utf8')) : '',
    ]);
}

describe('job runs as operators see them', () => {
  let failedId: string;
  let failedRunId: string;
  let completedId: string;

  it('a job that fails provider_rejected is a Failed run with that failure type, found by definition and status', async () => {
    provider.reset();
    provider.enqueue({ kind: 'error', status: 400, body: { error: { message: 'no such model' } } });
    failedId = await createTextJob();
    const [failed] = (await pollJob(stack.url, job(failedId))).slice(-1);
    expect(failed.status).toBe('failed');
    expect(failed.error.code).toBe('provider_rejected');

    const handle = stack.temporal.workflow.getHandle(failedId);
    const err = await handle.result().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WorkflowFailedError);
    const cause = (err as WorkflowFailedError).cause as ApplicationFailure;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect(cause.type).toBe('provider_rejected');
    expect(cause.message).toBe(failed.error.message);
    expect(cause.nonRetryable).toBe(true);
    const desc = await handle.describe();
    failedRunId = desc.runId;
    expect(desc.status.name).toBe('FAILED');
    expect(desc.typedSearchAttributes.get(JOB_STATUS)).toBe('failed');
    expect(desc.typedSearchAttributes.get(JOB_KIND)).toBe('extraction');
    expect(desc.typedSearchAttributes.get(DEFINITION)).toBe(extractor);

    provider.reset();
    provider.enqueue({ kind: 'content', content: JSON.stringify({ title: 'T' }) });
    completedId = await createTextJob();
    await pollJob(stack.url, job(completedId));
    // The row reads completed a moment before the run closes (it hands the job's event on first).
    await stack.temporal.workflow.getHandle(completedId).result();
    expect((await stack.temporal.workflow.getHandle(completedId).describe()).status.name).toBe('COMPLETED');

    expect(await listIds(`ExecutionStatus="Failed" AND WorkflowId="${failedId}"`, 1)).toEqual([failedId]);
    // The operator's query: failed jobs of one extractor, and nothing else.
    expect(await listIds(`DocextractDefinition="${extractor}" AND DocextractJobStatus="failed"`, 1)).toEqual([failedId]);
    expect(await listIds(`DocextractDefinition="${extractor}" AND DocextractJobStatus="completed"`, 1)).toEqual([completedId]);
  }, 120_000);

  it('a canceled job is a Canceled run', async () => {
    provider.reset();
    provider.enqueue({ kind: 'stall' });
    const id = await createTextJob();
    await provider.waitForRequests(1);
    expect((await call(stack.url, 'POST', `${job(id)}/cancel`)).status).toBe(200);
    const [ended] = (await pollJob(stack.url, job(id))).slice(-1);
    expect(ended.status).toBe('canceled');
    const desc = await eventually(async () => {
      const d = await stack.temporal.workflow.getHandle(id).describe();
      return d.status.name === 'RUNNING' ? undefined : d;
    });
    expect(desc.status.name).toBe('CANCELLED');
    expect(desc.typedSearchAttributes.get(JOB_STATUS)).toBe('canceled');
    expect(await listIds(`ExecutionStatus="Canceled" AND WorkflowId="${id}"`, 1)).toEqual([id]);
  }, 120_000);

  it('POST …/retry of the failed job completes it in a new run under the same id', async () => {
    provider.reset();
    provider.enqueue({ kind: 'content', content: JSON.stringify({ title: 'again' }) });
    const r = await call(stack.url, 'POST', `${job(failedId)}/retry`);
    expect(r.status).toBe(200);
    const [done] = (await pollJob(stack.url, job(failedId))).slice(-1);
    expect(done.status).toBe('completed');
    const handle = stack.temporal.workflow.getHandle(failedId);
    await handle.result();
    const desc = await handle.describe();
    expect(desc.runId).not.toBe(failedRunId);
    expect(desc.status.name).toBe('COMPLETED');
    expect(desc.typedSearchAttributes.get(JOB_STATUS)).toBe('completed');
    // The failed run stays what it was (Failed, status failed); the job's new run is the completed one.
    expect(await listIds(`DocextractDefinition="${extractor}" AND DocextractJobStatus="failed"`, 1, true)).toEqual([`${failedId} ${failedRunId}`]);
    expect(await listIds(`DocextractDefinition="${extractor}" AND DocextractJobStatus="completed"`, 2, true)).toEqual(
      [`${completedId} ${(await stack.temporal.workflow.getHandle(completedId).describe()).runId}`, `${failedId} ${desc.runId}`].sort(),
    );
  }, 120_000);

  it('a run says what it is: summary and details at start, a window summary on every window activity', async () => {
    provider.reset();
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T' }) }));
    const file = await upload(stack.url, makePdf(Array.from({ length: 10 }, (_, i) => `page ${i + 1}`)), 'march.pdf', 'application/pdf');
    const id = (await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: extractor, file_id: file.body.id })).body.id as string;
    await pollJob(stack.url, job(id), undefined, 60_000);
    const handle = stack.temporal.workflow.getHandle(id);
    await handle.result();
    const desc = await handle.describe();
    expect(await desc.staticSummary()).toBe(`extract · ${extractor} · march.pdf`);
    expect(await desc.staticDetails()).toContain(`GET /v1/extraction-jobs/${id}`);
    expect(desc.typedSearchAttributes.get(PAGES_DONE)).toBe(10);

    const windows = (await activitySummaries(id)).filter(([type]) => type === 'extractWindow').map(([, s]) => s);
    expect(windows.length).toBeGreaterThanOrEqual(2);
    for (const s of windows) expect(s).toMatch(/^window \d+[ab]* · pages? \d+(–\d+)?$/);
    expect(windows.some((s) => s.startsWith('window 1 · pages 1–'))).toBe(true);
  }, 120_000);
});
