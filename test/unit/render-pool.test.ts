// The render pool (src/documents/pool.ts): mupdf work in worker threads gives the same results
// as on the calling thread, failures keep their stable codes across the thread boundary, a thread
// whose WASM heap grew past the limit or whose mupdf trapped is replaced, and parse pages are
// prefetched, bounded.
import { afterAll, describe, expect, it } from '@jest/globals';
import { PagePrefetch, pageImages } from '../../activities/documents.js';
import { loadConfig } from '../../src/config/index.js';
import {
  closeRenderPool,
  configureRenderPool,
  convertInPool,
  DEFAULT_RENDER_POOL,
  DocumentError,
  findTextInPool,
  inspectDocumentInPool,
  prepareImageInPool,
  renderPage,
  renderPoolStats,
} from '../../src/documents/index.js';
import { openTextLayer, renderPageOnThisThread } from '../../src/documents/this-thread.js';
import { splitByFirstPage } from '../../src/documents/pool.js';
import { makeCorruptPdf, makeEncryptedPdf, makePdf, makePlacedTextPdf, makePng, pngInfo } from '../fixtures/documents.js';

const LIMITS = { dpi: 72, maxPixels: 4_000_000 };

afterAll(() => closeRenderPool());

/** The answers of the same searches made on this thread (openTextLayer), for comparison. */
function searchOnThisThread(pdf: Buffer, queries: Array<{ text: string; pages: number[] }>) {
  const layer = openTextLayer(pdf);
  try {
    return queries.map((q) => layer.find(q.text, q.pages));
  } finally {
    layer.close();
  }
}

