import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { makeJpeg, makePdf, makePng } from '../fixtures/documents.js';
import { checkedFetch } from '../harness/openapi-validator.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { call, upload } from './job-helpers.js';

let stack: TestStack;
let base: string;

beforeAll(async () => {
  stack = await startTestStack({ worker: false, env: { SERVICE_MAX_UPLOAD_BYTES: String(256 * 1024) } });
  base = stack.url;
});
afterAll(async () => stack?.close());

describe('POST /v1/files', () => {
  it.each([
    ['doc.pdf', 'application/pdf', () => makePdf(['hello'])],
    ['photo.png', 'image/png', () => makePng(8, 8)],
    ['photo.jpg', 'image/jpeg', () => makeJpeg(8, 8)],
  ])('stores %s and returns its record', async (name, type, make) => {
    const bytes = make();
    const r = await upload(base, bytes, name, type);
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual([
      'attachment_file_ids',
      'attachment_filename',
      'converter',
      'created_at',
      'filename',
      'id',
      'kind',
      'media_type',
      'page_count',
      'parent_file_id',
      'sha256',
      'size_bytes',
      'skipped_attachments',
      'warnings',
    ]);
    expect(r.body.id).toMatch(/^file_[0-9a-z]{26}$/);
    expect(r.body).toMatchObject({
      filename: name,
      media_type: type,
      size_bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      // An upload, not an e-mail's attachment, and no e-mail itself.
      parent_file_id: null,
      attachment_filename: null,
      attachment_file_ids: [],
      skipped_attachments: [],
      warnings: [],
    });

    const content = await checkedFetch<Buffer>(base, 'GET', `/v1/files/${r.body.id}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe(type);
    expect(content.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="?${name.replace('.', '\\.')}"?$`));
    expect(content.body.equals(bytes)).toBe(true);

    const read = await call(base, 'GET', `/v1/files/${r.body.id}`);
    expect(read.body).toEqual(r.body);
  });

  it('accepts image/jpg as JPEG and keeps an awkward filename safe in the header', async () => {
    const r = await upload(base, makeJpeg(4, 4), '../../etc/résumé "final".jpg', 'image/jpg');
    expect(r.status).toBe(201);
    expect(r.body.filename).toBe('résumé "final".jpg');
    expect(r.body.media_type).toBe('image/jpeg');
    const content = await checkedFetch(base, 'GET', `/v1/files/${r.body.id}/content`);
    const disposition = content.headers.get('content-disposition')!;
    expect(disposition).toContain("filename*=UTF-8''r%C3%A9sum%C3%A9");
  });

  it('refuses bytes of no accepted format (plain text is accepted since 0.6: see formats.test.ts)', async () => {
    const r = await upload(base, Buffer.from([0x00, 0x13, 0x37, 0xff, 0x00, 0x42]), 'blob.bin', 'application/octet-stream');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('unsupported_media_type');
  });

  it('refuses a file whose bytes contradict its declared type', async () => {
    const r = await upload(base, makePng(4, 4), 'fake.pdf', 'application/pdf');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('unsupported_media_type');
  });

  it('refuses an empty file', async () => {
    const r = await upload(base, Buffer.alloc(0), 'empty.pdf', 'application/pdf');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('empty_file');
  });

  it('refuses an upload over the size limit with 413 and stores nothing', async () => {
    const before = await stack.db('files').count({ n: '*' });
    const big = Buffer.concat([makePng(4, 4), Buffer.alloc(300 * 1024)]);
    const r = await upload(base, big, 'big.png', 'image/png');
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('file_too_large');
    expect(await stack.db('files').count({ n: '*' })).toEqual(before);
  });

  it('needs a part named "upload"', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePng(2, 2))], { type: 'image/png' }), 'x.png');
    const res = await checkedFetch(base, 'POST', '/v1/files', form);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'upload']);
    const json = await call(base, 'POST', '/v1/files', { upload: 'x' });
    expect(json.status).toBe(415);
  });

  it('reads and ignores up to 10 other field names, repeated or not, as openapi.yaml says (422 for more)', async () => {
    const form = (fields: [string, string][]) => {
      const f = new FormData();
      f.append('upload', new Blob([new Uint8Array(makePng(2, 2))], { type: 'image/png' }), 'x.png');
      for (const [k, v] of fields) f.append(k, v);
      return f;
    };
    // Ignored, never stored: any characters, repeated names.
    const ok = await checkedFetch(base, 'POST', '/v1/files', form([['purpose', 'a'.repeat(5000)], ['note', 'b\u0000c'], ['note', 'd']]));
    expect(ok.status).toBe(201);
    const many = await checkedFetch(base, 'POST', '/v1/files', form(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x'] as [string, string])));
    expect(many.status).toBe(422);
    // The limit is on names (the schema's properties), not parts: 10 names given 3 times each are
    // 10 properties whose values are lists (found by the hook-free fuzz run at seed 1, 50 examples).
    const lists = await checkedFetch(base, 'POST', '/v1/files', form(Array.from({ length: 30 }, (_, i) => [`f${i % 10}`, `v${i}`] as [string, string])));
    expect(lists.status).toBe(201);
  });
});

describe('reading and deleting files', () => {
  it('lists newest first, deletes, then 404s', async () => {
    const a = await upload(base, makePng(3, 3), 'a.png', 'image/png');
    const b = await upload(base, makePng(3, 4), 'b.png', 'image/png');
    const list = await call(base, 'GET', '/v1/files?limit=2');
    expect(list.body.map((f: any) => f.id)).toEqual([b.body.id, a.body.id]);
    expect((await call(base, 'DELETE', `/v1/files/${a.body.id}`)).status).toBe(204);
    expect((await call(base, 'GET', `/v1/files/${a.body.id}`)).status).toBe(404);
    expect((await call(base, 'GET', `/v1/files/${a.body.id}/content`)).status).toBe(404);
    const gone = await call(base, 'DELETE', `/v1/files/${a.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('not_found');
  });
});
