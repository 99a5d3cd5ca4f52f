// The render pool (src/documents/pool.ts): mupdf work in worker threads gives the same results
// as on the calling thread, failures keep their stable codes across the thread boundary, a thread
// whose WASM heap grew past the limit is replaced, and parse pages are prefetched, bounded.
import { afterAll, describe, expect, it } from '@jest/globals';
import { PagePrefetch } from '../../activities/documents.js';
import { loadConfig } from '../../src/config/index.js';
import {
  closeRenderPool,
  configureRenderPool,
  DocumentError,
  inspectDocumentInPool,
  prepareImageInPool,
  renderPage,
  renderPageOnThisThread,
  renderPoolStats,
} from '../../src/documents/index.js';
import { makeCorruptPdf, makeEncryptedPdf, makePdf, makePng, pngInfo } from '../fixtures/documents.js';

const LIMITS = { dpi: 72, maxPixels: 4_000_000 };

afterAll(() => closeRenderPool());

describe('render pool', () => {
  it('renders the same PNG as rendering on the calling thread, from shared memory too', async () => {
    const pdf = makePdf(['one', 'two', 'three']);
    const shared = Buffer.from(new SharedArrayBuffer(pdf.length));
    pdf.copy(shared);
    const pooled = await Promise.all([0, 1, 2].map((i) => renderPage(shared, i, LIMITS)));
    for (let i = 0; i < 3; i++) {
      const here = await renderPageOnThisThread(pdf, i, LIMITS);
      expect(Buffer.isBuffer(pooled[i]!.png)).toBe(true);
      expect(pooled[i]!.png.equals(here.png)).toBe(true);
      expect([pooled[i]!.width, pooled[i]!.height]).toEqual([here.width, here.height]);
    }
    expect(await inspectDocumentInPool(pdf, 'application/pdf', { ...LIMITS, maxPages: 10 })).toEqual({ pageCount: 3 });
  });

  it('keeps error classes and codes across the thread boundary', async () => {
    const corrupt = await inspectDocumentInPool(makeCorruptPdf(), 'application/pdf', { ...LIMITS, maxPages: 10 }).catch((e: unknown) => e);
    expect(corrupt).toBeInstanceOf(DocumentError);
    expect((corrupt as DocumentError).code).toBe('document_corrupt');
    const encrypted = await renderPage(makeEncryptedPdf(), 0, LIMITS).catch((e: unknown) => e);
    expect((encrypted as DocumentError).code).toBe('document_encrypted');
    await expect(renderPage(makePdf(['a']), 5, LIMITS)).rejects.toBeInstanceOf(RangeError);
  });

  it('replaces a thread whose mupdf heap outgrew the limit, and keeps working', async () => {
    configureRenderPool({ maxWasmBytes: 32 * 1024 * 1024 });
    const before = renderPoolStats().retired;
    // 4000 × 4000 RGBA decoded = 64 MB of WASM heap, scaled down to fit maxPixels.
    const image = await prepareImageInPool(makePng(4000, 4000, [10, 20, 30]), 'image/png', { maxPixels: 1_000_000 });
    expect(image.mediaType).toBe('image/png');
    expect(pngInfo(image.data)).toMatchObject({ width: 1000, height: 1000 });
    expect(renderPoolStats().largestWasmBytes).toBeGreaterThan(32 * 1024 * 1024);
    expect(renderPoolStats().retired).toBeGreaterThan(before);
    const page = await renderPage(makePdf(['after']), 0, LIMITS);
    expect(page.width).toBeGreaterThan(0);
    configureRenderPool({ maxWasmBytes: 256 * 1024 * 1024 });
  });
});

describe('PagePrefetch', () => {
  it('renders the next pages ahead, hands each out once, and keeps at most `ahead` waiting', async () => {
    const config = loadConfig({ SERVICE_RENDER_DPI: '72' });
    const pdf = makePdf(['1', '2', '3', '4', '5', '6', '7', '8']);
    const prefetch = new PagePrefetch(2);
    const internals = prefetch as unknown as { ready: Map<string, unknown> };
    const first = await prefetch.image('file_a', pdf, 1, 8, config);
    expect([...internals.ready.keys()].map((k) => k.split('#')[1])).toEqual(['2', '3']);
    const second = await prefetch.image('file_a', pdf, 2, 8, config);
    expect([...internals.ready.keys()].map((k) => k.split('#')[1])).toEqual(['3', '4']);
    expect(first.base64).not.toEqual(second.base64);
    // The prefetched image is exactly what rendering that page gives.
    const direct = await renderPage(pdf, 1, { dpi: 72, maxPixels: config.renderMaxPixels });
    expect(second.base64).toBe(direct.png.toString('base64'));
    // The last pages: nothing beyond the document is started.
    await prefetch.image('file_a', pdf, 8, 8, config);
    expect([...internals.ready.keys()].some((k) => k.endsWith('#9'))).toBe(false);
  });
});
