// Issue 53, "Faults": `npm run storage:migrate -- --to s3` copies the bytes Postgres holds into the
// bucket (a real S3 server, SeaweedFS), verified by SHA-256, and only then frees the Postgres
// copies; a run stopped half-way loses nothing and the next run goes on. A stack configured with
// the bucket then serves the moved files byte for byte.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { makePdf } from '../fixtures/documents.js';
import { startStackWithProvider, upload } from '../api/job-helpers.js';
import { startSeaweedS3, type SeaweedS3 } from '../harness/seaweedfs.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { moveBytesToBucket } from '../../src/storage/bytes-migration.js';
import type { ObjectStore } from '../../src/storage/object-store.js';
import { createObjectStore } from '../../src/storage/s3-object-store.js';

const run = promisify(execFile);
let s3: SeaweedS3;
let pgStack: TestStack;
let provider: ScriptedProvider;
let bucket: ObjectStore;
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  s3 = await startSeaweedS3();
  process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.secretAccessKey;
  // Bytes in Postgres (the default storage), as before a switch to the bucket.
  ({ stack: pgStack, provider } = await startStackWithProvider({ worker: false }));
  bucket = createObjectStore({ kind: 's3', endpoint: s3.endpoint, region: 'us-east-1', bucket: s3.bucket, prefix: '', forcePathStyle: true })!;
}, 180_000);

afterAll(async () => {
  await pgStack?.close();
  await provider?.close();
  await s3?.stop();
  process.env.AWS_ACCESS_KEY_ID = saved.id;
  process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
  if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
  if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
});

/** `npm run storage:migrate -- <args>` against the Postgres stack's database and the bucket. */
async function storageMigrate(args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, ...s3.env, DATABASE_URL: pgStack.config.databaseUrl!, NODE_OPTIONS: '', ...extraEnv };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/bin/storage-migrate.ts', ...args], { env, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('npm run storage:migrate -- --to s3', () => {
  it('refuses anything but --to s3, and needs SERVICE_STORAGE=s3', async () => {
    for (const args of [[], ['--to', 'gcs'], ['--from', 's3']]) {
      const r = await storageMigrate(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toContain('usage: npm run storage:migrate -- --to s3');
    }
    const withoutBucket = await storageMigrate(['--to', 's3'], { SERVICE_STORAGE: 'postgres' });
    expect(withoutBucket.code).toBe(2);
    expect(withoutBucket.stderr).toContain('SERVICE_STORAGE: set it to s3');
  }, 120_000);

  it('moves uploads and renditions, verified, frees the Postgres copies, resumes after a failure, and the bucket serves them', async () => {
    const pdf = makePdf(['Moved invoice 41']);
    const text = Buffer.from('Quarterly report\nRevenue rose by 4 percent.\n');
    const files = [await upload(pgStack.url, pdf, 'moved.pdf', 'application/pdf'), await upload(pgStack.url, text, 'moved.txt', 'text/plain')];
    for (const f of files) expect(f.status).toBe(201);
    const [pdfId, textId] = files.map((f) => f.body.id as string) as [string, string];
    expect((await pgStack.db('file_blobs').whereIn('file_id', [pdfId, textId]).select('file_id')).length).toBe(2);
    expect(await pgStack.db('file_renditions').where({ file_id: textId }).whereNotNull('pdf').first('file_id')).toBeDefined();

    // A run that fails at its second object: the first file is moved, the rest is untouched.
    let puts = 0;
    const failing: ObjectStore = { ...bucket, put: async (key, body, type) => (++puts === 2 ? Promise.reject(new Error('bucket went away')) : bucket.put(key, body, type)) };
    await expect(moveBytesToBucket(pgStack.db, failing)).rejects.toThrow('bucket went away');
    const afterFailure = await pgStack.db('files').whereIn('id', [pdfId, textId]).select('id', 'object_key');
    expect(afterFailure.filter((r) => r.object_key !== null).length).toBe(1);
    const stillInPg = afterFailure.find((r) => r.object_key === null)!.id;
    expect(await pgStack.db('file_blobs').where({ file_id: stillInPg }).first('file_id')).toBeDefined();

    // The command goes on with what is left.
    const r = await storageMigrate(['--to', 's3']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/done: moved \d+ files and \d+ renditions/);
    const rows = await pgStack.db('files').whereIn('id', [pdfId, textId]).select('id', 'object_key');
    expect(Object.fromEntries(rows.map((row) => [row.id, row.object_key]))).toEqual({ [pdfId]: `files/${pdfId}`, [textId]: `files/${textId}` });
    expect(await pgStack.db('file_blobs').whereIn('file_id', [pdfId, textId]).select('file_id')).toEqual([]);
    expect(await pgStack.db('file_renditions').where({ file_id: textId }).first('pdf', 'pdf_key')).toEqual({ pdf: null, pdf_key: `renditions/${textId}.pdf` });
    expect(sha256((await bucket.get(`files/${pdfId}`))!)).toBe(sha256(pdf));
    expect(sha256((await bucket.get(`files/${textId}`))!)).toBe(sha256(text));
    expect((await bucket.get(`renditions/${textId}.pdf`))!.subarray(0, 5).toString()).toBe('%PDF-');

    // Nothing left: a second run moves nothing.
    const again = await storageMigrate(['--to', 's3']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('done: moved 0 files and 0 renditions');

    // A stack with the bucket serves the moved bytes and the moved rendition's pages.
    // Same database and secret key as the Postgres stack: the bucket's settings are the only change.
    const s3Stack = await startTestStack({ worker: false, env: { ...s3.env, DATABASE_URL: pgStack.config.databaseUrl!, SERVICE_DATA_DIR: pgStack.config.dataDir } });
    try {
      const content = await fetch(`${s3Stack.url}/v1/files/${pdfId}/content`);
      expect(content.status).toBe(200);
      expect(Buffer.from(await content.arrayBuffer()).equals(pdf)).toBe(true);
      const page = await fetch(`${s3Stack.url}/v1/files/${textId}/pages/1`);
      expect(page.status).toBe(200);
    } finally {
      await s3Stack.close();
    }
  }, 300_000);
});
