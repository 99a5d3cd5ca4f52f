// Conversion: what a format other than PDF costs. A 50-page DOCX, a 2,000-row XLSX and an 8,000-row
// CSV are converted
// at upload (src/documents/formats/registry.ts in the render pool: pages/s and CPU per page), then
// every page of the rendition is rendered as a parse job would; the PDF of the same pages (the
// rendition, uploaded as a PDF) needs only the rendering. CPU is the process's (the render threads
// are in it). `npm run bench:convert`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/index.js';
import { makeNumbersWorkbook } from '../test/fixtures/workbooks.js';
import { closeRenderPool, configureRenderPool, convertInPool, DEFAULT_MAX_IMAGE_PIXELS, inspectDocumentInPool, renderPage, sniffFormat } from '../src/documents/index.js';
import { log } from './lib/infra.js';
import { isMain, runStandalone } from './lib/main.js';
import { makeDocx, makeXlsx } from './lib/office.js';
import { fmt, table, type Section } from './lib/stats.js';

/** Wall time and process CPU (user + system, all threads) of `fn`. */
async function measure<T>(fn: () => Promise<T>): Promise<{ value: T; wallS: number; cpuS: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const cpu = process.cpuUsage(cpu0);
  return { value, wallS: (performance.now() - t0) / 1000, cpuS: (cpu.user + cpu.system) / 1e6 };
}

export async function convertBenchmark(): Promise<Section> {
  const config = loadConfig({});
  configureRenderPool({ threads: config.renderThreads });
  const limits = { dpi: config.renderDpi, maxPixels: config.renderMaxPixels, maxPages: config.maxPages };
  const context = { maxPages: config.maxPages, maxImagePixels: DEFAULT_MAX_IMAGE_PIXELS, libreOffice: null, timeoutMs: 600_000 };
  const renderAll = async (pdf: Buffer) => {
    const pages = (await inspectDocumentInPool(pdf, 'application/pdf', limits)).pageCount;
    await Promise.all(Array.from({ length: pages }, (_, i) => renderPage(pdf, i, limits)));
    return pages;
  };
  // Warm: threads started, mupdf loaded, the task module bundled.
  await convertInPool(makeDocx(1), 'docx', context);
  const rows: Array<Array<string | number>> = [];
  // 20 columns, as the CSV that took 65 s as an HTML table (CSV is now drawn as a grid: csv-pages.ts).
  const csv = Buffer.from(Array.from({ length: 8_000 }, (_, r) => Array.from({ length: 20 }, (_, c) => `r${r}c${c}`).join(',')).join('\n'));
  const inputs: Array<[string, Buffer, string]> = [
    ['DOCX, 50 pages', makeDocx(50), 'bench.docx'],
    ['XLSX, 2,000 rows', makeXlsx(2000), 'bench.xlsx'],
    ['CSV, 8,000 rows × 20 columns', csv, 'bench.csv'],
  ];
  for (const [name, bytes, filename] of inputs) {
    const format = sniffFormat(bytes, { filename })!;
    log(`convert: ${name}`);
    const converted = await measure(() => convertInPool(bytes, format, context));
    const pdf = Buffer.from(converted.value.pdf!);
    const pages = converted.value.pageCount;
    const rendered = await measure(() => renderAll(pdf));
    const asPdf = await measure(() => renderAll(Buffer.from(pdf))); // the same pages uploaded as a PDF
    rows.push([
      name,
      pages,
      fmt(pages / converted.wallS),
      fmt((converted.cpuS * 1000) / pages),
      fmt(((converted.cpuS + rendered.cpuS) * 1000) / pages),
      fmt((asPdf.cpuS * 1000) / pages),
      fmt((converted.cpuS + rendered.cpuS) / asPdf.cpuS, 2),
    ]);
  }
  await closeRenderPool();
  return {
    title: 'Conversion (formats other than PDF)',
    body: [
      table(['input', 'pages', 'conversion pages/s', 'conversion CPU ms/page', 'conversion + render CPU ms/page', 'same pages as PDF: render CPU ms/page', 'ratio'], rows),
      '',
      `Conversion runs once, at upload (mupdf lays the file out and writes the PDF rendition); rendering at ${config.renderDpi} DPI is what every job pays, for a converted file exactly as for a PDF. CPU: the process's, render threads included (${config.renderThreads} threads).`,
    ].join('\n'),
  };
}

/**
 * Issue 48: the workbook of 20,000 rows × 50 numbers (a million cells) converted on the upload path
 * (convertUpload) in a process of its own (bench/lib/convert-child.ts): wall time, the process's
 * peak RSS above its RSS before, and the bytes stored for its cells. BENCH_BEFORE_ROOT names another
 * checkout (e.g. a worktree of main) converted the same way in the same run, for the before figures.
 */
export async function workbookMemoryBenchmark(): Promise<Section> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-workbook-'));
  const file = path.join(dir, 'million-cells.xlsx');
  const bytes = makeNumbersWorkbook(20_000, 50);
  writeFileSync(file, bytes);
  const here = fileURLToPath(new URL('..', import.meta.url));
  const roots: Array<[string, string]> = [];
  if (process.env.BENCH_BEFORE_ROOT) roots.push(['before', process.env.BENCH_BEFORE_ROOT]);
  roots.push(['this checkout', here]);
  const rows: Array<Array<string | number>> = [];
  try {
    for (const [label, root] of roots) {
      log(`convert: the million-cell workbook, ${label} (${root})`);
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join(here, 'bench/lib/convert-child.ts'), root, file], { encoding: 'utf8', maxBuffer: 1 << 20, timeout: 900_000 });
      const m = JSON.parse(out.trim().split('\n').at(-1)!) as { wallS: number; rssBeforeMiB: number; peakRssMiB: number; pages: number; pdfBytes: number; cellsBytes: number };
      rows.push([label, m.pages, fmt(m.wallS, 1), fmt(m.rssBeforeMiB, 0), fmt(m.peakRssMiB, 0), fmt(m.peakRssMiB - m.rssBeforeMiB, 0), fmt(m.pdfBytes / 1e6, 2), fmt(m.cellsBytes / 1e6, 2)]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    title: 'A million-cell workbook at upload (issue 48)',
    body: [
      table(['checkout', 'pages', 'conversion s', 'RSS before MiB', 'peak RSS MiB', 'peak − before MiB', 'PDF MB', 'cells stored MB'], rows),
      '',
      `${(bytes.length / 1e6).toFixed(1)} MB XLSX, 20,001 rows × 50 columns, converted by convertUpload in a process of its own (render threads in it); peak RSS is the process's VmHWM after a warm-up conversion. Cells stored: the JSON written to file_renditions (\`cells\` before, \`cell_grids\` after).`,
    ].join('\n'),
  };
}

if (isMain(import.meta.url) && process.argv.includes('--workbook')) await runStandalone(workbookMemoryBenchmark, { needsInfra: false });
else if (isMain(import.meta.url)) await runStandalone(convertBenchmark, { needsInfra: false });
