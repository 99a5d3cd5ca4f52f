// Issue 53 item 4: batches from and to buckets, against a real S3 server (SeaweedFS,
// test/harness/seaweedfs.ts). Objects put under a prefix with the AWS SDK become a batch's items
// (custom_id = key without S3_PREFIX, total known in the 201), each item's file is made of its
// object when it starts, and when the batch ends results.ndjson and results.csv are written under
// the destination with the bytes the results endpoints serve. The request's rules (inputs or
// source, an empty prefix, the service's own key spaces, Postgres storage) are checked too.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { makePdf } from '../fixtures/documents.js';
import { call, eventually, startStackWithProvider } from '../api/job-helpers.js';
import { startSeaweedS3, type SeaweedS3 } from '../harness/seaweedfs.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { hostPortOf, startTcpProxy, type TcpProxy } from '../harness/tcp-proxy.js';
import { configureObjectStore, listUpTo, objectStore } from '../../src/storage/object-store.js';
import { s3ObjectStore } from '../../src/storage/s3-object-store.js';

let s3: SeaweedS3;
let stack: TestStack;
let provider: ScriptedProvider;
let client: S3Client;
/** Between the service and the bucket, to cut it off (the test's own client talks to the bucket directly). */
let proxy: TcpProxy;
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
/** The service's S3_PREFIX: every key a request names is under it. */
const SERVICE_PREFIX = 'svc/';

const SCHEMA = {
  type: 'object',
  properties: { total: { type: ['number', 'null'] } },
  required: ['total'],
  additionalProperties: false,
};

beforeAll(async () => {
  s3 = await startSeaweedS3();
  process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.secretAccessKey;
  proxy = await startTcpProxy(hostPortOf(s3.endpoint));
  ({ stack, provider } = await startStackWithProvider({ batches: true, env: { ...s3.env, S3_ENDPOINT: `http://${proxy.host}:${proxy.port}`, S3_PREFIX: SERVICE_PREFIX } }));
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
  const put = await call(stack.url, 'PUT', '/v1/extractors/bucket-invoice', { display_name: 'Invoice', instructions: 'Extract the total.', model: 'test-vision-model', schema: SCHEMA });
  expect([200, 201]).toContain(put.status);
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  client?.destroy();
  await proxy?.close();
  await s3?.stop();
  process.env.AWS_ACCESS_KEY_ID = saved.id;
  process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
  if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
  if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
});

const putObject = (key: string, body: Buffer, contentType?: string) => client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${SERVICE_PREFIX}${key}`, Body: body, ContentType: contentType }));
const objectText = async (key: string) => (await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${SERVICE_PREFIX}${key}` }))).Body!.transformToString());
const batchBody = (extra: Record<string, unknown>) => ({ kind: 'extraction', extractor_name: 'bucket-invoice', ...extra });

