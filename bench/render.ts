// Rendering: pages/second for a 50-page mixed PDF rendered to PNG at the configured resolution,
// with the service's mupdf path (src/documents/render.ts: open, render one page, encode, release)
// and with poppler's `pdftoppm` on the same file, same resolution, same run; and the CPU a page
// costs with each page encoder (built-in PNG, native PNG, native JPEG), alternating in the same
// run. `npm run bench:render`.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import { loadConfig } from '../src/config/index.js';
import { closeRenderPool, configureRenderPool, renderPage, renderPoolStats, type PageImageFormat } from '../src/documents/index.js';
import { log } from './lib/infra.js';
import { isMain, runStandalone } from './lib/main.js';
import { makeMixedPdf, pageKind, type PageKind } from './lib/pdf.js';
import { fmt, table, type Section } from './lib/stats.js';

const run = promisify(execFile);
const PAGES = 50;

/** pdftoppm's path, or undefined when poppler-utils is not installed. */
async function findPdftoppm(): Promise<string | undefined> {
  try {
    await run('pdftoppm', ['-v']);
    return 'pdftoppm';
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : 'pdftoppm'; // -v exits non-zero on old versions
  }
}

/**
 * pdftoppm, installed from Debian's poppler-utils when missing and we may (root with apt-get, as on
 * this project's machines), so the comparison runs from a fresh clone with no hand step.
 */
async function ensurePdftoppm(): Promise<string | undefined> {
  const found = await findPdftoppm();
  if (found || process.getuid?.() !== 0) return found;
  const apt = (args: string[]) => run('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    console.error('[bench] pdftoppm not found; installing poppler-utils with apt-get...');
    await apt(['install', '-y', '--no-install-recommends', 'poppler-utils']).catch(async () => {
      await apt(['update']);
      await apt(['install', '-y', '--no-install-recommends', 'poppler-utils']);
    });
  } catch (err) {
    console.error(`[bench] could not install poppler-utils: ${(err as Error).message.split('\n')[0]}`);
  }
  return findPdftoppm();
}

