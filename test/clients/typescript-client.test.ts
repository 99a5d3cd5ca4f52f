// The TypeScript client (clients/typescript): its committed types are what `npm run
// generate:client` makes of openapi.yaml, and its helpers work against a real stack (real Postgres,
// Temporal and worker; the scripted model server answers).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDocextractClient, DocextractError, type DocextractClient, type Job } from '../../clients/typescript/index.js';
import { ROOT } from '../../scripts/python-client.js';
import { generateTsClientTypes, TS_CLIENT_TYPES } from '../../scripts/ts-client.js';
import { makePdf } from '../fixtures/documents.js';
import { call, startStackWithProvider } from '../api/job-helpers.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

const EXTRACTOR = 'ts-client-demo';
const DATA = { merchant: 'Corner Shop', total: 12.5 };

let stack: TestStack;
let provider: ScriptedProvider;
let client: DocextractClient;
let work: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: { SERVICE_PAGE_CONCURRENCY: '1', SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100', SERVICE_PROVIDER_MAX_INTERVAL_MS: '200' },
  }));
  client = createDocextractClient({ baseUrl: stack.url });
  const put = await call(stack.url, 'PUT', `/v1/extractors/${EXTRACTOR}`, {
    display_name: 'TS client demo',
    instructions: 'Extract the merchant and the total.',
    model: 'test-vision-model',
    schema: {
      type: 'object',
      properties: { merchant: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
      required: ['merchant', 'total'],
    },
  });
  expect([200, 201]).toContain(put.status);
  work = mkdtempSync(path.join(tmpdir(), 'ts-client-'));
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

beforeEach(() => provider.reset());

describe('generated types', () => {
  it('the committed clients/typescript/openapi.gen.ts is what openapi-typescript makes of openapi.yaml now', async () => {
    const fresh = path.join(work, 'openapi.gen.ts');
    const { warnings } = await generateTsClientTypes(path.join(ROOT, 'openapi.yaml'), fresh);
    expect(warnings).toEqual([]);
    const committed = readFileSync(TS_CLIENT_TYPES, 'utf8');
    // On a difference: run `npm run generate:client` and commit the result.
    expect(committed === readFileSync(fresh, 'utf8')).toBe(true);
    expect(committed).toMatch(/"\/v1\/parse-jobs\/\{job_id\}": \{/);
  }, 120_000);
});

describe('helpers against a real stack', () => {
  it('uploadFile sends a PDF the service records as application/pdf', async () => {
    const file = await client.uploadFile(makePdf(['hello']), { filename: 'hello.pdf' });
    expect(file.id).toMatch(/^file_/);
    expect(file.media_type).toBe('application/pdf');
    expect(file.filename).toBe('hello.pdf');
  });

  it('extract uploads, creates the job, long-polls until completed and returns result.data', async () => {
    provider.enqueue({ kind: 'content', content: JSON.stringify(DATA), delayMs: 1500 });
    const seen: Job[] = [];
    const urls: string[] = [];
    const watching = createDocextractClient({
      baseUrl: stack.url,
      fetch: (input, init) => {
        urls.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      },
    });
    const t0 = Date.now();
    const job = await watching.extract({
      extractor: EXTRACTOR,
      file: { content: makePdf(['Corner Shop 12.50']), filename: 'receipt.pdf' },
      onUpdate: (j) => seen.push(j),
    });
    const elapsed = Date.now() - t0;
    expect(job.status).toBe('completed');
    expect(job.result.data).toEqual(DATA);
    // The wait was long-polls (?wait=30) that the server answered when the job ended: one, or on a
    // slow machine one more per full hold of the server (SERVICE_LONG_POLL_MAX_S, 8 s), no polling.
    const reads = urls.filter((u) => u.includes(`/v1/extraction-jobs/${job.id}`));
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads.length).toBeLessThanOrEqual(1 + Math.floor(elapsed / 7_900));
    for (const read of reads) expect(read).toMatch(/\?wait=30$/);
    expect(seen.at(-1)?.status).toBe('completed');
  });

  it('review helpers: list the jobs in review, correct a flagged value, approve, read the decisions', async () => {
    const put = await call(stack.url, 'PUT', '/v1/extractors/ts-client-review', {
      display_name: 'TS client review',
      instructions: 'Extract the merchant and the total.',
      model: 'test-vision-model',
      schema: { type: 'object', properties: { merchant: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } }, required: ['merchant', 'total'] },
      review_threshold: 0.8,
    });
    expect([200, 201]).toContain(put.status);
    const logprobs = [
      { token: '{"merchant": "', logprob: 0 },
      { token: 'Corner Shop', logprob: Math.log(0.99) },
      { token: '", "total": ', logprob: 0 },
      { token: '21.5', logprob: Math.log(0.3) },
      { token: '}', logprob: 0 },
    ];
    provider.enqueue({ kind: 'content', content: logprobs.map((t) => t.token).join(''), logprobs });
    const job = await client.extract({ extractor: 'ts-client-review', text: 'Corner Shop 12.50' });
    expect(job.result.flags).toEqual([{ path: '/total', reasons: ['low_confidence'], confidence: 0.3 }]);
    expect((await client.listJobsInReview('pending')).map((j) => j.id)).toContain(job.id);
    const corrected = await client.reviewJob(job.id, job.review!.revision, [{ path: '/total', action: 'correct', value: 12.5 }]);
    expect(corrected.review).toMatchObject({ status: 'pending', revision: 2, reviewed_data: { merchant: 'Corner Shop', total: 12.5 } });
    const stale = await client.approveReview(job.id, 1).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(DocextractError);
    expect((stale as DocextractError).code).toBe('stale_revision');
    const approved = await client.approveReview(job.id, 2);
    expect(approved.review?.status).toBe('approved');
    expect((await client.reviewEvents(job.id)).map((e) => e.action)).toEqual(['correct', 'approve']);
  });

  it('parse returns the Markdown of every page; onUpdate sees progress counted in pages', async () => {
    provider.respondWith(() => ({ kind: 'content', content: '# A page', delayMs: 400 }));
    const seen: Job[] = [];
    const job = await client.parse({
      file: { content: makePdf(['one', 'two', 'three']), filename: 'three.pdf' },
      maxWaitSeconds: 1,
      onUpdate: (j) => seen.push(j),
    });
    expect(job.result.page_count).toBe(3);
    expect(job.result.pages.map((p) => p.page_number)).toEqual([1, 2, 3]);
    expect(job.progress).toEqual({ pages_total: 3, pages_completed: 3 });
    expect(seen.some((j) => j.status === 'running' && j.progress && j.progress.pages_completed < 3)).toBe(true);
  });

  it('a failed job throws DocextractError with the job error code', async () => {
    provider.enqueue({ kind: 'error', status: 400 });
    const err = await client.extract({ extractor: EXTRACTOR, text: 'Corner Shop 12.50' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocextractError);
    expect((err as DocextractError).code).toBe('provider_rejected');
  });

  it('an API error carries code, status and detail', async () => {
    const err = await client.getJob('ejob_01jqz8p2r3s4t5v6w7x8y9z0a1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocextractError);
    expect(err).toMatchObject({ code: 'not_found', status: 404, detail: expect.any(String) });
    const bad = await client.createExtractionJob({ extractor_name: 'no-such-extractor', text: 'x' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'not_found', status: 404 });
    await expect(client.deleteJob('pjob_01jqz8p2r3s4t5v6w7x8y9z0a1')).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(client.getJob('file_01jqz8p2r3s4t5v6w7x8y9z0a1')).rejects.toMatchObject({ code: 'bad_request', status: 0 });
  });

  it('waitForJob stops at its deadline with deadline_exceeded, and the job can then be canceled', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const job = await client.createExtractionJob({ extractor_name: EXTRACTOR, text: 'slow' });
    const started = Date.now();
    const err = await client.waitForJob(job, { timeoutMs: 1500 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'deadline_exceeded', status: 0 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const canceled = await client.cancelJob(job.id);
    expect(['canceling', 'canceled']).toContain(canceled.status);
    const ended = await client.waitForJob(job.id, { timeoutMs: 30_000 });
    expect(ended.status).toBe('canceled');
    expect(await client.deleteJob(job.id)).toBe('deleted');
  });

  it('a network failure is a DocextractError network_error', async () => {
    const offline = createDocextractClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(offline.getJob('ejob_01jqz8p2r3s4t5v6w7x8y9z0a1')).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });
});

describe('examples/extract-and-parse.ts', () => {
  const runExample = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const env = { PATH: process.env.PATH ?? '', DOCEXTRACT_URL: stack.url };
      execFile(process.execPath, ['--import', 'tsx', path.join(ROOT, 'examples', 'extract-and-parse.ts'), ...args], { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
      );
    });

  it('extracts, parses with progress and lists extractors against the stack', async () => {
    provider.enqueue({ kind: 'content', content: JSON.stringify(DATA) });
    provider.respondWith(() => ({ kind: 'content', content: '# A page', delayMs: 300 }));
    const pdf = path.join(work, 'example.pdf');
    writeFileSync(pdf, makePdf(['Corner Shop', '12.50']));
    const run = await runExample([pdf, EXTRACTOR]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.stringMatching(/pjob_\w+ \d\/2 pages/) });
    const [data, pages, names] = run.stdout.trim().split('\n');
    expect(JSON.parse(data!)).toEqual(DATA);
    expect(pages).toBe('2 pages');
    expect(names!.split(' ')).toEqual(expect.arrayContaining([EXTRACTOR, 'receipt']));
  });

  it('prints the error code of a failure and exits 1', async () => {
    const pdf = path.join(work, 'example.pdf');
    const run = await runExample([pdf, 'no-such-extractor']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error not_found: /m);
  });
});
