// Issue 54: scans read like digital pages. Generated scans (text typeset with mupdf and rendered to
// an image, sideways too, or wrapped in an image-only PDF) and a public scanned receipt
// (test/fixtures/sroie, see its NOTICE.md) go through the API: the page text has a source and
// per-word confidence, it is read once per file page and stored, extraction requests carry it,
// provenance finds values on the receipt's lines, and the searchable PDF carries it invisibly.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { apiCall } from '../harness/openapi-validator.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { makePdf } from '../fixtures/documents.js';
import { makeImagePdf, makeScan } from '../fixtures/scans.js';
import { call, pollJob, startStackWithProvider, upload } from './job-helpers.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RECEIPT = readFileSync(path.join(ROOT, 'test/fixtures/sroie/004.jpg'));
const RECEIPT_LINES = readFileSync(path.join(ROOT, 'test/fixtures/sroie/004.csv'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const parts = line.split(',');
    const n = parts.slice(0, 8).map(Number);
    return { text: parts.slice(8).join(',').trim(), x0: Math.min(n[0]!, n[6]!), y0: Math.min(n[1]!, n[3]!), x1: Math.max(n[2]!, n[4]!), y1: Math.max(n[5]!, n[7]!) };
  });
const RECEIPT_SIZE = { width: 463, height: 1026 };
const TEXT = 'INVOICE 2024-117\nTotal due: 1,234.50 EUR';

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider());
  base = stack.url;
}, 300_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

const pageText = async (fileId: string, page = 1) => {
  const r = await apiCall(base, 'GET', `/v1/files/${fileId}/pages/${page}/text`);
  expect(r.status).toBe(200);
  return r.body;
};

describe('the page text of scans', () => {
  it('an image is read with OCR: source ocr, text in reading order with line breaks, confidence per word; read once and stored', async () => {
    const file = await upload(base, makeScan(TEXT), 'scan.png', 'image/png');
    expect(file.status).toBe(201);
    const first = await pageText(file.body.id);
    expect(first.source).toBe('ocr');
    expect(first.text).toBe(TEXT);
    expect(first.words.map((w: { text: string }) => w.text)).toEqual(['INVOICE', '2024-117', 'Total', 'due:', '1,234.50', 'EUR']);
    for (const w of first.words) {
      expect(w.confidence).toBeGreaterThan(0.5);
      expect(w.confidence).toBeLessThanOrEqual(1);
    }
    // Asked again (and asked twice at once): the stored reading, the same answer, one row.
    const again = await Promise.all([pageText(file.body.id), pageText(file.body.id)]);
    expect(again[0]).toEqual(first);
    expect(again[1]).toEqual(first);
    const rows = await stack.db('file_page_ocr').where({ file_id: file.body.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ page: 1, status: 'done', rotation: 0 });
  }, 120_000);

  it('a page scanned sideways reads upright, its boxes on the image as served', async () => {
    const file = await upload(base, makeScan(TEXT, { rotate: 90 }), 'sideways.png', 'image/png');
    const body = await pageText(file.body.id);
    expect(body.source).toBe('ocr');
    expect(body.text).toBe(TEXT);
    const invoice = body.words.find((w: { text: string }) => w.text === 'INVOICE');
    // Turned a quarter clockwise, the first line runs down the right-hand side of the image.
    expect(invoice.box.x0).toBeGreaterThan(0.6);
    expect(invoice.box.y1 - invoice.box.y0).toBeGreaterThan(invoice.box.x1 - invoice.box.x0);
    expect((await stack.db('file_page_ocr').where({ file_id: file.body.id }).first()).rotation).toBe(270);
  }, 120_000);

  it('an image-only PDF page reads like the image; a digital page keeps its own text (source pdf, no confidence)', async () => {
    const scan = makeScan(TEXT);
    const image = await pageText((await upload(base, scan, 'scan.png', 'image/png')).body.id);
    const pdf = await upload(base, makeImagePdf([scan]), 'scanned.pdf', 'application/pdf');
    const scanned = await pageText(pdf.body.id);
    expect(scanned.source).toBe('ocr');
    expect(scanned.text).toBe(image.text);
    scanned.words.forEach((w: { text: string; box: Record<string, number> }, i: number) => {
      expect(w.text).toBe(image.words[i].text);
      expect(Math.abs(w.box.x0 - image.words[i].box.x0)).toBeLessThan(0.02);
      expect(Math.abs(w.box.y0 - image.words[i].box.y0)).toBeLessThan(0.02);
    });
    const digital = await upload(base, makePdf(['Invoice 42 from ACME Corporation'], { fontSize: 20 }), 'digital.pdf', 'application/pdf');
    const text = await pageText(digital.body.id);
    expect(text.source).toBe('pdf');
    expect(text.text).toBe('Invoice 42 from ACME Corporation');
    expect(text.words[0].confidence).toBeUndefined();
    expect(await stack.db('file_page_ocr').where({ file_id: digital.body.id })).toHaveLength(0);
  }, 120_000);
});

