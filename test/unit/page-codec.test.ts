// The native codec (sharp) writes PNGs whose pixels are exactly those of the built-in encoder's
// PNGs (png-encode.ts), which are exactly mupdf's pixmap: decoded by two decoders (libvips and
// mupdf's own), byte for byte, for text, image and vector pages and a greyscale raster. The pool
// uses it when it loads and falls back to the built-in encoders when told not to.
import { afterAll, describe, expect, it } from '@jest/globals';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { makeMixedPdf, pageKind } from '../../bench/lib/pdf.js';
import { closeRenderPool, configureRenderPool, renderPage, renderPoolStats } from '../../src/documents/index.js';
import { renderPageOnThisThread } from '../../src/documents/this-thread.js';
import { encodeNative, loadNativeCodec, nativeCodec, type RawPixels } from '../../src/documents/page-codec.js';
import { encodePngSync, toScanlines } from '../../src/documents/png-encode.js';
import { jpegIsComplete } from '../../src/documents/image-header.js';
import { copyRows } from '../../src/documents/render.js';

afterAll(() => closeRenderPool());

const PAGES = 6; // text, image, graphics, twice
const pdf = makeMixedPdf(PAGES);

/** Page i of the mixed PDF as mupdf renders it at `dpi`: packed RGB rows. */
function mupdfPixels(i: number, dpi: number): RawPixels {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = doc.loadPage(i);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, true);
  try {
    const [width, height, components] = [pixmap.getWidth(), pixmap.getHeight(), pixmap.getNumberOfComponents()];
    return { width, height, components, data: Buffer.from(copyRows(pixmap.getPixels(), width, height, pixmap.getStride(), components)) };
  } finally {
    for (const o of [pixmap, page, doc]) o.destroy();
  }
}

/** A PNG's pixels decoded by libvips (sharp), in the PNG's own channels (its raw output is RGB unless told). */
async function decodeWithSharp(png: Buffer): Promise<RawPixels> {
  const grey = (await sharp(png).metadata()).channels === 1;
  const decoder = grey ? sharp(png).toColourspace('b-w') : sharp(png);
  const { data, info } = await decoder.raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, components: info.channels, data };
}

/** A PNG's pixels decoded by mupdf (a second, independent decoder). */
function decodeWithMupdf(png: Buffer): RawPixels {
  const buffer = new mupdf.Buffer(png);
  const image = new mupdf.Image(buffer);
  const pixmap = image.toPixmap();
  try {
    const [width, height, components] = [pixmap.getWidth(), pixmap.getHeight(), pixmap.getNumberOfComponents()];
    return { width, height, components, data: Buffer.from(copyRows(pixmap.getPixels(), width, height, pixmap.getStride(), components)) };
  } finally {
    for (const o of [pixmap, image, buffer]) o.destroy();
  }
}

function expectSamePixels(actual: RawPixels, expected: RawPixels): void {
  expect([actual.width, actual.height, actual.components]).toEqual([expected.width, expected.height, expected.components]);
  // Byte for byte (not toEqual on 6 MB, whose diff would be unreadable).
  expect(actual.data.length).toBe(expected.data.length);
  expect(Buffer.compare(actual.data, expected.data)).toBe(0);
}