export async function renderBenchmark(): Promise<Section> {
  const config = loadConfig({});
  const limits = { dpi: config.renderDpi, maxPixels: config.renderMaxPixels };
  const pdf = makeMixedPdf(PAGES);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docextract-bench-render-'));
  try {
    const file = path.join(dir, 'mixed.pdf');
    await writeFile(file, pdf);
    log(`render: ${PAGES}-page mixed PDF (${(pdf.length / 1024 / 1024).toFixed(1)} MiB) at ${limits.dpi} DPI`);

    // mupdf, exactly as a parse job does it. One warm-up page loads fonts and compiles WASM paths.
    await renderPage(pdf, 0, limits);
    const perKind = new Map<PageKind, number[]>();
    let pngBytes = 0;
    let t = performance.now();
    for (let i = 0; i < PAGES; i++) {
      const p0 = performance.now();
      pngBytes += (await renderPage(pdf, i, limits)).data.length;
      const list = perKind.get(pageKind(i)) ?? [];
      list.push(performance.now() - p0);
      perKind.set(pageKind(i), list);
    }
    const mupdfMs = performance.now() - t;

    // Where mupdf's time goes: rasterising versus PNG encoding (same pages, document opened once).
    const split = rasterVersusPng(pdf, limits.dpi);

    // CPU a page costs with each encoder, in the same run.
    const codecs = await codecComparison(pdf, limits);

    const pdftoppm = await ensurePdftoppm();
    let popplerMs: number | undefined;
    let popplerBytes = 0;
    let popplerRasterMs: number | undefined;
    if (pdftoppm) {
      // Raster only (PPM output, no compression), to separate rasterising from PNG encoding.
      t = performance.now();
      await run(pdftoppm, ['-r', String(limits.dpi), file, path.join(dir, 'raw')], { maxBuffer: 1 << 20 });
      popplerRasterMs = performance.now() - t;
      const out = path.join(dir, 'poppler');
      t = performance.now();
      await run(pdftoppm, ['-r', String(limits.dpi), '-png', file, out], { maxBuffer: 1 << 20 });
      popplerMs = performance.now() - t;
      const pngs = (await readdir(dir)).filter((f) => f.startsWith('poppler') && f.endsWith('.png'));
      if (pngs.length !== PAGES) throw new Error(`pdftoppm wrote ${pngs.length} pages, expected ${PAGES}`);
      for (const f of pngs) popplerBytes += (await stat(path.join(dir, f))).size;
    } else {
      log('render: pdftoppm NOT FOUND — install poppler-utils (apt-get install -y poppler-utils) for the comparison');
    }

    const pps = (ms: number) => PAGES / (ms / 1000);
    const rows: Array<Array<string | number>> = [
      ['mupdf (service renderPage)', fmt(pps(mupdfMs)), fmt(mupdfMs / PAGES), fmt(pngBytes / PAGES / 1024, 0), '1.00'],
      pdftoppm && popplerMs !== undefined
        ? ['poppler pdftoppm (one process, all pages)', fmt(pps(popplerMs)), fmt(popplerMs / PAGES), fmt(popplerBytes / PAGES / 1024, 0), fmt(mupdfMs / popplerMs, 2)]
        : ['poppler pdftoppm', 'NOT INSTALLED', '', '', ''],
    ];
    const kindRows = [...perKind].map(([kind, ms]) => [kind, ms.length, fmt(ms.reduce((a, b) => a + b, 0) / ms.length)]);
    const body = [
      table(['renderer', 'pages/s', 'ms/page', 'avg PNG KiB', 'relative speed (mupdf = 1)'], rows),
      '',
      table(['page kind (mupdf)', 'pages', 'ms/page'], kindRows),
      '',
      table(['mupdf step (document opened once)', 'ms/page', 'avg KiB'], [
        ['rasterise (toPixmap)', fmt(split.rasterMs / PAGES), ''],
        ['encode PNG with mupdf asPNG (the service used this before 4c0a964)', fmt(split.pngMs / PAGES), fmt(split.pngBytes / PAGES / 1024, 0)],
        ['encode JPEG q90 (asJPEG, for comparison)', fmt(split.jpegMs / PAGES), fmt(split.jpegBytes / PAGES / 1024, 0)],
        ['raw rows + Node zlib level 1 (sync, for comparison)', fmt(split.zlibMs / PAGES), fmt(split.zlibBytes / PAGES / 1024, 0)],
        ...(popplerRasterMs !== undefined ? [['pdftoppm raster only (PPM output, incl. writing files)', fmt(popplerRasterMs / PAGES), '']] : []),
      ]),
      '',
      table(['page encoder (service renderPage, one page at a time)', 'CPU ms/page (mean of rounds)', 'CPU ms/page per round', 'wall ms/page', 'avg KiB', 'CPU vs built-in PNG'], codecs),
      '',
      `Encoders: ${CODEC_ROUNDS} rounds of the ${PAGES} pages each, the encoders alternating within each round (a new render pool for each, ` +
        `one warm-up page not counted). CPU = user + system time of this process (render threads, libvips's threads and the main thread), ` +
        `from process.cpuUsage(), per page. Load average (1 min) before the encoder rounds: ${codecLoad}.`,
      '',
      `${PAGES}-page mixed PDF (${(pdf.length / 1024 / 1024).toFixed(1)} MiB): text, text + 900×600 image, vector chart pages in turn; ` +
        `US Letter at ${limits.dpi} DPI (SERVICE_RENDER_DPI) → 1275×1650 RGB. relative speed = mupdf time / pdftoppm time ` +
        `(below 1: poppler is slower). pdftoppm time includes its process start and writing PNG files to ${os.tmpdir()}.`,
    ].join('\n');
    return { title: 'Rendering (mupdf vs pdftoppm)', body };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CODEC_ROUNDS = 3;
let codecLoad = '';

/**
 * CPU and wall time a page costs through renderPage with the built-in PNG encoder (the native
 * codec turned off), the native PNG encoder (sharp, the default), and native JPEG at quality 85.
 */
export async function codecComparison(pdf: Buffer, limits: { dpi: number; maxPixels: number }): Promise<Array<Array<string | number>>> {
  const variants: Array<{ name: string; native: boolean; format: PageImageFormat }> = [
    { name: 'built-in PNG (Node zlib level 3; the encoder before the native codec)', native: false, format: { format: 'png' } },
    { name: 'native PNG (sharp, zlib-ng level 2): the default', native: true, format: { format: 'png' } },
    { name: 'native JPEG quality 85 (SERVICE_RENDER_FORMAT=jpeg)', native: true, format: { format: 'jpeg', quality: 85 } },
  ];
  codecLoad = os.loadavg()[0]!.toFixed(2);
  const results = variants.map(() => ({ cpuMs: [] as number[], wallMs: 0, bytes: 0 }));
  try {
    for (let round = 0; round < CODEC_ROUNDS; round++) {
      for (const [v, variant] of variants.entries()) {
        configureRenderPool({ nativeCodec: variant.native });
        await renderPage(pdf, 0, limits, variant.format); // warm-up: the pool's threads start, fonts load
        const expected = variant.native ? 'native' : 'built-in';
        if (renderPoolStats().codec !== expected) throw new Error(`render pool codec is ${renderPoolStats().codec}, expected ${expected}`);
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        for (let i = 0; i < PAGES; i++) results[v]!.bytes += (await renderPage(pdf, i, limits, variant.format)).data.length;
        results[v]!.wallMs += performance.now() - t0;
        const cpu = process.cpuUsage(cpu0);
        results[v]!.cpuMs.push((cpu.user + cpu.system) / 1000 / PAGES);
      }
    }
  } finally {
    configureRenderPool({ nativeCodec: true });
    await closeRenderPool();
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const base = mean(results[0]!.cpuMs);
  return variants.map((variant, v) => {
    const r = results[v]!;
    return [
      variant.name,
      fmt(mean(r.cpuMs)),
      r.cpuMs.map((x) => fmt(x)).join(' / '),
      fmt(r.wallMs / (PAGES * CODEC_ROUNDS)),
      fmt(r.bytes / (PAGES * CODEC_ROUNDS) / 1024, 0),
      fmt(mean(r.cpuMs) / base, 2),
    ];
  });
}

function rasterVersusPng(pdf: Buffer, dpi: number): {
  rasterMs: number;
  pngMs: number;
  jpegMs: number;
  zlibMs: number;
  pngBytes: number;
  jpegBytes: number;
  zlibBytes: number;
} {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  let rasterMs = 0;
  let pngMs = 0;
  let jpegMs = 0;
  let pngBytes = 0;
  let jpegBytes = 0;
  let zlibMs = 0;
  let zlibBytes = 0;
  try {
    const matrix = mupdf.Matrix.scale(dpi / 72, dpi / 72);
    for (let i = 0; i < PAGES; i++) {
      const page = doc.loadPage(i);
      let t = performance.now();
      const pixmap = page.toPixmap(matrix, mupdf.ColorSpace.DeviceRGB, false, true);
      rasterMs += performance.now() - t;
      t = performance.now();
      pngBytes += pixmap.asPNG().length;
      pngMs += performance.now() - t;
      // The alternative encoding a vision model accepts as well, for comparison only.
      t = performance.now();
      jpegBytes += pixmap.asJPEG(90, false).length;
      jpegMs += performance.now() - t;
      // What a PNG's IDAT costs with Node's native zlib at level 1 instead of mupdf's WASM zlib:
      // rows prefixed with filter byte 0, deflated. A prototype of a faster encoder, not a PNG.
      t = performance.now();
      zlibBytes += deflateSync(pngRows(pixmap), { level: 1 }).length;
      zlibMs += performance.now() - t;
      pixmap.destroy();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
  return { rasterMs, pngMs, jpegMs, zlibMs, pngBytes, jpegBytes, zlibBytes };
}

/** The pixmap's rows, each prefixed with PNG filter type 0 (None), as a PNG's IDAT stream holds them. */
function pngRows(pixmap: mupdf.Pixmap): Buffer {
  const width = pixmap.getWidth() * pixmap.getNumberOfComponents();
  const stride = pixmap.getStride();
  const pixels = pixmap.getPixels();
  const height = pixmap.getHeight();
  const out = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) out.set(pixels.subarray(y * stride, y * stride + width), y * (width + 1) + 1);
  return out;
}

if (isMain(import.meta.url)) await runStandalone(renderBenchmark, { needsInfra: false });