describe('a scanned receipt extracted with a model', () => {
  it('the request carries the OCR text beside the image, and the values get provenance boxes on the lines that hold them', async () => {
    const put = await call(base, 'PUT', '/v1/extractors/ocr-receipt', {
      display_name: 'Receipt',
      instructions: 'Extract the cash paid and the date.',
      model: 'test-vision-model',
      schema: { type: 'object', properties: { cash: { type: 'string' }, date: { type: 'string' } }, required: ['cash', 'date'] },
    });
    expect([200, 201]).toContain(put.status);
    const file = await upload(base, RECEIPT, 'receipt.jpg', 'image/jpeg');
    provider.respondWith(() => ({ kind: 'content', content: '{"cash":"51.00","date":"18-11-18"}' }));
    const job = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'ocr-receipt', file_id: file.body.id });
    const done = (await pollJob(base, `/v1/extraction-jobs/${job.body.id}`, undefined, 180_000)).at(-1);
    expect(done.status).toBe('completed');
    const request = JSON.stringify(provider.requests[0]!.body);
    expect(request).toContain('Text layer of page 1');
    expect(request).toContain('CASH RM 51.00');
    for (const [pointer, label] of [['/cash', 'RM 51.00'], ['/date', '18-11-18 13 : 58 SH01 ZI53']] as const) {
      const boxes = done.result.provenance[pointer].boxes;
      expect(boxes.length).toBeGreaterThan(0);
      const line = RECEIPT_LINES.find((l) => l.text === label)!;
      const onLine = boxes.some((b: { x0: number; y0: number; x1: number; y1: number }) => {
        const cx = ((b.x0 + b.x1) / 2) * RECEIPT_SIZE.width;
        const cy = ((b.y0 + b.y1) / 2) * RECEIPT_SIZE.height;
        return cx >= line.x0 && cx <= line.x1 && cy >= line.y0 && cy <= line.y1;
      });
      expect(onLine).toBe(true);
    }
    // The job read the page once; the text endpoint reuses that reading.
    expect(await stack.db('file_page_ocr').where({ file_id: file.body.id })).toHaveLength(1);
    expect((await pageText(file.body.id)).source).toBe('ocr');
  }, 240_000);
});

describe('the searchable PDF', () => {
  const textOf = (pdf: Buffer) => {
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    try {
      const out: string[] = [];
      for (let i = 0; i < doc.countPages(); i++) {
        const page = doc.loadPage(i);
        const stext = page.toStructuredText('preserve-whitespace');
        out.push(stext.asText().replace(/\s+/g, ' ').trim());
        stext.destroy();
        page.destroy();
      }
      return out;
    } finally {
      doc.destroy();
    }
  };

  it('carries the OCR words of a scan as text over its image; a digital PDF passes through unchanged', async () => {
    const scan = await upload(base, makeScan(TEXT), 'scan.png', 'image/png');
    const r = await fetch(`${base}/v1/files/${scan.body.id}/searchable.pdf`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await r.arrayBuffer());
    expect(textOf(pdf)).toEqual([TEXT.replace(/\s+/g, ' ')]);
    // Invisible text over the image: render mode 3 in the page's content, one image drawn.
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const digital = makePdf(['Invoice 42 from ACME Corporation', 'Second page'], { fontSize: 20 });
    const d = await upload(base, digital, 'digital.pdf', 'application/pdf');
    const back = Buffer.from(await (await fetch(`${base}/v1/files/${d.body.id}/searchable.pdf`)).arrayBuffer());
    expect(textOf(back)).toEqual(textOf(digital));
    expect(await stack.db('file_page_ocr').where({ file_id: d.body.id })).toHaveLength(0);
    expect((await fetch(`${base}/v1/files/file_00000000000000000000000000/searchable.pdf`)).status).toBe(404);
  }, 120_000);
});
