import { describe, expect, it } from '@jest/globals';
import zlib from 'node:zlib';
import * as mupdf from 'mupdf';
import {
  DocumentError,
  checkDeclaredType,
  detectMediaType,
  planPageRender,
  renderPage,
  type DocumentErrorCode,
} from '../../src/documents/index.js';
import { inspectDocument, prepareImage } from '../../src/documents/this-thread.js';
import { fitImage } from '../../src/documents/geometry.js';
import { encodePng, tableCrc32, toScanlines } from '../../src/documents/png-encode.js';
import {
  makeCorruptPdf,
  makeEmptyPdf,
  makeEncryptedPdf,
  makeHugePagePdf,
  makeJpeg,
  makePdf,
  makePng,
  pixelAt,
  pngInfo,
} from '../fixtures/documents.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LIMITS = { dpi: 150, maxPixels: 2048 * 2048, maxPages: 1000 };

async function asyncCodeOf(fn: () => Promise<unknown>): Promise<DocumentError['code'] | 'no error' | 'untyped error'> {
  try {
    await fn();
    return 'no error';
  } catch (err) {
    return err instanceof DocumentError ? err.code : 'untyped error';
  }
}

function codeOf(fn: () => unknown): DocumentError['code'] | 'no error' | 'untyped error' {
  try {
    fn();
    return 'no error';
  } catch (err) {
    return err instanceof DocumentError ? err.code : 'untyped error';
  }
}

describe('detectMediaType', () => {
  it('recognises each supported signature', () => {
    expect(detectMediaType(makePdf(['x']))).toBe('application/pdf');
    expect(detectMediaType(makePng(4, 4))).toBe('image/png');
    expect(detectMediaType(makeJpeg(4, 4))).toBe('image/jpeg');
  });

  it('accepts %PDF- after leading junk within the first 1024 bytes only', () => {
    const pdf = makePdf(['x']);
    expect(detectMediaType(Buffer.concat([Buffer.alloc(500, 'junk'), pdf]))).toBe('application/pdf');
    expect(detectMediaType(Buffer.concat([Buffer.alloc(1019, ' '), Buffer.from('%PDF-1.4')]))).toBe('application/pdf');
    expect(detectMediaType(Buffer.concat([Buffer.alloc(1020, ' '), Buffer.from('%PDF-1.4')]))).toBeNull();
  });

  it('rejects other content and short input', () => {
    expect(detectMediaType(Buffer.from('hello, world'))).toBeNull();
    expect(detectMediaType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectMediaType(Buffer.alloc(0))).toBeNull();
    expect(detectMediaType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(detectMediaType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('lets an image signature win over a %PDF- inside image metadata', () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xfe]), Buffer.from('%PDF-1.7 in a comment')]);
    expect(detectMediaType(jpeg)).toBe('image/jpeg');
  });
});

describe('checkDeclaredType', () => {
  it('accepts a declared type that matches the bytes, including aliases and parameters', () => {
    expect(checkDeclaredType('application/pdf', 'application/pdf')).toEqual({ ok: true, mediaType: 'application/pdf' });
    expect(checkDeclaredType('image/png', 'image/png')).toEqual({ ok: true, mediaType: 'image/png' });
    for (const alias of ['image/jpeg', 'image/jpg', 'image/pjpeg', 'IMAGE/JPEG; charset=binary']) {
      expect(checkDeclaredType(alias, 'image/jpeg')).toEqual({ ok: true, mediaType: 'image/jpeg' });
    }
  });

  it('trusts the bytes when the declared type says nothing', () => {
    expect(checkDeclaredType(undefined, 'image/png')).toEqual({ ok: true, mediaType: 'image/png' });
    expect(checkDeclaredType('application/octet-stream', 'application/pdf')).toEqual({
      ok: true,
      mediaType: 'application/pdf',
    });
  });

  it('reports a mismatch between declared type and content', () => {
    const result = checkDeclaredType('image/png', 'application/pdf');
    expect(result).toMatchObject({ ok: false, code: 'unsupported_media_type' });
    expect(checkDeclaredType('image/jpg', 'image/png')).toMatchObject({ ok: false });
    expect(checkDeclaredType('text/plain', 'application/pdf')).toMatchObject({ ok: false });
  });

  it('rejects unrecognised content whatever the declared type', () => {
    expect(checkDeclaredType('application/pdf', null)).toMatchObject({ ok: false, code: 'unsupported_media_type' });
    expect(checkDeclaredType(undefined, null)).toMatchObject({ ok: false, code: 'unsupported_media_type' });
  });
});

