// Issue 53, "Faults": with SERVICE_STORAGE=s3, the bucket killed (SIGKILL of the real S3 server,
// SeaweedFS) while jobs need their files' bytes: a job waits — its `retry` says
// `storage_unavailable` — and completes once the bucket is back; a batch killed mid-run has no
// failed item and exact counts once it is back. Uploads meanwhile answer 503 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makePdf } from '../fixtures/documents.js';
import { call, eventually, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { startSeaweedS3, type SeaweedS3 } from '../harness/seaweedfs.js';
import type { RecordedRequest, ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

let s3: SeaweedS3;
let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

const SCHEMA = { type: 'object', properties: { n: { type: ['integer', 'null'] } }, required: ['n'], additionalProperties: false };
/** The number printed on a test page, from the text the model was sent. */
const numberOf = (req: RecordedRequest) => Number(/Document (\d+)/.exec(JSON.stringify(req.body.messages ?? []))?.[1] ?? -1);

beforeAll(async () => {
  s3 = await startSeaweedS3();
  process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.secretAccessKey;
  ({ stack, provider } = await startStackWithProvider({ batches: true, env: s3.env }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/outage', { display_name: 'Outage', instructions: 'Read the number.', model: 'test-vision-model', schema: SCHEMA });
  expect([200, 201]).toContain(put.status);
  provider.respondWith((req) => ({ kind: 'content', content: JSON.stringify({ n: numberOf(req) }), delayMs: 300 }));
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  await s3?.stop();
  process.env.AWS_ACCESS_KEY_ID = saved.id;
  process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
  if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
  if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
});

async function uploadPage(n: number): Promise<string> {
  const r = await upload(base, makePdf([`Document ${n}`]), `doc-${n}.pdf`, 'application/pdf');
  expect(r.status).toBe(201);
  return r.body.id as string;
}

describe('the bucket killed while jobs need their bytes', () => {
  it('a job waits with retry storage_unavailable and completes once the bucket is back; uploads answer 503', async () => {
    const fileId = await uploadPage(1);
    let jobId = '';
    await s3.kill();
    try {
      const refused = await upload(base, makePdf(['Document 2']), 'doc-2.pdf', 'application/pdf');
      expect({ status: refused.status, code: refused.body?.code }).toEqual({ status: 503, code: 'storage_unavailable' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

      const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'outage', file_id: fileId });
      expect(created.status).toBe(201);
      jobId = created.body.id;
      const waiting = await eventually(async () => {
        const job = (await call(base, 'GET', `/v1/extraction-jobs/${jobId}`)).body;
        return job.retry?.last_error_code === 'storage_unavailable' ? job : undefined;
      }, 90_000);
      expect(waiting.status).toBe('running');
      expect(waiting.retry.attempt).toBeGreaterThanOrEqual(1);
      expect(provider.requests.filter((r) => numberOf(r) === 1)).toEqual([]);
    } finally {
      await s3.restart();
    }
    const done = (await pollJob(base, `/v1/extraction-jobs/${jobId}`, (j) => j.status === 'completed' || j.status === 'failed', 120_000)).pop()!;
    expect({ status: done.status, data: done.result?.data, retry: done.retry }).toEqual({ status: 'completed', data: { n: 1 }, retry: null });
  }, 300_000);

  it('a batch whose bucket is killed mid-run ends with no failed item and exact counts once it is back', async () => {
    const TOTAL = 8;
    const files: string[] = [];
    for (let i = 0; i < TOTAL; i++) files.push(await uploadPage(100 + i));
    provider.reset();
    provider.respondWith((req) => ({ kind: 'content', content: JSON.stringify({ n: numberOf(req) }), delayMs: 1_500 }));
    const inputs = files.map((file_id, i) => ({ custom_id: `f${i}`, file_id }));
    const created = await call(base, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'outage', inputs, concurrency: 2 });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    await eventually(async () => ((await call(base, 'GET', `/v1/batches/${id}`)).body.request_counts.completed >= 2 ? true : undefined), 120_000);

    await s3.kill();
    try {
      // Items started while the bucket is away wait for it (a retry row says so), none fails.
      await eventually(
        async () => ((await stack.db('job_call_retries').where({ call_key: 'storage', last_error_code: 'storage_unavailable' }).first('job_id')) ? true : undefined),
        90_000,
      );
      expect((await call(base, 'GET', `/v1/batches/${id}`)).body.request_counts.failed).toBe(0);
    } finally {
      await s3.restart();
    }
    const done = (await pollJob(base, `/v1/batches/${id}`, (b) => ['completed', 'failed', 'canceled'].includes(b.status), 240_000)).pop()!;
    expect(done.request_counts).toEqual({ total: TOTAL, queued: 0, running: 0, completed: TOTAL, failed: 0, canceled: 0 });
    // Each page reached the model; the answers are the pages' own numbers.
    const answered = new Set(provider.requests.map(numberOf));
    expect(files.map((_, i) => answered.has(100 + i))).toEqual(files.map(() => true));
  }, 420_000);
});
