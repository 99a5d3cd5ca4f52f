// Issue 53: the orphan sweep removes the bucket's objects that no row names once they are older than
// the grace period, and nothing else: not a file's object, not a young object (its row may still be
// coming), not an object outside the service's key spaces. It runs as storageSweepWorkflow on a
// Temporal Schedule the API creates with SERVICE_STORAGE=s3 (real SeaweedFS, real Temporal). And
// retention, expiring a file with its job, removes the file's objects.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { makePdf } from '../fixtures/documents.js';
import { call, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { startSeaweedS3, type SeaweedS3 } from '../harness/seaweedfs.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { createLogger } from '../../src/logging.js';
import { ensureStorageSweepSchedule, storageSweepScheduleId } from '../../src/temporal/storage-sweep-schedule.js';
import { retentionActivities } from '../../activities/retention.js';
import { createSecretBox } from '../../src/storage/secrets.js';

let s3: SeaweedS3;
let stack: TestStack;
let provider: ScriptedProvider;
let client: S3Client;
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  s3 = await startSeaweedS3();
  process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.secretAccessKey;
  ({ stack, provider } = await startStackWithProvider({ env: { ...s3.env, S3_PREFIX: 'svc/', SERVICE_STORAGE_SWEEP_INTERVAL_MINUTES: '30', SERVICE_STORAGE_ORPHAN_GRACE_MINUTES: '45' } }));
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

const put = (key: string) => client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: Buffer.from('orphan') }));
const exists = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
    () => true,
    (err: { $metadata?: { httpStatusCode?: number } }) => {
      if (err.$metadata?.httpStatusCode === 404) return false;
      throw err;
    },
  );
const sweep = (graceMinutes: number) =>
  stack.temporal.workflow.execute('storageSweepWorkflow', { workflowId: `sweep-${Date.now()}`, taskQueue: stack.config.temporal.taskQueue, args: [graceMinutes] });

describe('the orphan sweep', () => {
  it('removes only objects no row names, once older than the grace period', async () => {
    const r = await upload(stack.url, makePdf(['Kept invoice']), 'kept.pdf', 'application/pdf');
    expect(r.status).toBe(201);
    const kept = `svc/files/${r.body.id}`;
    const orphans = ['svc/files/file_01orphan', 'svc/renditions/file_01orphan.pdf'];
    const notOurs = ['svc/elsewhere/report.ndjson', 'other/files/file_01x'];
    // Direct uploads' objects: one that can still be completed stays, an expired one is garbage.
    const openUpload = 'svc/uploads/upl_01open';
    const expiredUpload = 'svc/uploads/upl_01expired';
    const upload0 = { filename: 'scan.pdf', size_bytes: 6, created_at: new Date() };
    await stack.db('direct_uploads').insert([
      { ...upload0, id: 'upl_01open', object_key: openUpload, expires_at: new Date(Date.now() + 3600_000) },
      { ...upload0, id: 'upl_01expired', object_key: expiredUpload, expires_at: new Date(Date.now() - 1_000) },
    ]);
    for (const key of [...orphans, ...notOurs, openUpload, expiredUpload]) await put(key);

    // Young: nothing goes.
    expect(await sweep(45)).toEqual({ listed: 5, removed: 0 });
    for (const key of [kept, ...orphans, ...notOurs, openUpload, expiredUpload]) expect([key, await exists(key)]).toEqual([key, true]);

    // Past the grace period: the orphans go, the file's object, the open upload's and the others stay.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await sweep(0)).toEqual({ listed: 5, removed: 3 });
    for (const key of [...orphans, expiredUpload]) expect([key, await exists(key)]).toEqual([key, false]);
    for (const key of [kept, ...notOurs, openUpload]) expect([key, await exists(key)]).toEqual([key, true]);
    const content = await fetch(`${stack.url}/v1/files/${r.body.id}/content`);
    expect(content.status).toBe(200);
  }, 120_000);

  // Last: it expires every file of this file's database.
  it('retention expiring a file removes its objects (the upload and its rendition)', async () => {
    const r = await upload(stack.url, Buffer.from('Quarterly report\nRevenue rose.\n'), 'old.txt', 'text/plain');
    expect(r.status).toBe(201);
    const keys = [`svc/files/${r.body.id}`, `svc/renditions/${r.body.id}.pdf`];
    for (const key of keys) expect([key, await exists(key)]).toEqual([key, true]);
    // Retention expires jobs, and with them the files no other job or example uses.
    const schema = { type: 'object', properties: { total: { type: ['number', 'null'] } }, required: ['total'], additionalProperties: false };
    expect([200, 201]).toContain((await call(stack.url, 'PUT', '/v1/extractors/retained', { display_name: 'Retained', instructions: 'Total.', model: 'test-vision-model', schema })).status);
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ total: 1 }) }));
    const created = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'retained', file_id: r.body.id });
    expect(created.status).toBe(201);
    expect((await pollJob(stack.url, `/v1/extraction-jobs/${created.body.id}`)).pop().status).toBe('completed');
    const config = { ...stack.config, retention: { ...stack.config.retention, jobDays: 30 } };
    const retention = retentionActivities({ config, db: stack.db, logger: createLogger('silent', 'test'), secrets: createSecretBox(config) });
    const counts = await retention.applyRetention(new Date(Date.now() + 31 * 24 * 3600_000).toISOString());
    expect(counts).toMatchObject({ jobs: 1, files: 1 });
    expect(await stack.db('files').where({ id: r.body.id }).first('id')).toBeUndefined();
    for (const key of keys) expect([key, await exists(key)]).toEqual([key, false]);
  }, 60_000);

  it('runs on a schedule with the configured interval and grace period', async () => {
    await ensureStorageSweepSchedule(stack.temporal, stack.config, createLogger('silent', 'test'));
    const handle = stack.temporal.schedule.getHandle(storageSweepScheduleId(stack.config));
    try {
      const described = await handle.describe();
      expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'storageSweepWorkflow', taskQueue: stack.config.temporal.taskQueue, args: [45] });
      expect(described.spec.intervals?.[0]?.every).toBe(30 * 60_000);
    } finally {
      await handle.delete();
    }
  }, 60_000);
});