describe('sizing', () => {
  it('renders at the nominal DPI when it fits the pixel cap', () => {
    expect(planPageRender(612, 792, { dpi: 150, maxPixels: 4_000_000 }, 1)).toMatchObject({
      width: 1275,
      height: 1650,
      downscaled: false,
    });
  });

  it('never exceeds the pixel cap after rounding, for awkward sizes', () => {
    for (const [w, h] of [[612, 792], [595.28, 841.89], [1, 5000], [3333.3, 17.7], [14400, 14400]] as const) {
      for (const maxPixels of [10_000, 123_457, 4_194_304]) {
        const plan = planPageRender(w, h, { dpi: 300, maxPixels, minDpi: 0.01 }, 1);
        expect(plan.width * plan.height).toBeLessThanOrEqual(maxPixels);
        expect(Math.ceil(w * plan.scale) * Math.ceil(h * plan.scale)).toBeLessThanOrEqual(maxPixels);
      }
    }
  });

  it('fits images under the cap, even with degenerate aspect ratios', () => {
    expect(fitImage(3000, 2000, 1_000_000)).toEqual({ width: 1224, height: 816 });
    for (const [w, h] of [[100_000, 1], [1, 100_000], [7, 9_999_999], [4001, 2999]] as const) {
      const out = fitImage(w, h, 10_000);
      expect(out.width).toBeGreaterThanOrEqual(1);
      expect(out.height).toBeGreaterThanOrEqual(1);
      expect(out.width * out.height).toBeLessThanOrEqual(10_000);
    }
  });

  it('rejects pages with no area as corrupt', () => {
    expect(codeOf(() => planPageRender(0, 792, { dpi: 150, maxPixels: 1e6 }, 1))).toBe('document_corrupt');
    expect(codeOf(() => planPageRender(Number.NaN, 792, { dpi: 150, maxPixels: 1e6 }, 1))).toBe('document_corrupt');
  });
});