describe('a batch from a bucket prefix, its results written under another', () => {
  it('lists the objects at creation, makes each a file as it starts, and writes results.ndjson and results.csv equal to the results endpoints', async () => {
    const docs: Record<string, Buffer> = {
      'inbox/2026/a.pdf': makePdf(['Invoice A, total 10']),
      'inbox/2026/b.pdf': makePdf(['Invoice B, total 20']),
      'inbox/2026/c.pdf': makePdf(['Invoice C, total 30']),
      'inbox/2026/memo.txt': Buffer.from('Memo: total 40\n'),
      'inbox/2026/notes.txt': Buffer.from('Notes: total 50\n'),
      // Bytes no upload accepts: its item fails with the pipeline's code, the others complete.
      'inbox/2026/broken.bin': Buffer.from([0x00, 0x9f, 0x13, 0x37, 0xfe, 0x01, 0x02, 0x03]),
    };
    for (const [key, body] of Object.entries(docs)) await putObject(key, body);
    // Not items: a console's "folder" object, and an object beside the prefix.
    await putObject('inbox/2026/', Buffer.alloc(0));
    await putObject('inbox/2025-old.pdf', makePdf(['old']));
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ total: 1 }), usage: { prompt_tokens: 1, completion_tokens: 1 } }));

    const created = await call(stack.url, 'POST', '/v1/batches', batchBody({ source: { s3_prefix: 'inbox/2026/' }, destination: { s3_prefix: 'outbox/run-1' }, concurrency: 2 }));
    expect(created.status).toBe(201);
    expect(created.body.request_counts.total).toBe(6);
    expect(created.body.source).toEqual({ s3_prefix: 'inbox/2026/' });
    expect(created.body.destination).toEqual({ s3_prefix: 'outbox/run-1', results_ndjson_key: 'outbox/run-1/results.ndjson', results_csv_key: 'outbox/run-1/results.csv', written_at: null });
    const id = created.body.id as string;

    // Ended, and its results written (the batch says when).
    const batch = await eventually(async () => {
      const r = await call(stack.url, 'GET', `/v1/batches/${id}`);
      return r.body.status === 'completed' && r.body.destination.written_at !== null ? r.body : undefined;
    }, 120_000);
    expect(batch.request_counts).toEqual({ total: 6, queued: 0, running: 0, completed: 5, failed: 1, canceled: 0 });

    const ndjson = await (await fetch(`${stack.url}/v1/batches/${id}/results`)).text();
    const lines = ndjson.split('\n').filter(Boolean).map((l) => JSON.parse(l));
    // custom_id = the key as the request names keys (without S3_PREFIX), in key order.
    expect(lines.map((l) => l.custom_id)).toEqual(Object.keys(docs).sort());
    const broken = lines.find((l) => l.custom_id === 'inbox/2026/broken.bin');
    expect(broken.status).toBe('failed');
    expect(broken.error.code).toBe('unsupported_media_type');
    expect(lines.filter((l) => l.status === 'completed').map((l) => l.result.data)).toEqual(Array(5).fill({ total: 1 }));
    expect(await objectText('outbox/run-1/results.ndjson')).toBe(ndjson);
    const csv = await (await fetch(`${stack.url}/v1/batches/${id}/results.csv`)).text();
    expect(csv.split('\n')[0]).toContain('custom_id');
    expect(await objectText('outbox/run-1/results.csv')).toBe(csv);

    // Each completed item ran on a file made of its object, byte for byte.
    const item = lines.find((l) => l.custom_id === 'inbox/2026/a.pdf');
    const job = await call(stack.url, 'GET', `/v1/extraction-jobs/${item.job_id}`);
    const content = await fetch(`${stack.url}/v1/files/${job.body.file_id}/content`);
    expect(Buffer.from(await content.arrayBuffer()).equals(docs['inbox/2026/a.pdf']!)).toBe(true);
  }, 180_000);

  it('a parse batch from a prefix writes results.ndjson and no CSV', async () => {
    const created = await call(stack.url, 'POST', '/v1/batches', { kind: 'parse', parser_name: 'document-to-markdown', source: { s3_prefix: 'inbox/2026/a' }, destination: { s3_prefix: 'parsed/' } });
    expect(created.status).toBe(201);
    expect(created.body.request_counts.total).toBe(1);
    expect(created.body.destination).toMatchObject({ results_ndjson_key: 'parsed/results.ndjson', results_csv_key: null });
    provider.respondWith(() => ({ kind: 'content', content: '# Invoice A', usage: { prompt_tokens: 1, completion_tokens: 1 } }));
    await eventually(async () => {
      const r = await call(stack.url, 'GET', `/v1/batches/${created.body.id}`);
      return r.body.destination.written_at !== null ? r.body : undefined;
    }, 120_000);
    const ndjson = await (await fetch(`${stack.url}/v1/batches/${created.body.id}/results`)).text();
    expect(await objectText('parsed/results.ndjson')).toBe(ndjson);
    await expect(objectText('parsed/results.csv')).rejects.toThrow();
  }, 180_000);

  it('a canceled batch writes its results too; items never started have no file (file_id null) until a retry reads their objects', async () => {
    // Slow answers, one item at a time: the cancel comes before most items start.
    provider.respondWith(() => ({ kind: 'content', content: '# page', delayMs: 2_000, usage: { prompt_tokens: 1, completion_tokens: 1 } }));
    const created = await call(stack.url, 'POST', '/v1/batches', { kind: 'parse', parser_name: 'document-to-markdown', source: { s3_prefix: 'inbox/2026/' }, destination: { s3_prefix: 'canceled' }, concurrency: 1 });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await call(stack.url, 'POST', `/v1/batches/${id}/cancel`)).status).toBe(200);
    const batch = await eventually(async () => {
      const r = await call(stack.url, 'GET', `/v1/batches/${id}`);
      return r.body.status === 'canceled' && r.body.destination.written_at !== null ? r.body : undefined;
    }, 120_000);
    expect(batch.request_counts.canceled).toBeGreaterThanOrEqual(5);
    // Its items as jobs (the response checked against openapi.yaml): the unstarted ones have no file.
    const items = await call(stack.url, 'GET', `/v1/parse-jobs?batch_id=${id}&limit=100`);
    expect(items.status).toBe(200);
    expect(items.body.filter((j: { file_id: string | null }) => j.file_id === null).length).toBeGreaterThanOrEqual(5);
    const ndjson = await (await fetch(`${stack.url}/v1/batches/${id}/results`)).text();
    expect(await objectText('canceled/results.ndjson')).toBe(ndjson);
    expect(ndjson.split('\n').filter(Boolean)).toHaveLength(6);
    // An unstarted item cannot be retried alone (no file to run on); the batch's retry reads the objects.
    provider.respondWith(() => ({ kind: 'content', content: '# page', usage: { prompt_tokens: 1, completion_tokens: 1 } }));
    const retried = await call(stack.url, 'POST', `/v1/batches/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.destination.written_at).toBeNull();
    const again = await eventually(async () => {
      const r = await call(stack.url, 'GET', `/v1/batches/${id}`);
      return r.body.status === 'completed' && r.body.destination.written_at !== null ? r.body : undefined;
    }, 120_000);
    // broken.bin fails (no upload takes its bytes); every other object became a file and completed.
    expect(again.request_counts).toMatchObject({ total: 6, completed: 5, failed: 1, canceled: 0 });
    const failed = (await call(stack.url, 'GET', `/v1/parse-jobs?batch_id=${id}&status=failed`)).body[0];
    expect(failed.file_id).toBeNull();
    const alone = await call(stack.url, 'POST', `/v1/parse-jobs/${failed.id}/retry`);
    expect(alone.status).toBe(409);
    expect(alone.body.code).toBe('job_in_batch');
    expect(await objectText('canceled/results.ndjson')).toBe(await (await fetch(`${stack.url}/v1/batches/${id}/results`)).text());
  }, 240_000);

  it('the bucket unreachable when the batch ends: the batch is completed, its results are written once the bucket is back', async () => {
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ total: 7 }), delayMs: 1_500, usage: { prompt_tokens: 1, completion_tokens: 1 } }));
    const created = await call(stack.url, 'POST', '/v1/batches', batchBody({ inputs: [{ custom_id: 'only', text: 'Invoice, total 7' }], destination: { s3_prefix: 'late' } }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    proxy.pause();
    try {
      await eventually(async () => {
        const r = await call(stack.url, 'GET', `/v1/batches/${id}`);
        return r.body.status === 'completed' ? r.body : undefined;
      }, 60_000);
      // Once the service has tried the bucket since (a refused connection), the results are still unwritten.
      const tried = proxy.accepted;
      await eventually(async () => (proxy.accepted > tried ? true : undefined), 60_000);
      expect((await call(stack.url, 'GET', `/v1/batches/${id}`)).body.destination.written_at).toBeNull();
      await expect(objectText('late/results.ndjson')).rejects.toThrow();
    } finally {
      proxy.resume();
    }
    await eventually(async () => {
      const r = await call(stack.url, 'GET', `/v1/batches/${id}`);
      return r.body.destination.written_at !== null ? r.body : undefined;
    }, 90_000);
    const ndjson = await (await fetch(`${stack.url}/v1/batches/${id}/results`)).text();
    expect(JSON.parse(ndjson).result.data).toEqual({ total: 7 });
    expect(await objectText('late/results.ndjson')).toBe(ndjson);
    expect(await objectText('late/results.csv')).toBe(await (await fetch(`${stack.url}/v1/batches/${id}/results.csv`)).text());
  }, 180_000);
});

describe('creating a batch from a bucket is validated', () => {
  it('422 for both inputs and source, for neither, for a prefix without objects, and for the service’s own key spaces', async () => {
    const both = await call(stack.url, 'POST', '/v1/batches', batchBody({ inputs: [{ custom_id: 'x', text: 'total 1' }], source: { s3_prefix: 'inbox/' } }));
    expect(both.status).toBe(422);
    expect(both.body.detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(['body', 'source']);
    const neither = await call(stack.url, 'POST', '/v1/batches', batchBody({}));
    expect(neither.status).toBe(422);
    expect(neither.body.detail.map((d: { msg: string }) => d.msg).join(' ')).toContain("'inputs'");
    const empty = await call(stack.url, 'POST', '/v1/batches', batchBody({ source: { s3_prefix: 'nothing-here/' } }));
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe('source_empty');
    for (const prefix of ['files/', 'f', 'renditions/x', '', '/inbox/']) {
      const r = await call(stack.url, 'POST', '/v1/batches', batchBody({ source: { s3_prefix: prefix } }));
      expect([prefix, r.status]).toEqual([prefix, 422]);
    }
    const intoFiles = await call(stack.url, 'POST', '/v1/batches', batchBody({ inputs: [{ custom_id: 'x', text: 'total 1' }], destination: { s3_prefix: 'files/out' } }));
    expect(intoFiles.status).toBe(422);
  });

  it('lists a prefix page by page (ListObjectsV2 continuation), and stops past the limit', async () => {
    for (let i = 0; i < 7; i++) await putObject(`paged/doc-${i}.txt`, Buffer.from(`doc ${i}`));
    const store = s3ObjectStore({ ...(stack.config.storage as Extract<typeof stack.config.storage, { kind: 's3' }>) }, undefined, { listPage: 2 });
    const all = await listUpTo(store, `${SERVICE_PREFIX}paged/`, 100);
    expect(all.map((o) => o.key)).toEqual(Array.from({ length: 7 }, (_, i) => `${SERVICE_PREFIX}paged/doc-${i}.txt`));
    // One past the limit is enough to say "too many".
    expect((await listUpTo(store, `${SERVICE_PREFIX}paged/`, 3)).length).toBe(4);
  });

  it('409 bucket_batches_unavailable with SERVICE_STORAGE=postgres (no bucket), for a source and for a destination', async () => {
    // This process's API and worker share one object store setting: null is what SERVICE_STORAGE=postgres configures.
    const store = objectStore();
    configureObjectStore(null);
    try {
      const source = await call(stack.url, 'POST', '/v1/batches', batchBody({ source: { s3_prefix: 'inbox/2026/' } }));
      expect(source.status).toBe(409);
      expect(source.body.code).toBe('bucket_batches_unavailable');
      const destination = await call(stack.url, 'POST', '/v1/batches', batchBody({ inputs: [{ custom_id: 'x', text: 'total 1' }], destination: { s3_prefix: 'out/' } }));
      expect(destination.status).toBe(409);
      expect(destination.body.code).toBe('bucket_batches_unavailable');
    } finally {
      configureObjectStore(store);
    }
  });
});
