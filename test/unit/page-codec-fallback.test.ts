// Without the native codec (a platform with no prebuilt sharp binary: here its import fails), the
// render pool warns once and renders with the built-in encoders, the same pixels as mupdf's.
import { afterAll, describe, expect, it, jest } from '@jest/globals';

jest.unstable_mockModule('sharp', () => {
  throw new Error('Could not load the "sharp" module using the linux-x64 runtime (simulated)');
});

const { closeRenderPool, configureRenderPool, renderPage, renderPoolStats } = await import('../../src/documents/index.js');
const { makePdf, pngInfo } = await import('../fixtures/documents.js');
const { jpegIsComplete } = await import('../../src/documents/image-header.js');

afterAll(() => closeRenderPool());

describe('render pool without the native codec', () => {
  it('logs one warning, then encodes PNG and JPEG pages with the built-in encoders', async () => {
    const warnings: string[] = [];
    configureRenderPool({ threads: 2, warn: (message) => warnings.push(message) });
    const pdf = makePdf(['one', 'two', 'three']);
    const limits = { dpi: 72, maxPixels: 4_000_000 };
    const pages = await Promise.all([0, 1, 2].map((i) => renderPage(pdf, i, limits)));
    expect(renderPoolStats().codec).toBe('built-in');
    for (const page of pages) {
      expect(page.mediaType).toBe('image/png');
      expect(pngInfo(page.data)).toMatchObject({ width: 612, height: 792 });
    }
    const jpeg = await renderPage(pdf, 0, limits, { format: 'jpeg', quality: 85 });
    expect(jpeg.mediaType).toBe('image/jpeg');
    expect(jpegIsComplete(jpeg.data)).toBe(true);
    // A new pool (after a setting changes) does not warn again.
    configureRenderPool({ threads: 1 });
    await renderPage(pdf, 1, limits);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^The native image codec \(sharp\) could not be loaded; pages are encoded by the built-in encoders .*simulated/);
  });
});
