// Image bombs at upload (issue 48, deliverable 6): an image whose header claims more than 100
// megapixels is 400 `document_too_large`, read from its header before any decoder runs, in every
// image format, as the README promises; nothing is stored. A TIFF claiming 100,000 × 100,000 pixels
// was `document_corrupt` (mupdf threw first), and a PNG or JPEG bomb was stored and failed later.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { apiCall } from '../harness/openapi-validator.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { bmpBomb, gifBomb, jpegBomb, pngBomb, tiffBomb, webpBomb } from '../fixtures/image-bombs.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ worker: false });
});

afterAll(async () => {
  await stack?.close();
});

function form(bytes: Buffer, name: string, type: string): FormData {
  const f = new FormData();
  f.append('upload', new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
}

it.each([
  ['a TIFF claiming 100,000 × 100,000 pixels', tiffBomb(100_000, 100_000), 'huge.tiff', 'image/tiff'],
  ['a multi-page TIFF whose last page is 20,000 × 20,000', tiffBomb(20_000, 20_000, { smallPagesFirst: 2 }), 'pages.tif', 'image/tiff'],
  ['a BMP', bmpBomb(20_000, 20_000), 'huge.bmp', 'image/bmp'],
  ['a GIF', gifBomb(65_535, 65_535), 'huge.gif', 'image/gif'],
  ['a WEBP', webpBomb(16_384, 16_384), 'huge.webp', 'image/webp'],
  ['a PNG', pngBomb(50_000, 50_000), 'huge.png', 'image/png'],
  ['a JPEG', jpegBomb(65_000, 65_000), 'huge.jpg', 'image/jpeg'],
])('%s is refused with 400 document_too_large and nothing is stored', async (_what, bytes, name, type) => {
  const before = await stack.db('files').count<{ n: string }[]>({ n: '*' });
  const r = await apiCall(stack.url, 'POST', '/v1/files', form(bytes, name, type));
  expect({ status: r.status, code: r.body.code }).toEqual({ status: 400, code: 'document_too_large' });
  expect(r.body.detail).toMatch(/pixels/);
  const after = await stack.db('files').count<{ n: string }[]>({ n: '*' });
  expect(after[0]!.n).toBe(before[0]!.n);
});

it('an image within the limit is still accepted', async () => {
  const r = await apiCall(stack.url, 'POST', '/v1/files', form(tiffBomb(64, 64), 'small.tiff', 'image/tiff'));
  // The crafted small TIFF holds only 64 of its 4,096 bytes of pixels: mupdf may read or refuse it,
  // but never as too large.
  expect(r.body.code).not.toBe('document_too_large');
  const png = await apiCall(stack.url, 'POST', '/v1/files', form(pngBomb(10, 10), 'small.png', 'image/png'));
  expect(png.status).toBe(201);
});
