// The OCR engine (issue 54): tesseract.js reading generated scans with data from the npm packages,
// with no network, upright or turned, within a time limit.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { OcrPool, ocrDataDir } from '../../src/documents/ocr.js';
import { loadConfig, ConfigError } from '../../src/config/index.js';
import { makeScan } from '../fixtures/scans.js';

const require = createRequire(import.meta.url);
const TEXT = 'INVOICE 2024-117\nTotal due: 1,234.50 EUR';

/** tesseract.js's worker script behind a wrapper that makes every network call throw (and counts them). */
function offlineWorkerScript(): string {
  const real = path.join(path.dirname(require.resolve('tesseract.js/package.json')), 'src/worker-script/node/index.js');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ocr-offline-'));
  const file = path.join(dir, 'offline-worker.cjs');
  writeFileSync(
    file,
    `const net = require('net'); const dns = require('dns');
const refuse = (what) => () => { throw new Error('network used in the OCR worker: ' + what); };
globalThis.fetch = refuse('fetch');
net.Socket.prototype.connect = refuse('socket');
net.connect = net.createConnection = refuse('connect');
dns.lookup = refuse('dns');
require(${JSON.stringify(real)});\n`,
  );
  return file;
}

describe('OCR engine', () => {
  let pool: OcrPool;
  const realFetch = globalThis.fetch;

  beforeAll(() => {
    globalThis.fetch = (() => {
      throw new Error('network used by OCR');
    }) as typeof fetch;
    pool = new OcrPool({ languages: ['eng'], timeoutMs: 120_000, workers: 1, workerPath: offlineWorkerScript() });
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await pool.close();
  });

  it('reads a generated scan with no network, in reading order with line breaks and per-word confidence', async () => {
    const result = await pool.read(makeScan(TEXT));
    expect(result).not.toBeNull();
    expect(result!.rotation).toBe(0);
    expect(result!.text).toBe(TEXT);
    const invoice = result!.words.find((w) => w.text === 'INVOICE')!;
    expect(invoice.confidence).toBeGreaterThan(0.8);
    expect(invoice.confidence).toBeLessThanOrEqual(1);
    // Typeset 36 pt from the left edge of a 360 pt wide page, on the first line.
    expect(invoice.box.x0).toBeGreaterThan(0.05);
    expect(invoice.box.x0).toBeLessThan(0.15);
    expect(invoice.box.y1).toBeLessThan(0.35);
    const total = result!.words.find((w) => w.text === '1,234.50')!;
    expect(total.box.y0).toBeGreaterThan(invoice.box.y1);
  });

  it.each([90, 270, 180] as const)('reads a page turned %i degrees upright, with boxes on the image as it is', async (turn) => {
    const result = await pool.read(makeScan(TEXT, { rotate: turn }));
    expect(result!.text).toBe(TEXT);
    expect(result!.rotation).toBe(((360 - turn) % 360) as 0 | 90 | 180 | 270);
    const invoice = result!.words.find((w) => w.text === 'INVOICE')!;
    const wide = invoice.box.x1 - invoice.box.x0;
    const tall = invoice.box.y1 - invoice.box.y0;
    // On a sideways image a word runs down the page: its box is taller than wide.
    if (turn === 180) expect(wide).toBeGreaterThan(tall);
    else expect(tall).toBeGreaterThan(wide);
    if (turn === 90) expect(invoice.box.x0).toBeGreaterThan(0.6); // the page's top is now on the right
    if (turn === 270) expect(invoice.box.x1).toBeLessThan(0.4);
    if (turn === 180) expect(invoice.box.y0).toBeGreaterThan(0.6);
  });

  it('gives up on a page past its time limit without hanging, and reads the next page', async () => {
    const quick = new OcrPool({ languages: ['eng'], timeoutMs: 1, workers: 1 });
    try {
      await expect(quick.read(makeScan(TEXT))).resolves.toBeNull();
      expect(quick.stats.timeouts).toBe(1);
    } finally {
      await quick.close();
    }
    // The shared pool is unaffected.
    expect((await pool.read(makeScan('Hello World', { fontSize: 28 })))!.text).toBe('Hello World');
  });
});

describe('OCR settings', () => {
  it('defaults to auto, eng, 60 s', () => {
    const config = loadConfig({});
    expect(config.ocr.mode).toBe('auto');
    expect(config.ocr.languages).toEqual(['eng']);
    expect(config.ocr.timeoutMs).toBe(60_000);
    expect(config.ocr.workers).toBeGreaterThanOrEqual(1);
  });

  it('stops start-up for a language without its data package, naming the package', () => {
    expect(() => loadConfig({ SERVICE_OCR_LANGUAGES: 'eng,deu' })).toThrow(ConfigError);
    expect(() => loadConfig({ SERVICE_OCR_LANGUAGES: 'eng,deu' })).toThrow(/@tesseract\.js-data\/deu/);
    expect(() => ocrDataDir('deu')).toThrow(/npm install @tesseract\.js-data\/deu/);
    // Off needs no data.
    expect(loadConfig({ SERVICE_OCR: 'off', SERVICE_OCR_LANGUAGES: 'deu' }).ocr.mode).toBe('off');
    expect(() => loadConfig({ SERVICE_OCR: 'sometimes' })).toThrow(/SERVICE_OCR/);
  });
});
