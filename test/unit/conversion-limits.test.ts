// Issue 48 (deliverable 5): conversions run at most SERVICE_CONVERSION_CONCURRENCY at a time (the
// rest wait their turn), and the General format's shortcut (no formatter for plain numbers) shows
// what SheetJS's formatter shows.
import { afterAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import { loadConfig } from '../../src/config/index.js';
import { closeRenderPool, configureRenderPool, convertInPool, DEFAULT_MAX_IMAGE_PIXELS, renderPoolStats } from '../../src/documents/index.js';
import { generalNumber } from '../../src/documents/formats/sheet-pages.js';
import { makeInvoiceWorkbook, makeNumbersWorkbook } from '../fixtures/workbooks.js';

afterAll(() => closeRenderPool());

const context = { maxPages: 100, maxImagePixels: DEFAULT_MAX_IMAGE_PIXELS, libreOffice: null, timeoutMs: 120_000 };

describe('conversions at once', () => {
  it('SERVICE_CONVERSION_CONCURRENCY is read (default 2) and refused outside 1-64', () => {
    expect(loadConfig({}).conversionConcurrency).toBe(2);
    expect(loadConfig({ SERVICE_CONVERSION_CONCURRENCY: '3' }).conversionConcurrency).toBe(3);
    expect(() => loadConfig({ SERVICE_CONVERSION_CONCURRENCY: '0' })).toThrow(/SERVICE_CONVERSION_CONCURRENCY/);
  });

  it('runs at most the configured number of conversions at once on a pool of more threads; the others wait and all finish', async () => {
    configureRenderPool({ threads: 3, conversions: 1 });
    const files = [makeNumbersWorkbook(300, 10), makeInvoiceWorkbook(), makeNumbersWorkbook(200, 5), makeInvoiceWorkbook()];
    const started = files.map((bytes) => convertInPool(bytes, 'xlsx', context));
    // All four asked at once: one runs, three wait.
    expect(renderPoolStats().conversions).toMatchObject({ running: 1, waiting: 3 });
    const done = await Promise.all(started);
    expect(done.map((r) => r.pageCount)).toEqual([4, 1, 3, 1]);
    expect(renderPoolStats().conversions).toEqual({ running: 0, waiting: 0, peak: 1 });

    configureRenderPool({ conversions: 2 });
    const two = files.map((bytes) => convertInPool(bytes, 'xlsx', context));
    expect(renderPoolStats().conversions).toMatchObject({ running: 2, waiting: 2 });
    await Promise.all(two);
    expect(renderPoolStats().conversions).toEqual({ running: 0, waiting: 0, peak: 2 });
  }, 120_000);
});

describe('General numbers', () => {
  it('shows each number as SheetJS formats it with General', () => {
    const samples = [0, 1, -1, 0.5, 0.81, 1200, 85.5, 1325.75, 441.9, 1e10, 12345678901, 1e11, 123456789012, 0.1 + 0.2, 1 / 3, -2 / 3, 1e-7, 0.000123, 3.14159265358979, 99999.99999, -12345.678];
    for (let i = 0; i < 2000; i++) samples.push((((i * 7919) % 100_003) - 50_000) / [1, 10, 100, 1000, 7, 3][i % 6]!);
    for (const v of samples) expect([v, generalNumber(v)]).toEqual([v, XLSX.SSF.format('General', v)]);
  });
});