describe('native PNG encoder (sharp)', () => {
  it('loads on this platform', async () => {
    expect(await loadNativeCodec()).toBeNull();
    expect(nativeCodec()).not.toBeNull();
  });

  it.each(Array.from({ length: PAGES }, (_, i) => [i, pageKind(i)] as const))(
    'page %i (%s) at 150 DPI: both encoders’ PNGs decode to mupdf’s pixels, by two decoders',
    async (i) => {
      const pixels = mupdfPixels(i, 150);
      expect([pixels.width, pixels.height, pixels.components]).toEqual([1275, 1650, 3]);
      const builtIn = encodePngSync(toScanlines(pixels.data, pixels.width, pixels.height, pixels.width * 3, 3));
      const native = await encodeNative(nativeCodec()!, pixels, { format: 'png' });
      expect(native.equals(builtIn)).toBe(false); // two encoders indeed
      for (const png of [builtIn, native]) {
        expectSamePixels(await decodeWithSharp(png), pixels);
        expectSamePixels(decodeWithMupdf(png), pixels);
      }
      // 8-bit truecolour, no palette, no alpha, as before (IHDR bit depth and colour type).
      expect([native[24], native[25]]).toEqual([builtIn[24], builtIn[25]]);
      expect([native[24], native[25]]).toEqual([8, 2]);
      // Not larger than the built-in encoder's output (level 2 against zlib level 3), within 5 %.
      expect(native.length).toBeLessThan(builtIn.length * 1.05);
    },
  );

  it('writes greyscale rasters the same way (1 component)', async () => {
    const width = 301;
    const height = 203;
    const data = Buffer.alloc(width * height);
    for (let i = 0; i < data.length; i++) data[i] = (i * 37 + (i >> 7)) & 0xff;
    const pixels = { width, height, components: 1, data };
    const builtIn = encodePngSync(toScanlines(data, width, height, width, 1));
    const native = await encodeNative(nativeCodec()!, pixels, { format: 'png' });
    expect([native[24], native[25]]).toEqual([8, 0]);
    for (const png of [builtIn, native]) {
      expectSamePixels(await decodeWithSharp(png), pixels);
      expectSamePixels(decodeWithMupdf(png), pixels);
    }
  });

  it('renders pages in the pool with the native codec, and with the built-in encoders when it is off: the same pixels', async () => {
    const limits = { dpi: 150, maxPixels: 4_000_000 };
    const pooled = await Promise.all(Array.from({ length: PAGES }, (_, i) => renderPage(pdf, i, limits)));
    expect(renderPoolStats().codec).toBe('native');
    // The calling thread encodes as the pool does (this thread loaded the codec above).
    expect((await renderPageOnThisThread(pdf, 2, limits)).data.equals(pooled[2]!.data)).toBe(true);

    configureRenderPool({ nativeCodec: false });
    try {
      const fallback = await Promise.all(Array.from({ length: PAGES }, (_, i) => renderPage(pdf, i, limits)));
      expect(renderPoolStats().codec).toBe('built-in');
      for (let i = 0; i < PAGES; i++) {
        expect(pooled[i]!.mediaType).toBe('image/png');
        expect(fallback[i]!.mediaType).toBe('image/png');
        expect(fallback[i]!.data.equals(pooled[i]!.data)).toBe(false);
        expectSamePixels(await decodeWithSharp(pooled[i]!.data), await decodeWithSharp(fallback[i]!.data));
        expectSamePixels(decodeWithMupdf(pooled[i]!.data), mupdfPixels(i, 150));
      }
      // JPEG without the native codec: mupdf's encoder, a whole JPEG of the page.
      const jpeg = await renderPage(pdf, 1, limits, { format: 'jpeg', quality: 80 });
      expect(jpeg.mediaType).toBe('image/jpeg');
      expect(jpegIsComplete(jpeg.data)).toBe(true);
      expect((await sharp(jpeg.data).metadata()).width).toBe(1275);
    } finally {
      configureRenderPool({ nativeCodec: true });
    }
  });

  it('renders JPEG pages with the native codec at the asked quality', async () => {
    const limits = { dpi: 150, maxPixels: 4_000_000 };
    const [q85, q50] = await Promise.all([85, 50].map((quality) => renderPage(pdf, 1, limits, { format: 'jpeg', quality })));
    expect(renderPoolStats().codec).toBe('native');
    for (const page of [q85!, q50!]) {
      expect(page.mediaType).toBe('image/jpeg');
      expect(jpegIsComplete(page.data)).toBe(true);
      const meta = await sharp(page.data).metadata();
      expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['jpeg', 1275, 1650, 3]);
    }
    expect(q50!.data.length).toBeLessThan(q85!.data.length);
    // Lossy, but the same page: mean absolute difference from mupdf's pixels is small.
    const decoded = await decodeWithSharp(q85!.data);
    const pixels = mupdfPixels(1, 150);
    let sum = 0;
    for (let k = 0; k < pixels.data.length; k++) sum += Math.abs(decoded.data[k]! - pixels.data[k]!);
    expect(sum / pixels.data.length).toBeLessThan(4);
  });
});
