// Issue 53: with SERVICE_STORAGE=s3 against a real S3 server (SeaweedFS, test/harness/seaweedfs.ts),
// an upload's bytes are an object (Postgres holds no copy), come back byte for byte, a job reads
// them and completes, and deleting the file removes its objects.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { makePdf } from '../fixtures/documents.js';
import { call, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { startSeaweedS3, type SeaweedS3 } from '../harness/seaweedfs.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { WorkerPreflightError, workerPreflight } from '../../src/runtime/worker-preflight.js';
import { createSecretBox } from '../../src/storage/secrets.js';
import { storageIdentity } from '../../src/storage/object-store.js';

let s3: SeaweedS3;
let stack: TestStack;
let provider: ScriptedProvider;
let client: S3Client;
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  s3 = await startSeaweedS3();
  // The service reads credentials from the SDK's default chain: here, the AWS_* variables.
  process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.secretAccessKey;
  ({ stack, provider } = await startStackWithProvider({ env: { ...s3.env, S3_PREFIX: 'svc/' } }));
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  client?.destroy();
  await s3?.stop();
  process.env.AWS_ACCESS_KEY_ID = saved.id;
  process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
  if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
  if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
});

const objectBytes = async (key: string) =>
  Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body!.transformToByteArray());
const objectExists = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
    () => true,
    (err: { $metadata?: { httpStatusCode?: number } }) => {
      if (err.$metadata?.httpStatusCode === 404) return false;
      throw err;
    },
  );

describe('SERVICE_STORAGE=s3', () => {
  it('stores an upload as an object, serves it byte for byte, runs a job on it and deletes the object with the file', async () => {
    const pdf = makePdf(['Invoice 7, total 12.50']);
    const r = await upload(stack.url, pdf, 'invoice.pdf', 'application/pdf');
    expect(r.status).toBe(201);
    expect(r.body.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));

    // Postgres keeps the key, not the bytes.
    const row = await stack.db('files').where({ id: r.body.id }).first('object_key');
    expect(row.object_key).toBe(`svc/files/${r.body.id}`);
    expect(await stack.db('file_blobs').where({ file_id: r.body.id }).select('file_id')).toEqual([]);
    expect((await objectBytes(row.object_key)).equals(pdf)).toBe(true);

    const content = await fetch(`${stack.url}/v1/files/${r.body.id}/content`);
    expect(content.status).toBe(200);
    expect(Buffer.from(await content.arrayBuffer()).equals(pdf)).toBe(true);

    // A job reads the bytes from the bucket (its page image goes to the model).
    const put = await call(stack.url, 'PUT', '/v1/extractors/s3-invoice', {
      display_name: 'Invoice',
      instructions: 'Extract the total.',
      model: 'test-vision-model',
      schema: { type: 'object', properties: { total: { type: ['number', 'null'] } }, required: ['total'], additionalProperties: false },
    });
    expect([200, 201]).toContain(put.status);
    provider.enqueue({ kind: 'content', content: JSON.stringify({ total: 12.5 }), usage: { prompt_tokens: 1, completion_tokens: 1 } });
    const created = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 's3-invoice', file_id: r.body.id });
    expect(created.status).toBe(201);
    const job = (await pollJob(stack.url, `/v1/extraction-jobs/${created.body.id}`)).pop();
    expect(job.status).toBe('completed');
    expect(job.result.data).toEqual({ total: 12.5 });

    // The job holds the file: delete the job first, then the file and its object.
    expect((await call(stack.url, 'DELETE', `/v1/extraction-jobs/${created.body.id}`)).status).toBe(204);
    expect((await call(stack.url, 'DELETE', `/v1/files/${r.body.id}`)).status).toBe(204);
    expect(await objectExists(row.object_key)).toBe(false);
  });

  it('stores a converted upload’s rendition as an object too, and deletes both', async () => {
    const r = await upload(stack.url, Buffer.from('Quarterly report\nRevenue rose.\n'), 'report.txt', 'text/plain');
    expect(r.status).toBe(201);
    const rendition = await stack.db('file_renditions').where({ file_id: r.body.id }).first('pdf', 'pdf_key');
    expect(rendition).toEqual({ pdf: null, pdf_key: `svc/renditions/${r.body.id}.pdf` });
    expect((await objectBytes(rendition.pdf_key)).subarray(0, 5).toString()).toBe('%PDF-');
    // Its pages are read from the bucket's rendition.
    const page = await fetch(`${stack.url}/v1/files/${r.body.id}/pages/1`);
    expect(page.status).toBe(200);
    expect((await call(stack.url, 'DELETE', `/v1/files/${r.body.id}`)).status).toBe(204);
    expect(await objectExists(rendition.pdf_key)).toBe(false);
    expect(await objectExists(`svc/files/${r.body.id}`)).toBe(false);
  });

  it('a worker storing elsewhere (another bucket, or Postgres) refuses to start; the same storage starts', async () => {
    const preflight = (identity: string) =>
      workerPreflight(stack.db, createSecretBox(stack.config), { taskQueues: [stack.config.temporal.taskQueue], onMismatch: 'warn', warn: () => {}, storageIdentity: identity });
    const other = storageIdentity({ ...(stack.config.storage as Extract<typeof stack.config.storage, { kind: 's3' }>), bucket: 'another-bucket' });
    await expect(preflight(other)).rejects.toThrow(WorkerPreflightError);
    await expect(preflight(other)).rejects.toThrow(/another-bucket.*but the API stores them in s3:\/\/http:\/\/127\.0\.0\.1:\d+\/docextract-test\/svc\//);
    await expect(preflight('postgres')).rejects.toThrow(WorkerPreflightError);
    await expect(preflight(storageIdentity(stack.config.storage))).resolves.toBeUndefined();
  });

  // Last: it stops the bucket's server.
  it('answers 503 storage_unavailable with Retry-After when the bucket cannot be reached, storing nothing', async () => {
    await s3.stop();
    const before = await stack.db('files').count({ n: '*' });
    const r = await upload(stack.url, makePdf(['unreachable']), 'later.pdf', 'application/pdf');
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('storage_unavailable');
    expect(r.headers.get('retry-after')).toBe('5');
    expect(await stack.db('files').count({ n: '*' })).toEqual(before);
  });
});
