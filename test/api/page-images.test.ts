import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makeEncryptedPdf, makeJpeg, makePdf, makePng, pngInfo } from '../fixtures/documents.js';
import { apiCall } from '../harness/openapi-validator.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { upload } from './job-helpers.js';

// GET /v1/files/{file_id}/pages/{page}: a page as the model sees it (the jobs' renderer and DPI),
// cacheable for good, with clear errors. Every response is checked against openapi.yaml.

let stack: TestStack;
let base: string;

beforeAll(async () => {
  // 72 DPI: a US Letter page is 612 × 792 pixels, so sizes are easy to check.
  stack = await startTestStack({ worker: false, env: { SERVICE_RENDER_DPI: '72' } });
  base = stack.url;
});
afterAll(async () => stack?.close());

async function uploaded(bytes: Buffer, name: string, type: string): Promise<string> {
  const r = await upload(base, bytes, name, type);
  expect(r.status).toBe(201);
  return r.body.id;
}

describe('GET /v1/files/{file_id}/pages/{page}', () => {
  it('renders each page of a PDF to PNG at SERVICE_RENDER_DPI, with the page count and immutable caching', async () => {
    const id = await uploaded(makePdf(['first page', 'second page', 'third page']), 'three.pdf', 'application/pdf');
    const first = await apiCall<Buffer>(base, 'GET', `/v1/files/${id}/pages/1`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('x-page-count')).toBe('3');
    expect(first.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(pngInfo(first.body)).toMatchObject({ width: 612, height: 792 });
    const third = await apiCall<Buffer>(base, 'GET', `/v1/files/${id}/pages/3`);
    expect(third.status).toBe(200);
    expect(Buffer.compare(first.body, third.body)).not.toBe(0);

    // The ETag names the page: a revalidation is answered without rendering.
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(third.headers.get('etag')).not.toBe(etag);
    const again = await apiCall(base, 'GET', `/v1/files/${id}/pages/1`, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    // If-None-Match compares weakly: the tag without its W/ prefix matches too.
    expect((await apiCall(base, 'GET', `/v1/files/${id}/pages/1`, undefined, { 'if-none-match': etag.slice(2) })).status).toBe(304);

    // A client that asks for bytes gets the same bytes typed so.
    const raw = await apiCall<Buffer>(base, 'GET', `/v1/files/${id}/pages/1`, undefined, { accept: 'application/octet-stream' });
    expect(raw.headers.get('content-type')).toBe('application/octet-stream');
    expect(raw.body.equals(first.body)).toBe(true);
  });

  it('answers page 1 of an image with the image itself', async () => {
    const png = makePng(300, 200, [200, 30, 30]);
    const pngId = await uploaded(png, 'red.png', 'image/png');
    const r = await apiCall<Buffer>(base, 'GET', `/v1/files/${pngId}/pages/1`);
    expect([r.status, r.headers.get('content-type'), r.headers.get('x-page-count')]).toEqual([200, 'image/png', '1']);
    expect(r.body.equals(png)).toBe(true);

    const jpeg = makeJpeg(120, 80);
    const jpegId = await uploaded(jpeg, 'photo.jpg', 'image/jpeg');
    const j = await apiCall<Buffer>(base, 'GET', `/v1/files/${jpegId}/pages/1`);
    expect([j.status, j.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(j.body.equals(jpeg)).toBe(true);
    const beyond = await apiCall(base, 'GET', `/v1/files/${jpegId}/pages/2`);
    expect([beyond.status, beyond.body.code]).toEqual([404, 'not_found']);
  });

  it('answers 404 for an unknown file or a page past the end, 422 for a page that is not a positive integer', async () => {
    const id = await uploaded(makePdf(['only page']), 'one.pdf', 'application/pdf');
    const missing = await apiCall(base, 'GET', '/v1/files/file_01jqz8m4x5v6w7y8z9a0b1c2d3/pages/1');
    expect([missing.status, missing.body.code]).toEqual([404, 'not_found']);
    const past = await apiCall(base, 'GET', `/v1/files/${id}/pages/2`);
    expect([past.status, past.body.code]).toEqual([404, 'not_found']);
    expect(past.body.detail).toContain('has 1 page; there is no page 2');
    for (const page of ['0', '-1', '1.5', 'first']) {
      const bad = await apiCall(base, 'GET', `/v1/files/${id}/pages/${page}`);
      expect([page, bad.status, bad.body.detail[0].loc]).toEqual([page, 422, ['path', 'page']]);
    }
  });

  it('answers 400 with the document code for a file that cannot be rendered', async () => {
    const id = await uploaded(makeEncryptedPdf(), 'locked.pdf', 'application/pdf');
    const r = await apiCall(base, 'GET', `/v1/files/${id}/pages/1`);
    expect([r.status, r.body.code]).toEqual([400, 'document_encrypted']);
    expect(r.body.detail).toMatch(/password/);
  });
});
