// Files larger than one storage chunk (1 MiB): uploads are stored and downloads streamed chunk by
// chunk, so these check the chunk boundaries byte for byte.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { makePdf, makePng } from '../fixtures/documents.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { call, upload } from './job-helpers.js';

let stack: TestStack;
let base: string;

beforeAll(async () => {
  stack = await startTestStack({ worker: false, env: { SERVICE_MAX_UPLOAD_BYTES: String(8 * 1024 * 1024) } });
  base = stack.url;
});
afterAll(async () => stack?.close());

const largeObjects = async () => Number((await stack.db.raw('select count(*) as n from pg_largeobject_metadata')).rows[0].n);

describe('files over one storage chunk', () => {
  it('uploads and downloads a ~3 MiB file byte for byte', async () => {
    const los = await largeObjects();
    // A real PDF header, then random bytes: 3 full chunks and a partial one.
    const bytes = Buffer.concat([makePdf(['big']), randomBytes(3 * 1024 * 1024 + 12_345)]);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const r = await upload(base, bytes, 'big.pdf', 'application/pdf');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ filename: 'big.pdf', media_type: 'application/pdf', size_bytes: bytes.length, sha256 });

    const stored = await stack.db('file_blobs').where({ file_id: r.body.id }).first('content');
    expect((stored.content as Buffer).equals(bytes)).toBe(true);
    expect(await largeObjects()).toBe(los); // the staging large object is gone

    const content = await fetch(`${base}/v1/files/${r.body.id}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(content.headers.get('content-length')).toBe(String(bytes.length));
    expect(content.headers.get('content-disposition')).toMatch(/^attachment; filename="?big\.pdf"?$/);
    expect(content.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('downloads a file of exactly one chunk', async () => {
    const png = makePng(4, 4);
    const bytes = Buffer.concat([png, randomBytes(1024 * 1024 - png.length)]);
    const r = await upload(base, bytes, 'one.png', 'image/png');
    expect(r.status).toBe(201);
    expect(r.body.size_bytes).toBe(1024 * 1024);
    const content = await fetch(`${base}/v1/files/${r.body.id}/content`);
    expect(content.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('stores nothing when a multi-chunk upload is refused', async () => {
    const before = await stack.db('files').count({ n: '*' });
    const los = await largeObjects();
    const r = await upload(base, Buffer.concat([makePng(4, 4), randomBytes(2 * 1024 * 1024)]), 'x.pdf', 'application/pdf');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('unsupported_media_type');
    expect(await stack.db('files').count({ n: '*' })).toEqual(before);
    expect(await largeObjects()).toBe(los);
  });

  it('404s for the content of a missing file', async () => {
    const r = await call(base, 'GET', '/v1/files/file_00000000000000000000000000/content');
    expect(r.status).toBe(404);
  });
});
