// Issue 53, direct uploads: POST /v1/uploads signs a PUT straight to the bucket (a real S3 server,
// SeaweedFS: test/harness/seaweedfs.ts, which checks the signature and its expiry), and
// POST /v1/uploads/{id}/complete makes the object a file through the upload pipeline. A 200 MB PDF
// goes the whole way: PUT, completed, read back byte for byte, extracted.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { makePng } from '../fixtures/documents.js';
import { largePdf } from '../fixtures/large-pdf.js';
import { call, pollJob, startStackWithProvider } from '../api/job-helpers.js';
import { startSeaweedS3, type SeaweedS3 } from '../harness/seaweedfs.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { createDocextractClient } from '../../clients/typescript/index.js';

const MiB = 1024 * 1024;

let s3: SeaweedS3;
let client: S3Client;
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  s3 = await startSeaweedS3();
  // The service reads credentials from the SDK's default chain: here, the AWS_* variables.
  process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.secretAccessKey;
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
}, 180_000);

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  process.env.AWS_ACCESS_KEY_ID = saved.id;
  process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
  if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
  if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
});

const objectExists = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
    () => true,
    (err: { $metadata?: { httpStatusCode?: number } }) => {
      if (err.$metadata?.httpStatusCode === 404) return false;
      throw err;
    },
  );

/** The object key a ticket's URL PUTs to (path style: /<bucket>/<key>). */
const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(`/${s3.bucket}/`, '');

/** PUT the bytes as the ticket says: its method, its URL, exactly its headers. */
const putTo = (ticket: { url: string; method: string; headers: Record<string, string> }, bytes: Buffer) =>
  fetch(ticket.url, { method: ticket.method, headers: ticket.headers, body: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });

/** Whether the response's body is exactly `expected`, compared chunk by chunk as it streams in. */
async function streamsExactly(res: Response, expected: Buffer): Promise<boolean> {
  let offset = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (offset + chunk.length > expected.length || !Buffer.from(chunk).equals(expected.subarray(offset, offset + chunk.length))) return false;
    offset += chunk.length;
  }
  return offset === expected.length;
}

