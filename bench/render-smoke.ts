// Micro-measurement, not a test: `npx tsx bench/render-smoke.ts [pages] [dpi]`.
// Renders every page of a generated text PDF the way a parse job does (open, render one page,
// release), reports pages/second, the cost of opening per page, and whether WASM memory grows.
import * as mupdf from 'mupdf';
import { renderPage } from '../src/documents/index.js';
import { inspectDocument } from '../src/documents/this-thread.js';
import { makePdf } from '../test/fixtures/documents.js';

const pageCount = Number(process.argv[2] ?? 50);
const dpi = Number(process.argv[3] ?? 150);
const maxPixels = 2048 * 2048;

// A page of body text: ~45 lines of 11 pt Helvetica, like a dense report page.
const body = (n: number) =>
  Array.from({ length: 45 }, (_, i) => `Page ${n}, line ${i + 1}: The quick brown fox jumps over the lazy dog 0123456789.`).join('\n');
const pdf = makePdf(Array.from({ length: pageCount }, (_, i) => body(i + 1)), { fontSize: 11 });

/** Current size of mupdf's WASM linear memory (it only grows; growth across pages means a leak). */
function wasmHeapBytes(): number {
  const probe = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, 1, 1], false);
  try {
    return probe.getPixels().buffer.byteLength;
  } finally {
    probe.destroy();
  }
}

const mib = (n: number) => (n / 1024 / 1024).toFixed(1);

let t = performance.now();
inspectDocument(pdf, 'application/pdf', { dpi, maxPixels, maxPages: 10_000 });
const inspectMs = performance.now() - t;

await renderPage(pdf, 0, { dpi, maxPixels }); // warm-up: fonts, caches, WASM code
const heapBefore = wasmHeapBytes();
let pngBytes = 0;
t = performance.now();
for (let i = 0; i < pageCount; i++) pngBytes += (await renderPage(pdf, i, { dpi, maxPixels })).data.length;
const renderMs = performance.now() - t;
const heapAfterFirstPass = wasmHeapBytes();
for (let i = 0; i < pageCount; i++) await renderPage(pdf, i, { dpi, maxPixels });
const heapAfterSecondPass = wasmHeapBytes();

// Cost of opening the document once per page versus once for all pages.
t = performance.now();
for (let i = 0; i < pageCount; i++) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  doc.loadPage(i).destroy();
  doc.destroy();
}
const openPerPageMs = (performance.now() - t) / pageCount;

console.log(`PDF: ${pageCount} pages, ${(pdf.length / 1024).toFixed(0)} KiB; rendering at ${dpi} DPI, cap ${maxPixels} px`);
console.log(`inspectDocument (all pages): ${inspectMs.toFixed(1)} ms`);
console.log(
  `renderPage: ${(pageCount / (renderMs / 1000)).toFixed(1)} pages/s (${(renderMs / pageCount).toFixed(1)} ms/page, ` +
    `avg PNG ${(pngBytes / pageCount / 1024).toFixed(0)} KiB)`,
);
console.log(`open + loadPage per page: ${openPerPageMs.toFixed(2)} ms`);
console.log(
  `WASM heap: ${mib(heapBefore)} MiB after warm-up, ${mib(heapAfterFirstPass)} MiB after one pass, ` +
    `${mib(heapAfterSecondPass)} MiB after two`,
);