describe('render pool', () => {
  it('renders the same PNG as rendering on the calling thread, from shared memory too', async () => {
    const pdf = makePdf(['one', 'two', 'three']);
    const shared = Buffer.from(new SharedArrayBuffer(pdf.length));
    pdf.copy(shared);
    const pooled = await Promise.all([0, 1, 2].map((i) => renderPage(shared, i, LIMITS)));
    for (let i = 0; i < 3; i++) {
      const here = await renderPageOnThisThread(pdf, i, LIMITS);
      expect(Buffer.isBuffer(pooled[i]!.data)).toBe(true);
      expect(pooled[i]!.data.equals(here.data)).toBe(true);
      expect([pooled[i]!.width, pooled[i]!.height]).toEqual([here.width, here.height]);
    }
    expect(await inspectDocumentInPool(pdf, 'application/pdf', { ...LIMITS, maxPages: 10 })).toEqual({ pageCount: 3 });
  });

  it('keeps a shared-memory document open between pages, and never serves one document for another', async () => {
    configureRenderPool({ threads: 1 });
    const shared = (pdf: Buffer) => {
      const b = Buffer.from(new SharedArrayBuffer(pdf.length));
      pdf.copy(b);
      return b;
    };
    const a = makePdf(['alpha one', 'alpha two']);
    const b = makePdf(['beta one', 'beta two']);
    const [sa, sb] = [shared(a), shared(b)];
    for (const [bytes, plain, i] of [[sa, a, 0], [sb, b, 0], [sa, a, 1], [sb, b, 1], [sa, a, 0]] as const) {
      const pooled = await renderPage(bytes, i, LIMITS);
      expect(pooled.data.equals((await renderPageOnThisThread(plain, i, LIMITS)).data)).toBe(true);
    }
    expect(await inspectDocumentInPool(sb, 'application/pdf', { ...LIMITS, maxPages: 10 })).toEqual({ pageCount: 2 });
    // An encrypted document in shared memory still fails, and the next one still renders.
    await expect(renderPage(shared(makeEncryptedPdf()), 0, LIMITS)).rejects.toBeInstanceOf(DocumentError);
    expect((await renderPage(sa, 1, LIMITS)).data.equals((await renderPageOnThisThread(a, 1, LIMITS)).data)).toBe(true);
    configureRenderPool({ threads: 2 });
  });

  it('searches the text layer in a thread with the same answers as on this thread', async () => {
    const pdf = makePlacedTextPdf(3, [{ page: 2, text: 'INV-77', x: 100, baseline: 200, size: 20 }], []);
    const queries = [
      { text: 'INV-77', pages: [1, 2, 3] },
      { text: 'INV-77', pages: [1, 3] },
      { text: 'absent', pages: [2] },
    ];
    const found = await findTextInPool(pdf, queries);
    expect(found).toEqual(searchOnThisThread(pdf, queries));
    expect(found[0]).toHaveLength(1);
    expect(found[0]![0]!.page).toBe(2);
    expect(await findTextInPool(pdf, [])).toEqual([]);
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

  // 400 bytes of HTML, 9 tables nested: mupdf's layout traps ("memory access out of bounds") and
  // leaves its heap inconsistent; every later document on that thread failed ("out of memory").
  const nestedTables = (depth: number) => {
    let inner = 'x';
    for (let i = 0; i < depth; i++) inner = `<table><tr><td>${inner}</td><td>y</td></tr></table>`;
    return Buffer.from(`<!DOCTYPE html><html><body>${inner}</body></html>`);
  };
  const html = Buffer.from('<!DOCTYPE html><html><body><h1>Fine</h1><table><tr><td>a</td><td>b</td></tr></table></body></html>');
  const CONVERT = { maxPages: 100, maxImagePixels: 100_000_000, libreOffice: null, timeoutMs: 30_000 };
  const outcome = (p: Promise<{ pageCount: number }>) => p.then((r) => `pages ${r.pageCount}`, (e: unknown) => (e instanceof DocumentError ? e.code : String(e)));

  it('retires a thread whose mupdf trapped: the document is corrupt, every later one converts', async () => {
    configureRenderPool({ threads: 1 });
    const before = renderPoolStats().retired;
    const sequential = [];
    for (const bytes of [nestedTables(9), html, nestedTables(9), html]) sequential.push(await outcome(convertInPool(bytes, 'html', CONVERT)));
    expect(sequential).toEqual(['document_corrupt', 'pages 1', 'document_corrupt', 'pages 1']);
    expect(renderPoolStats().retired - before).toBeGreaterThanOrEqual(2);
    // At once: the tasks handed to the trapped thread, or queued on its pool when it closed (piscina's
    // close() refused those: "Terminating worker thread"), run on a fresh pool.
    configureRenderPool({ threads: 2 });
    const all = await Promise.all([nestedTables(9), html, html, nestedTables(9), html, html].map((b) => outcome(convertInPool(b, 'html', CONVERT))));
    expect(all).toEqual(['document_corrupt', 'pages 1', 'pages 1', 'document_corrupt', 'pages 1', 'pages 1']);
    configureRenderPool({ threads: DEFAULT_RENDER_POOL.threads });
  }, 120_000);

  it('takes the document that broke the heap for corrupt, not the next one on its thread', async () => {
    // 1,000 nested divs fail with "calloc failed" without a trap but leave the heap broken (the next
    // document trapped while opening); 3,000 nested blockquotes trap outside the converter's guards.
    const nested = (tag: string, depth: number) => Buffer.from(`<!DOCTYPE html><html><body>${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}</body></html>`);
    configureRenderPool({ threads: 1 });
    const seen = [];
    for (const bytes of [nested('div', 1000), html, nested('blockquote', 3000), html]) seen.push(await outcome(convertInPool(bytes, 'html', CONVERT)));
    expect(seen).toEqual(['document_corrupt', 'pages 1', 'document_corrupt', 'pages 1']);
    configureRenderPool({ threads: DEFAULT_RENDER_POOL.threads });
  }, 120_000);
});

describe('splitByFirstPage', () => {
  it('splits searches into parts of nearly equal size by first page, each search in exactly one part', () => {
    const queries = [9, 1, 5, 3, 7, 2, 8].map((p, i) => ({ text: `t${i}`, pages: [p, p + 1] }));
    const parts = splitByFirstPage(queries, 3);
    expect(parts.map((part) => part.length)).toEqual([3, 3, 1]);
    expect(parts.flat().sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(parts.map((part) => part.map((i) => queries[i]!.pages[0]))).toEqual([[1, 2, 3], [5, 7, 8], [9]]);
    expect(splitByFirstPage(queries, 1)).toEqual([[1, 5, 3, 2, 4, 6, 0]]);
    expect(splitByFirstPage([], 4)).toEqual([]);
  });

  it('answers many searches split between threads as one search on this thread would', async () => {
    const pdf = makePlacedTextPdf(6, [{ page: 5, text: 'INV-99', x: 100, baseline: 200, size: 20 }], []);
    const queries = Array.from({ length: 80 }, (_, i) => ({ text: i % 7 === 3 ? 'absent' : 'INV-99', pages: [(i % 6) + 1] }));
    configureRenderPool({ threads: 2 });
    const found = await findTextInPool(pdf, queries);
    expect(found).toEqual(searchOnThisThread(pdf, queries));
    expect(found.filter((boxes) => boxes.length > 0)).toHaveLength(11); // page 5, where the text is, 11 times
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
    expect(second.base64).toBe(direct.data.toString('base64'));
    // The last pages: nothing beyond the document is started.
    await prefetch.image('file_a', pdf, 8, 8, config);
    expect([...internals.ready.keys()].some((k) => k.endsWith('#9'))).toBe(false);
  });

  it('starts pages ahead of activities still to come (a plan), and hands them out once', async () => {
    const config = loadConfig({ SERVICE_RENDER_DPI: '72' });
    const pdf = makePdf(['1', '2', '3', '4', '5']);
    const prefetch = new PagePrefetch(3);
    const internals = prefetch as unknown as { ready: Map<string, unknown> };
    prefetch.start('file_s', pdf, 2, 5, config);
    expect([...internals.ready.keys()].map((k) => k.split('#')[1])).toEqual(['2', '3', '4']);
    const pages = await Promise.all(prefetch.images('file_s', pdf, 2, 3, 5, config));
    expect(pages).toEqual(await pageImages(pdf, 2, 3, config));
    expect([...internals.ready.keys()].map((k) => k.split('#')[1])).toEqual(['4', '5']);
  });

  it('hands out a window of pages in order and starts the pages after it', async () => {
    const config = loadConfig({ SERVICE_RENDER_DPI: '72' });
    const pdf = makePdf(['1', '2', '3', '4', '5', '6', '7', '8']);
    const prefetch = new PagePrefetch(3);
    const internals = prefetch as unknown as { ready: Map<string, unknown> };
    const window = await Promise.all(prefetch.images('file_w', pdf, 1, 3, 8, config));
    expect([...internals.ready.keys()].map((k) => k.split('#')[1])).toEqual(['4', '5', '6']);
    const next = await Promise.all(prefetch.images('file_w', pdf, 4, 6, 8, config));
    expect([...internals.ready.keys()].map((k) => k.split('#')[1])).toEqual(['7', '8']);
    // Each page is the page itself, in order: what pageImages gives for the same range.
    expect([...window, ...next]).toEqual(await pageImages(pdf, 1, 6, config));
  });
});

describe('pageImages', () => {
  it('returns the pages of a range in page order, and fails when a page does', async () => {
    const config = loadConfig({ SERVICE_RENDER_DPI: '72', SERVICE_RENDER_THREADS: '2' });
    const pdf = makePdf(['a', 'b', 'c', 'd', 'e']);
    const images = await pageImages(pdf, 2, 5, config);
    expect(images).toHaveLength(4);
    for (let i = 0; i < 4; i++) expect(images[i]!.base64).toBe((await renderPage(pdf, i + 1, { dpi: 72, maxPixels: config.renderMaxPixels })).data.toString('base64'));
    await expect(pageImages(pdf, 4, 6, config)).rejects.toBeInstanceOf(RangeError);
  });
});