describe('inspectDocument', () => {
  it('counts PDF pages and treats an image as one page', () => {
    expect(inspectDocument(makePdf(['one']), 'application/pdf', LIMITS)).toEqual({ pageCount: 1 });
    expect(inspectDocument(makePdf(['a', 'b', 'c']), 'application/pdf', LIMITS)).toEqual({ pageCount: 3 });
    expect(inspectDocument(makePng(20, 10), 'image/png', LIMITS)).toEqual({ pageCount: 1 });
    expect(inspectDocument(makeJpeg(20, 10), 'image/jpeg', LIMITS)).toEqual({ pageCount: 1 });
  });

  it('refuses a PDF that needs a password, but reads one with owner-only restrictions', () => {
    expect(codeOf(() => inspectDocument(makeEncryptedPdf(), 'application/pdf', LIMITS))).toBe('document_encrypted');
    expect(inspectDocument(makeEncryptedPdf({ userPassword: '' }), 'application/pdf', LIMITS)).toEqual({ pageCount: 1 });
  });

  it('reports corrupt, truncated and empty PDFs with their codes', () => {
    expect(codeOf(() => inspectDocument(makeCorruptPdf(), 'application/pdf', LIMITS))).toBe('document_corrupt');
    // mupdf repairs most truncations; one that cuts before the first object cannot be repaired.
    expect(codeOf(() => inspectDocument(makePdf(['a']).subarray(0, 20), 'application/pdf', LIMITS))).toBe(
      'document_corrupt',
    );
    expect(codeOf(() => inspectDocument(Buffer.alloc(0), 'application/pdf', LIMITS))).toBe('document_corrupt');
    expect(codeOf(() => inspectDocument(makeEmptyPdf(), 'application/pdf', LIMITS))).toBe('document_empty');
  });

  it('enforces the page limit', () => {
    const pdf = makePdf(['a', 'b', 'c']);
    expect(inspectDocument(pdf, 'application/pdf', { ...LIMITS, maxPages: 3 })).toEqual({ pageCount: 3 });
    expect(codeOf(() => inspectDocument(pdf, 'application/pdf', { ...LIMITS, maxPages: 2 }))).toBe(
      'document_too_many_pages',
    );
  });

  it('rejects a page that would be illegible once fitted to the pixel cap', () => {
    expect(codeOf(() => inspectDocument(makeHugePagePdf(), 'application/pdf', LIMITS))).toBe('document_page_too_large');
    // The same page passes when the operator accepts a lower effective resolution.
    expect(inspectDocument(makeHugePagePdf(), 'application/pdf', { ...LIMITS, minDpi: 5 })).toEqual({ pageCount: 1 });
  });

  it('reports corrupt and oversized images', () => {
    expect(codeOf(() => inspectDocument(Buffer.from([0xff, 0xd8, 0xff, 0, 1]), 'image/jpeg', LIMITS))).toBe(
      'document_corrupt',
    );
    expect(codeOf(() => inspectDocument(PNG_SIGNATURE, 'image/png', LIMITS))).toBe('document_corrupt');
    // A PNG whose header claims 50000 × 50000 pixels is refused before mupdf decodes it.
    const bomb = makePng(10, 10);
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    expect(codeOf(() => inspectDocument(bomb, 'image/png', LIMITS))).toBe('document_too_large');
    // Mislabelled as JPEG, the same bomb must not reach mupdf's PNG decoder either.
    expect(codeOf(() => inspectDocument(bomb, 'image/jpeg', LIMITS))).toBe('document_corrupt');
  });

  it('reports a JPEG or PNG cut short as document_corrupt, and accepts data after a JPEG\'s end', () => {
    const jpeg = makeJpeg(400, 300, [200, 10, 10]);
    const png = makePng(400, 300, [200, 10, 10]);
    for (const [bytes, type] of [[jpeg, 'image/jpeg'], [png, 'image/png']] as const) {
      for (const keep of [0.5, 0.9, (bytes.length - 1) / bytes.length]) {
        const cut = bytes.subarray(0, Math.floor(bytes.length * keep));
        expect([type, keep, codeOf(() => inspectDocument(cut, type, LIMITS))]).toEqual([type, keep, 'document_corrupt']);
      }
    }
    // A camera's trailer after the end-of-image marker is not part of the image.
    const trailer = Buffer.concat([jpeg, Buffer.from('trailing camera data')]);
    expect(inspectDocument(trailer, 'image/jpeg', LIMITS)).toEqual({ pageCount: 1 });
    // An EXIF thumbnail's own end marker (before the scan) does not make a cut JPEG whole.
    const thumbnail = makeJpeg(8, 8);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), Buffer.from('Exif\0\0'), thumbnail]);
    app1.writeUInt16BE(app1.length - 2, 2);
    const withExif = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    expect(inspectDocument(withExif, 'image/jpeg', LIMITS)).toEqual({ pageCount: 1 });
    const cutExif = withExif.subarray(0, withExif.length - Math.floor(jpeg.length / 2));
    expect(codeOf(() => inspectDocument(cutExif, 'image/jpeg', LIMITS))).toBe('document_corrupt');
    expect(codeOf(() => prepareImage(cutExif, 'image/jpeg', { maxPixels: 1e6 }))).toBe('document_corrupt');
  });
});

