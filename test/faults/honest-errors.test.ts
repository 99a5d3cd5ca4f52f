import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { INTERNAL_ERROR_MESSAGE, jobStatusActivities } from '../../activities/job-status.js';
import { freePort } from '../../src/runtime/ports.js';
import { ensureTemporalCli } from '../../src/runtime/temporal-cli.js';
import { startTemporalDevServer, type TemporalDevServer } from '../../src/runtime/temporal-dev-server.js';
import { createSecretBox } from '../../src/storage/secrets.js';
import { call, pointCompatibleProviderAt, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { makeJpeg, makePdf, makePng } from '../fixtures/documents.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

// Errors a client reads say what went wrong without leaking internals, and are classified where
// they can be known: a provider answering 200 with an HTML page is a protocol error (not an
// outage), a cut-off image is a corrupt document found before any model call, and job creation
// with the scheduler down is refused quickly.

let stack: TestStack;
let provider: ScriptedProvider;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: { SERVICE_PROVIDER_MAX_ATTEMPTS: '2', SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100', SERVICE_PROVIDER_MAX_INTERVAL_MS: '200' },
  }));
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(async () => {
  provider.reset();
  await pointCompatibleProviderAt(stack.url, provider.baseUrl);
});

async function parse(bytes: Buffer, name: string, type: string): Promise<any> {
  const file = await upload(stack.url, bytes, name, type);
  expect(file.status).toBe(201);
  const job = await call(stack.url, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
  expect(job.status).toBe(201);
  return (await pollJob(stack.url, `/v1/parse-jobs/${job.body.id}`, undefined, 60_000)).at(-1);
}

describe('a provider answering HTTP 200 with an HTML page', () => {
  it('fails the job with provider_protocol_error, not provider_unavailable', async () => {
    provider.respondWith(() => ({ kind: 'html' }));
    const job = await parse(makePdf(['one page']), 'one.pdf', 'application/pdf');
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('provider_protocol_error');
    expect(job.error.message).toContain('text/html');
    expect(provider.requests.length).toBeGreaterThanOrEqual(1);
  }, 90_000);
});

describe('an image cut in half', () => {
  it.each([
    ['JPEG', makeJpeg(600, 400, [30, 90, 200]), 'half.jpg', 'image/jpeg'],
    ['PNG', makePng(600, 400, [30, 90, 200]), 'half.png', 'image/png'],
  ])('a %s fails the job with document_corrupt when it plans its pages, before any model call', async (_kind, whole, name, type) => {
    const half = whole.subarray(0, Math.floor(whole.length / 2));
    const job = await parse(half, name, type);
    expect([job.status, job.error?.code]).toEqual(['failed', 'document_corrupt']);
    expect(provider.requests).toHaveLength(0);
  }, 60_000);

  it('the whole JPEG is parsed', async () => {
    provider.respondWith(() => ({ kind: 'content', content: '# Blue' }));
    const job = await parse(makeJpeg(600, 400, [30, 90, 200]), 'whole.jpg', 'image/jpeg');
    expect([job.status, job.result?.content]).toEqual(['completed', '# Blue']);
  }, 60_000);
});

describe('an internal error of a job', () => {
  it('reaches the client as a generic message; the details go to the log with the job id', async () => {
    const file = await upload(stack.url, makePdf(['internal']), 'internal.pdf', 'application/pdf');
    // No worker polls this stack's queue meanwhile: the job stays queued until failJob moves it.
    await stack.stopWorker();
    try {
      const created = await call(stack.url, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
      expect(created.status).toBe(201);
      const lines: any[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
      const activities = jobStatusActivities({ config: stack.config, db: stack.db, logger, secrets: createSecretBox(stack.config) });
      const detail = 'connect ECONNREFUSED 127.0.0.1:39879\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)';
      expect(await activities.failJob('parse', created.body.id, { code: 'internal_error', message: detail })).toBe('recorded');

      const job = (await call(stack.url, 'GET', `/v1/parse-jobs/${created.body.id}`)).body;
      expect(job.status).toBe('failed');
      expect(job.error).toEqual({ code: 'internal_error', message: INTERNAL_ERROR_MESSAGE });
      expect(JSON.stringify(job)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|node:net/);
      expect(lines).toContainEqual(expect.objectContaining({ job_id: created.body.id, code: 'internal_error', detail }));
    } finally {
      await stack.startWorker();
    }
  }, 60_000);

  it('other codes keep their own message', async () => {
    const created = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt', text: 'x' });
    await stack.stopWorker();
    try {
      const logger = pino({ level: 'silent' });
      const activities = jobStatusActivities({ config: stack.config, db: stack.db, logger, secrets: createSecretBox(stack.config) });
      // The job may have finished already (a worker was running); failJob then changes nothing.
      const outcome = await activities.failJob('extraction', created.body.id, { code: 'provider_rejected', message: 'Provider returned HTTP 400: bad' });
      const job = (await call(stack.url, 'GET', `/v1/extraction-jobs/${created.body.id}`)).body;
      if (outcome === 'recorded') expect(job.error).toEqual({ code: 'provider_rejected', message: 'Provider returned HTTP 400: bad' });
      else expect(job.status).not.toBe('queued');
    } finally {
      await stack.startWorker();
    }
  }, 60_000);
});

describe('job creation while the Temporal server is down', () => {
  let server: TemporalDevServer | undefined;
  let down: TestStack | undefined;

  afterAll(async () => {
    await down?.close();
    await server?.stop();
  });

  it('answers 503 scheduler_unavailable at its scheduler deadline (2 s here) and keeps no job row', async () => {
    const cliPath = await ensureTemporalCli({ configuredPath: process.env.TEMPORAL_CLI_PATH || undefined });
    const dbFile = path.join(readHarnessInfo().tempDir, `honest-errors-${process.pid}.sqlite`);
    server = await startTemporalDevServer({ cliPath, namespace: 'default', port: await freePort(), uiPort: false, dbFile });
    // The API waits for Temporal up to SERVICE_SCHEDULER_DEADLINE_MS (10 s by default) before answering 503.
    down = await startTestStack({ worker: false, env: { TEMPORAL_ADDRESS: server.address, TEMPORAL_NAMESPACE: 'default', SERVICE_SCHEDULER_DEADLINE_MS: '2000' } });
    const file = await upload(down.url, makePdf(['queued']), 'queued.pdf', 'application/pdf');
    await server.stop();
    server = undefined;

    const before = Number((await down.db('parse_jobs').count({ n: '*' }).first())!.n);
    for (const [p, body] of [
      ['/v1/parse-jobs', { file_id: file.body.id }],
      ['/v1/extraction-jobs', { extractor_name: 'receipt', text: 'Total 3 EUR' }],
    ] as const) {
      const started = Date.now();
      const r = await call(down.url, 'POST', p, body);
      const took = Date.now() - started;
      expect({ status: r.status, code: r.body?.code }).toEqual({ status: 503, code: 'scheduler_unavailable' });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(took).toBeLessThan(3000);
    }
    expect(Number((await down.db('parse_jobs').count({ n: '*' }).first())!.n)).toBe(before);
  }, 90_000);
});