describe('direct uploads with SERVICE_STORAGE=s3', () => {
  let stack: TestStack;
  let provider: ScriptedProvider;

  beforeAll(async () => {
    // A small SERVICE_MAX_UPLOAD_BYTES: a direct upload of a PDF is not bound by it, a converted format is.
    ({ stack, provider } = await startStackWithProvider({ env: { ...s3.env, S3_PREFIX: 'svc/', SERVICE_MAX_UPLOAD_BYTES: String(MiB), SERVICE_MAX_DIRECT_UPLOAD_BYTES: String(300 * MiB) } }));
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
    await provider?.close();
  });

  it('answers 409 upload_incomplete before the PUT; after it, the file (its bytes the uploaded object), the same file when completed again', async () => {
    const png = makePng(60, 40);
    const created = await call(stack.url, 'POST', '/v1/uploads', { filename: 'scan.png', size_bytes: png.length, content_type: 'image/png' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^upl_[0-9a-z]{26}$/), url: expect.any(String), method: 'PUT', headers: { 'Content-Length': String(png.length), 'Content-Type': 'image/png' }, expires_at: expect.any(String) });
    const key = keyOf(created.body.url);
    expect(key).toBe(`svc/uploads/${created.body.id}`);
    expect(new Date(created.body.expires_at).getTime()).toBeGreaterThan(Date.now());

    const early = await call(stack.url, 'POST', `/v1/uploads/${created.body.id}/complete`);
    expect(early).toMatchObject({ status: 409, body: { code: 'upload_incomplete' } });
    expect(await stack.db('files').where({ filename: 'scan.png' }).select('id')).toEqual([]);

    const put = await putTo(created.body, png);
    expect(put.status).toBe(200);
    const done = await call(stack.url, 'POST', `/v1/uploads/${created.body.id}/complete`);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ filename: 'scan.png', media_type: 'image/png', kind: 'image', page_count: 1, size_bytes: png.length, sha256: createHash('sha256').update(png).digest('hex') });
    // The uploaded object is the file's bytes: no copy, nothing in Postgres.
    expect(await stack.db('files').where({ id: done.body.id }).first('object_key')).toEqual({ object_key: key });
    expect(await stack.db('file_blobs').where({ file_id: done.body.id }).select('file_id')).toEqual([]);
    const content = await fetch(`${stack.url}/v1/files/${done.body.id}/content`);
    expect(Buffer.from(await content.arrayBuffer()).equals(png)).toBe(true);

    const again = await call(stack.url, 'POST', `/v1/uploads/${created.body.id}/complete`);
    expect(again).toMatchObject({ status: 201, body: { id: done.body.id } });
    expect(await stack.db('files').where({ filename: 'scan.png' }).select('id')).toEqual([{ id: done.body.id }]);

    // Deleting the file removes the object; the upload then names no file.
    expect((await call(stack.url, 'DELETE', `/v1/files/${done.body.id}`)).status).toBe(204);
    expect(await objectExists(key)).toBe(false);
    expect(await call(stack.url, 'POST', `/v1/uploads/${created.body.id}/complete`)).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it('a presigned direct upload of a 200 MB PDF completes, comes back byte for byte and extracts', async () => {
    const pdf = largePdf('Invoice 7, total 12.50', 200 * 1000 * 1000);
    const created = await call(stack.url, 'POST', '/v1/uploads', { filename: 'big.pdf', size_bytes: pdf.length, content_type: 'application/pdf' });
    expect(created.status).toBe(201);
    expect((await putTo(created.body, pdf)).status).toBe(200);
    const done = await call(stack.url, 'POST', `/v1/uploads/${created.body.id}/complete`);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ filename: 'big.pdf', media_type: 'application/pdf', kind: 'pdf', page_count: 1, size_bytes: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') });
    expect(await stack.db('files').where({ id: done.body.id }).first('object_key')).toEqual({ object_key: `svc/uploads/${created.body.id}` });

    const content = await fetch(`${stack.url}/v1/files/${done.body.id}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-length')).toBe(String(pdf.length));
    expect(await streamsExactly(content, pdf)).toBe(true);

    const put = await call(stack.url, 'PUT', '/v1/extractors/direct-invoice', {
      display_name: 'Invoice',
      instructions: 'Extract the total.',
      model: 'test-vision-model',
      schema: { type: 'object', properties: { total: { type: ['number', 'null'] } }, required: ['total'], additionalProperties: false },
    });
    expect([200, 201]).toContain(put.status);
    provider.enqueue({ kind: 'content', content: JSON.stringify({ total: 12.5 }), usage: { prompt_tokens: 1, completion_tokens: 1 } });
    const job = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'direct-invoice', file_id: done.body.id });
    expect(job.status).toBe(201);
    const finished = (await pollJob(stack.url, `/v1/extraction-jobs/${job.body.id}`, undefined, 240_000)).pop();
    expect(finished.status).toBe('completed');
    expect(finished.result.data).toEqual({ total: 12.5 });
    expect((await call(stack.url, 'DELETE', `/v1/extraction-jobs/${job.body.id}`)).status).toBe(204);
    expect((await call(stack.url, 'DELETE', `/v1/files/${done.body.id}`)).status).toBe(204);
  }, 600_000);

  it('a converted format is stored as any upload (its copy, its rendition) and the uploaded object removed; past SERVICE_MAX_UPLOAD_BYTES it is 413 file_too_large', async () => {
    const text = Buffer.from('Quarterly report\nRevenue rose.\n');
    const created = await call(stack.url, 'POST', '/v1/uploads', { filename: 'report.txt', size_bytes: text.length });
    expect(created.status).toBe(201);
    expect(created.body.headers).toEqual({ 'Content-Length': String(text.length) });
    expect((await putTo(created.body, text)).status).toBe(200);
    const done = await call(stack.url, 'POST', `/v1/uploads/${created.body.id}/complete`);
    expect(done).toMatchObject({ status: 201, body: { filename: 'report.txt', kind: 'text', page_count: 1, size_bytes: text.length } });
    expect(await stack.db('files').where({ id: done.body.id }).first('object_key')).toEqual({ object_key: `svc/files/${done.body.id}` });
    expect(await objectExists(keyOf(created.body.url))).toBe(false);
    const content = await fetch(`${stack.url}/v1/files/${done.body.id}/content`);
    expect(Buffer.from(await content.arrayBuffer()).equals(text)).toBe(true);

    // Read whole to be converted: bounded by SERVICE_MAX_UPLOAD_BYTES (1 MiB here), nothing stored.
    const big = Buffer.alloc(MiB + 1, 'lorem ipsum dolor sit amet\n');
    const large = await call(stack.url, 'POST', '/v1/uploads', { filename: 'large.txt', size_bytes: big.length, content_type: 'text/plain' });
    expect((await putTo(large.body, big)).status).toBe(200);
    const refused = await call(stack.url, 'POST', `/v1/uploads/${large.body.id}/complete`);
    expect(refused).toMatchObject({ status: 413, body: { code: 'file_too_large' } });
    expect(await stack.db('files').where({ filename: 'large.txt' }).select('id')).toEqual([]);
  });

  it('the TypeScript client (and so the CLI) uploads a file above directUploadAboveBytes directly', async () => {
    const png = makePng(80, 30);
    const file = await createDocextractClient({ baseUrl: stack.url, directUploadAboveBytes: png.length - 1 }).uploadFile(png, { filename: 'client.png' });
    expect(file).toMatchObject({ filename: 'client.png', media_type: 'image/png', size_bytes: png.length });
    const row = await stack.db('files').where({ id: file.id }).first('object_key');
    expect(row.object_key).toMatch(/^svc\/uploads\/upl_/);
    // At or below it: a multipart upload, as before.
    const small = await createDocextractClient({ baseUrl: stack.url, directUploadAboveBytes: png.length }).uploadFile(png, { filename: 'client.png' });
    expect(await stack.db('files').where({ id: small.id }).first('object_key')).toEqual({ object_key: `svc/files/${small.id}` });
  });

  it('refuses an announced size above SERVICE_MAX_DIRECT_UPLOAD_BYTES (413 file_too_large), bad input (422), and an unknown id (404)', async () => {
    const tooLarge = await call(stack.url, 'POST', '/v1/uploads', { filename: 'huge.pdf', size_bytes: 300 * MiB + 1 });
    expect(tooLarge).toMatchObject({ status: 413, body: { code: 'file_too_large' } });
    expect((await call(stack.url, 'POST', '/v1/uploads', { filename: 'max.pdf', size_bytes: 300 * MiB })).status).toBe(201);
    for (const body of [{}, { filename: 'a.pdf' }, { filename: 'a.pdf', size_bytes: 0 }, { filename: 'a.pdf', size_bytes: 1.5 }, { filename: '', size_bytes: 10 }, { filename: 'a.pdf', size_bytes: 10, content_type: 'pdf' }, { filename: 'a.pdf', size_bytes: 10, extra: 1 }]) {
      expect(await call(stack.url, 'POST', '/v1/uploads', body)).toMatchObject({ status: 422, body: { code: 'validation_error' } });
    }
    expect(await call(stack.url, 'POST', '/v1/uploads/upl_01jqz8m4x5v6w7y8z9a0b1c2d3/complete')).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});

describe('an expired direct upload (SERVICE_DIRECT_UPLOAD_EXPIRY_SECONDS=1)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ env: { ...s3.env, SERVICE_DIRECT_UPLOAD_EXPIRY_SECONDS: '1' } });
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('is refused by the bucket and answered 410 upload_expired, its object removed', async () => {
    const bytes = makePng(20, 20);
    const created = await call(stack.url, 'POST', '/v1/uploads', { filename: 'late.png', size_bytes: bytes.length });
    expect(created.status).toBe(201);
    // Wait until the upload has expired (by its own expires_at), however long the steps above took.
    while (Date.now() <= new Date(created.body.expires_at).getTime() + 1000) await new Promise((r) => setTimeout(r, 200));
    expect((await putTo(created.body, bytes)).status).toBe(403);
    // Its bytes put anyway (by a client holding the bucket's own credentials): still too late, and removed.
    const key = keyOf(created.body.url);
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes }));
    const late = await call(stack.url, 'POST', `/v1/uploads/${created.body.id}/complete`);
    expect(late).toMatchObject({ status: 410, body: { code: 'upload_expired' } });
    expect(await objectExists(key)).toBe(false);
    expect(await stack.db('files').where({ filename: 'late.png' }).select('id')).toEqual([]);
  });
});

describe('with SERVICE_STORAGE=postgres', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('both operations answer 409 direct_uploads_unavailable', async () => {
    const created = await call(stack.url, 'POST', '/v1/uploads', { filename: 'a.pdf', size_bytes: 10 });
    expect(created).toMatchObject({ status: 409, body: { code: 'direct_uploads_unavailable' } });
    // Whatever the body: the operation itself is unavailable.
    expect(await call(stack.url, 'POST', '/v1/uploads', {})).toMatchObject({ status: 409, body: { code: 'direct_uploads_unavailable' } });
    const completed = await call(stack.url, 'POST', '/v1/uploads/upl_01jqz8m4x5v6w7y8z9a0b1c2d3/complete');
    expect(completed).toMatchObject({ status: 409, body: { code: 'direct_uploads_unavailable' } });
    // The TypeScript client falls back to a multipart upload.
    const png = makePng(20, 20);
    const file = await createDocextractClient({ baseUrl: stack.url, directUploadAboveBytes: 0 }).uploadFile(png, { filename: 'fallback.png' });
    expect(file).toMatchObject({ filename: 'fallback.png', size_bytes: png.length });
  });
});
