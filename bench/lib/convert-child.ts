// One conversion in a process of its own, for bench/convert.ts's workbook rows: the upload path
// (convertUpload: sniffing, the render pool, the converter) of the checkout at argv[2], run on the
// file at argv[3]; prints {wallS, rssBeforeMiB, peakRssMiB, pdfBytes, cellsBytes} as JSON. The peak
// is the process's high-water mark (VmHWM, reset through /proc/self/clear_refs after warming up),
// render threads included. cellsBytes: the JSON stored for the cells, as the checkout's putRendition
// writes it (`cells` before issue 48, `cellGrids` after).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [root, file] = [process.argv[2]!, process.argv[3]!];
const imp = (p: string) => import(path.join(root, p));
const { loadConfig } = await imp('src/config/index.ts');
const { convertUpload } = await imp('src/domain/file-conversion.ts');
const { closeRenderPool, configureRenderPool } = await imp('src/documents/index.ts');
const { makeInvoiceWorkbook } = await imp('test/fixtures/workbooks.ts');

const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
const config = loadConfig({});
configureRenderPool({ threads: config.renderThreads });
const bytes = readFileSync(file);
// Warm: threads started, mupdf loaded, the task module bundled.
await convertUpload(makeInvoiceWorkbook(), { filename: 'warm.xlsx' }, config);
(globalThis as { gc?: () => void }).gc?.();
const rssBeforeMiB = kb('VmRSS');
writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current RSS
const t0 = performance.now();
const { rendition } = await convertUpload(bytes, { filename: path.basename(file) }, config);
const stored = rendition.cellGrids ?? rendition.cells;
const cellsJson = stored && stored.length > 0 ? JSON.stringify(stored) : '';
const wallS = (performance.now() - t0) / 1000;
const peakRssMiB = kb('VmHWM');
await closeRenderPool();
console.log(JSON.stringify({ wallS, rssBeforeMiB, peakRssMiB, pages: rendition.pageCount, pdfBytes: rendition.pdf?.byteLength ?? 0, cellsBytes: Buffer.byteLength(cellsJson) }));