describe('renderPage', () => {
  const pdf = makePdf(['First page', 'Second page', 'Third page']);

  it('renders a PNG at the configured DPI', async () => {
    const page = await renderPage(pdf, 0, { dpi: 150, maxPixels: LIMITS.maxPixels });
    expect(page.data.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect([page.width, page.height]).toEqual([1275, 1650]);
    expect(pngInfo(page.data)).toMatchObject({ width: 1275, height: 1650 });

    const at72 = await renderPage(pdf, 0, { dpi: 72, maxPixels: LIMITS.maxPixels });
    expect([at72.width, at72.height]).toEqual([612, 792]);
  });

  it('writes a PNG that decodes to exactly the pixels mupdf rendered', async () => {
    const opts = { dpi: 100, maxPixels: LIMITS.maxPixels };
    const page = await renderPage(pdf, 1, opts);
    // The reference: the same page rendered directly with mupdf, as renderPage does.
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    const mupdfPage = doc.loadPage(1);
    const scale = opts.dpi / 72;
    const pixmap = mupdfPage.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const pngBuffer = new mupdf.Buffer(page.data);
    const decoded = new mupdf.Image(pngBuffer);
    const decodedPixmap = decoded.toPixmap();
    try {
      expect([decodedPixmap.getWidth(), decodedPixmap.getHeight()]).toEqual([pixmap.getWidth(), pixmap.getHeight()]);
      expect([decodedPixmap.getNumberOfComponents(), decodedPixmap.getAlpha()]).toEqual([3, 0]);
      const rowBytes = pixmap.getWidth() * 3;
      const rows = (p: mupdf.Pixmap) => {
        const px = p.getPixels();
        return Buffer.concat(
          Array.from({ length: p.getHeight() }, (_, y) => Buffer.from(px.subarray(y * p.getStride(), y * p.getStride() + rowBytes))),
        );
      };
      const expected = rows(pixmap);
      expect(expected.some((v) => v < 128)).toBe(true); // the page has dark (text) pixels
      expect(rows(decodedPixmap).equals(expected)).toBe(true);
    } finally {
      for (const o of [decodedPixmap, decoded, pngBuffer, pixmap, mupdfPage, doc]) o.destroy();
    }
  });

  it('scales down to stay under the pixel cap, keeping the aspect ratio', async () => {
    const page = await renderPage(pdf, 1, { dpi: 300, maxPixels: 500_000 });
    expect(page.width * page.height).toBeLessThanOrEqual(500_000);
    expect(page.width * page.height).toBeGreaterThan(490_000);
    expect(page.width / page.height).toBeCloseTo(612 / 792, 2);
    expect(pngInfo(page.data)).toMatchObject({ width: page.width, height: page.height });
  });

  it('renders each page with its own content, deterministically', async () => {
    const opts = { dpi: 72, maxPixels: LIMITS.maxPixels };
    const [a, b, c] = await Promise.all([0, 1, 2].map(async (i) => (await renderPage(pdf, i, opts)).data));
    expect(a!.equals(b!)).toBe(false);
    expect(b!.equals(c!)).toBe(false);
    expect((await renderPage(pdf, 1, opts)).data.equals(b!)).toBe(true);
    // The text is actually drawn: a blank page renders differently.
    expect((await renderPage(makePdf(['']), 0, opts)).data.equals(a!)).toBe(false);
  });

  it('renders a page whose MediaBox does not start at the origin like one that does', async () => {
    const opts = { dpi: 72, maxPixels: LIMITS.maxPixels };
    const shifted = await renderPage(makePdf(['Offset'], { originX: 100, originY: 50 }), 0, opts);
    const plain = await renderPage(makePdf(['Offset']), 0, opts);
    expect([shifted.width, shifted.height]).toEqual([612, 792]);
    expect(shifted.data.equals(plain.data)).toBe(true);
  });

  it('fails with typed errors for bad documents and RangeError for a bad index', async () => {
    const opts = { dpi: 72, maxPixels: LIMITS.maxPixels };
    expect(await asyncCodeOf(() => renderPage(makeEncryptedPdf(), 0, opts))).toBe('document_encrypted');
    expect(await asyncCodeOf(() => renderPage(makeCorruptPdf(), 0, opts))).toBe('document_corrupt');
    expect(await asyncCodeOf(() => renderPage(makeEmptyPdf(), 0, opts))).toBe('document_empty');
    expect(await asyncCodeOf(() => renderPage(makeHugePagePdf(), 0, { dpi: 150, maxPixels: LIMITS.maxPixels }))).toBe(
      'document_page_too_large',
    );
    await expect(renderPage(pdf, 3, opts)).rejects.toThrow(RangeError);
    await expect(renderPage(pdf, -1, opts)).rejects.toThrow(RangeError);
  });

  it('renders a huge page under the cap when its resolution floor allows', async () => {
    const page = await renderPage(makeHugePagePdf(), 0, { dpi: 150, maxPixels: 1_000_000, minDpi: 1 });
    expect(page.width * page.height).toBeLessThanOrEqual(1_000_000);
    expect(page.width).toBe(page.height);
  });
});

describe('PNG encoding', () => {
  it('skips row padding (stride > width × components) and writes greyscale too', async () => {
    // 3 × 2 grey image stored with a stride of 5: the 2 padding bytes per row must not leak in.
    const samples = Uint8Array.from([10, 20, 30, 99, 99, 40, 50, 60, 99, 99]);
    const png = await encodePng(toScanlines(samples, 3, 2, 5, 1));
    expect(pngInfo(png)).toMatchObject({ width: 3, height: 2 });
    const pngBuffer = new mupdf.Buffer(png);
    const image = new mupdf.Image(pngBuffer);
    const pixmap = image.toPixmap();
    try {
      expect(pixmap.getNumberOfComponents()).toBe(1);
      const px = pixmap.getPixels();
      const s = pixmap.getStride();
      expect([...px.subarray(0, 3), ...px.subarray(s, s + 3)]).toEqual([10, 20, 30, 40, 50, 60]);
    } finally {
      pixmap.destroy();
      image.destroy();
      pngBuffer.destroy();
    }
  });

  it('has a CRC fallback that agrees with zlib', () => {
    const data = Buffer.from('IHDR and some bytes \u00ff\u0000');
    expect(tableCrc32(data)).toBe(zlib.crc32(data) >>> 0);
    expect(tableCrc32(data.subarray(4), tableCrc32(data.subarray(0, 4)))).toBe(zlib.crc32(data) >>> 0);
    expect(tableCrc32(Buffer.from('IEND'))).toBe(0xae426082);
  });
});

describe('prepareImage', () => {
  it('passes images within the cap through unchanged', () => {
    const png = makePng(120, 80, [200, 10, 10]);
    expect(prepareImage(png, 'image/png', { maxPixels: 120 * 80 })).toEqual({
      mediaType: 'image/png',
      data: png,
      width: 120,
      height: 80,
    });
    const jpeg = makeJpeg(120, 80);
    const out = prepareImage(jpeg, 'image/jpeg', { maxPixels: 1_000_000 });
    expect(out.data).toBe(jpeg);
    expect(out).toMatchObject({ mediaType: 'image/jpeg', width: 120, height: 80 });
  });

  it('downscales oversized images to a PNG under the cap, preserving colour and shape', () => {
    for (const [input, mediaType] of [
      [makePng(1500, 1000, [0, 128, 255]), 'image/png'],
      [makeJpeg(1500, 1000, [0, 128, 255]), 'image/jpeg'],
    ] as const) {
      const out = prepareImage(input, mediaType, { maxPixels: 250_000 });
      expect(out.mediaType).toBe('image/png');
      expect(out.data.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(out.width * out.height).toBeLessThanOrEqual(250_000);
      expect(out.width / out.height).toBeCloseTo(1.5, 2);
      expect(pngInfo(out.data)).toMatchObject({ width: out.width, height: out.height });
      const [r, g, b] = pixelAt(out.data, Math.floor(out.width / 2), Math.floor(out.height / 2));
      expect(Math.abs(r - 0)).toBeLessThanOrEqual(3);
      expect(Math.abs(g - 128)).toBeLessThanOrEqual(3);
      expect(Math.abs(b - 255)).toBeLessThanOrEqual(3);
    }
  });

  it('fails with typed errors for undecodable images', () => {
    expect(codeOf(() => prepareImage(Buffer.from('not an image'), 'image/jpeg', { maxPixels: 1e6 }))).toBe(
      'document_corrupt',
    );
    const noHeader = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64, 7)]);
    expect(codeOf(() => prepareImage(noHeader, 'image/png', { maxPixels: 1e6 }))).toBe('document_corrupt');
    // Declared PNG, but the bytes are a JPEG: mupdf's decoder must not be trusted to guess.
    expect(codeOf(() => prepareImage(makeJpeg(8, 8), 'image/png', { maxPixels: 1e6 }))).toBe('document_corrupt');
  });
});
