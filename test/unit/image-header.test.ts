// Pixel limits read from the image header before any decoder runs (issue 48, deliverable 6): every
// image format's oversized image is `document_too_large`, refused from a few hundred bytes of header,
// including a TIFF whose header claims 100,000 × 100,000 pixels (mupdf threw on it first, so it was
// `document_corrupt`). The reader is checked against the real samples of each format too.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocumentError } from '../../src/documents/index.js';
import { inspectDocument } from '../../src/documents/this-thread.js';
import { checkImageHeader, readImageHeader } from '../../src/documents/image-header.js';
import { convertFormat, type ConvertContext } from '../../src/documents/formats/registry.js';
import { imageSize } from '../../src/documents/formats/mupdf-layout.js';
import { makeJpeg, makePng } from '../fixtures/documents.js';
import { bmpBomb, gifBomb, jpegBomb, pngBomb, tiffBomb, webpBomb } from '../fixtures/image-bombs.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/formats');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const MAX = 100_000_000;
const CONTEXT: ConvertContext = { maxPages: 1000, maxImagePixels: MAX, libreOffice: null, timeoutMs: 30_000 };

async function codeOf(fn: () => unknown): Promise<string> {
  try {
    await fn();
    return 'no error';
  } catch (err) {
    return err instanceof DocumentError ? err.code : `untyped error: ${(err as Error).message}`;
  }
}

describe('readImageHeader', () => {
  it.each(['pillow-hopper_g4.tif', 'pillow-hopper_rle8_grayscale.bmp', 'pillow-pal1.bmp', 'pillow-hopper.gif', 'pillow-hopper_resized.gif'])(
    'reads %s as mupdf does',
    (name) => {
      const bytes = fixture(name);
      const header = readImageHeader(bytes);
      expect(header).not.toBeNull();
      expect({ width: header!.width, height: header!.height }).toEqual(imageSize(bytes));
    },
  );

  it('reads every page of a multi-page TIFF: the largest counts (mupdf reads the first)', () => {
    const bytes = fixture('pillow-multipage.tiff');
    expect(imageSize(bytes)).toEqual({ width: 10, height: 10 });
    expect(readImageHeader(bytes)).toEqual({ format: 'tiff', width: 20, height: 20 });
  });

  it('reads the real WEBP samples, PNG and JPEG', () => {
    for (const name of ['pillow-hopper.webp', 'docling-webp-test.webp']) {
      const header = readImageHeader(fixture(name));
      expect(header?.format).toBe('webp');
      expect(header!.width).toBeGreaterThan(0);
      expect(header!.height).toBeGreaterThan(0);
    }
    expect(readImageHeader(makePng(40, 20))).toEqual({ format: 'png', width: 40, height: 20 });
    expect(readImageHeader(makeJpeg(33, 17))).toEqual({ format: 'jpeg', width: 33, height: 17 });
  });

  it('reads what each crafted header claims', () => {
    expect(readImageHeader(tiffBomb(100_000, 100_000))).toEqual({ format: 'tiff', width: 100_000, height: 100_000 });
    expect(readImageHeader(tiffBomb(70_000, 50_000, { bigEndian: true }))).toEqual({ format: 'tiff', width: 70_000, height: 50_000 });
    // A multi-page TIFF: the largest page counts, wherever it is.
    expect(readImageHeader(tiffBomb(30_000, 30_000, { smallPagesFirst: 3 }))).toEqual({ format: 'tiff', width: 30_000, height: 30_000 });
    expect(readImageHeader(bmpBomb(20_000, 20_000, true))).toEqual({ format: 'bmp', width: 20_000, height: 20_000 });
    // A GIF's frame may claim more than its screen.
    expect(readImageHeader(gifBomb(65_535, 65_535, [10, 10]))).toEqual({ format: 'gif', width: 65_535, height: 65_535 });
    expect(readImageHeader(webpBomb(16_384, 16_384, 'VP8X'))).toEqual({ format: 'webp', width: 16_384, height: 16_384 });
    expect(readImageHeader(webpBomb(16_384, 12_000, 'VP8L'))).toEqual({ format: 'webp', width: 16_384, height: 12_000 });
    expect(readImageHeader(webpBomb(16_383, 16_383, 'VP8 '))).toEqual({ format: 'webp', width: 16_383, height: 16_383 });
    expect(readImageHeader(pngBomb(50_000, 50_000))).toEqual({ format: 'png', width: 50_000, height: 50_000 });
    expect(readImageHeader(jpegBomb(65_000, 65_000))).toEqual({ format: 'jpeg', width: 65_000, height: 65_000 });
  });

  it('answers null for what it cannot read, so the decoder judges it as before', () => {
    expect(readImageHeader(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(readImageHeader(Buffer.from('II*\0'))).toBeNull();
    expect(readImageHeader(Buffer.from('GIF89a'))).toBeNull();
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
    // An IFD that points at itself ends the walk.
    const loop = tiffBomb(8, 8);
    loop.writeUInt32LE(8, 8 + 2 + 9 * 12);
    expect(readImageHeader(loop)).toEqual({ format: 'tiff', width: 8, height: 8 });
  });
});

describe('document_too_large from the header, for every image format', () => {
  const bombs: Array<[string, Buffer]> = [
    ['TIFF 100,000 × 100,000', tiffBomb(100_000, 100_000)],
    ['big-endian TIFF', tiffBomb(100_000, 100_000, { bigEndian: true })],
    ['TIFF whose fourth page is huge', tiffBomb(20_000, 20_000, { smallPagesFirst: 3 })],
    ['BMP', bmpBomb(20_000, 20_000)],
    ['GIF', gifBomb(65_535, 65_535)],
    ['WEBP (VP8X)', webpBomb(16_384, 16_384, 'VP8X')],
    ['WEBP (VP8L)', webpBomb(16_384, 16_384, 'VP8L')],
    ['WEBP (VP8)', webpBomb(16_383, 16_383, 'VP8 ')],
    ['PNG', pngBomb(50_000, 50_000)],
    ['JPEG', jpegBomb(65_000, 65_000)],
  ];

  it.each(bombs)('checkImageHeader refuses a %s', async (_name, bytes) => {
    expect(await codeOf(() => checkImageHeader(bytes, MAX))).toBe('document_too_large');
  });

  it('lets an image at the limit through', () => {
    expect(checkImageHeader(tiffBomb(10_000, 10_000), MAX)).toEqual({ format: 'tiff', width: 10_000, height: 10_000 });
  });

  it.each([
    ['tiff', tiffBomb(100_000, 100_000)],
    ['tiff', tiffBomb(20_000, 20_000, { smallPagesFirst: 3 })],
    ['bmp', bmpBomb(20_000, 20_000)],
    ['gif', gifBomb(65_535, 65_535)],
    ['webp', webpBomb(16_384, 16_384)],
  ] as const)('the %s converter answers document_too_large', async (format, bytes) => {
    expect(await codeOf(() => convertFormat(format, bytes, CONTEXT))).toBe('document_too_large');
  });

  it('PNG and JPEG pages answer document_too_large too', async () => {
    const limits = { dpi: 150, maxPixels: 2048 * 2048, maxPages: 1000 };
    expect(await codeOf(() => inspectDocument(pngBomb(50_000, 50_000), 'image/png', limits))).toBe('document_too_large');
    expect(await codeOf(() => inspectDocument(jpegBomb(65_000, 65_000), 'image/jpeg', limits))).toBe('document_too_large');
  });
});
