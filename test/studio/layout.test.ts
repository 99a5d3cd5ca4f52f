// The studio's layout from 1280 to 1920 px wide (issue 52, deliverable 6) in a real headless Chromium:
// the Evaluate table's last column (accuracy) and the Batches table's Review and Created columns are
// inside the window, a packet's page thumbnail enlarges on click, the ◀ ▶ of a segment's first page do
// not overlap its caption, and /favicon.ico answers. Screenshots at both widths go to docs/.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { makePdf } from '../fixtures/documents.js';
import { call, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { classificationPage, classificationStep, type ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { ensureChromium, launchChromium } from '../docs/docs-browser.js';

const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));
declare const window: { innerWidth: number };
declare const document: { documentElement: { scrollWidth: number } };
type Box = { left: number; right: number; top: number; bottom: number };
type El = { getBoundingClientRect(): Box; scrollWidth: number; clientWidth: number };

let stack: TestStack;
let provider: ScriptedProvider;
let browser: Browser;
let packetId: string;

beforeAll(async () => {
  await ensureChromium();
  ({ stack, provider } = await startStackWithProvider({ batches: true, env: { SERVICE_RENDER_DPI: '60' } }));
  provider.respondWith((r) => (classificationPage(r) ? classificationStep(r) : { kind: 'content', content: JSON.stringify({ merchant_name: 'Corner Bakery', total: 9.5, invoice_number_printed_on_the_top_right: 'A-1' }) }));
  await stack.db('batches').whereIn('status', ['queued', 'running', 'canceling']).update({ status: 'canceled', completed_at: stack.db.fn.now() });
  const schema = {
    type: 'object',
    properties: { merchant_name: { type: 'string' }, total: { type: 'number' }, invoice_number_printed_on_the_top_right: { type: ['string', 'null'] } },
    required: ['merchant_name', 'total', 'invoice_number_printed_on_the_top_right'],
    additionalProperties: false,
  };
  expect((await call(stack.url, 'PUT', '/v1/extractors/layout-eval', { display_name: 'Layout eval', instructions: 'Extract.', model: 'generic-model', schema, review_threshold: 0.5 })).status).toBe(201);
  expect((await call(stack.url, 'POST', '/v1/evaluation-sets', { name: 'layout-set', display_name: 'Layout set' })).status).toBe(201);
  for (const k of [1, 2]) {
    await call(stack.url, 'POST', '/v1/evaluation-sets/layout-set/items', { text: `Corner Bakery ${k}, total 9.50`, expected_output: { merchant_name: 'Corner Bakery', total: 9.5, invoice_number_printed_on_the_top_right: k === 1 ? 'A-1' : 'B-2' } });
  }
  const batch = await call(stack.url, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'layout-eval', inputs: [1, 2, 3].map((k) => ({ custom_id: `receipt-${k}`, text: `Corner Bakery ${k}` })) });
  expect(batch.status).toBe(201);
  const classes = [
    { name: 'invoice', description: 'An invoice.' },
    { name: 'letter', description: 'A letter.' },
  ];
  expect((await call(stack.url, 'PUT', '/v1/classifiers/layout-packet', { display_name: 'Layout packet', model: 'generic-model', classes, review_threshold: 0.8 })).status).toBe(201);
  const pages: Array<[string, boolean, number]> = [
    ['invoice', true, 0.9],
    ['invoice', false, 0.95],
    ['letter', true, 0.7],
    ['letter', false, 0.75],
  ];
  const pdf = makePdf(pages.map(([c, s, p], i) => `Page ${i + 1}\nclass: ${c}\nstarts: ${s ? 'yes' : 'no'}\nprobs: ${p}`), { fontSize: 18 });
  const file = await upload(stack.url, pdf, 'packet.pdf', 'application/pdf');
  const job = await call(stack.url, 'POST', '/v1/classification-jobs', { classifier_name: 'layout-packet', file_id: file.body.id, mode: 'split' });
  packetId = job.body.id;
  await pollJob(stack.url, `/v1/classification-jobs/${packetId}`, undefined, 60_000);
  await pollJob(stack.url, `/v1/batches/${batch.body.id}`, (b: any) => b.status === 'completed', 60_000);
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await provider?.close();
});

async function open(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width === 1280 ? 800 : 1080 }, deviceScaleFactor: 1 });
  await page.goto(`${new URL(stack.url).origin}/studio`, { waitUntil: 'load' });
  return page;
}

/** The element's box and whether its content is wider than the element (a hidden part). */
const boxOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const e = el as unknown as El;
    const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, overflows: e.scrollWidth > e.clientWidth + 1 };
  });
const pageWidth = (page: Page) => page.evaluate(() => ({ window: window.innerWidth, content: document.documentElement.scrollWidth }));

describe('studio layout at 1280 and 1920 px', () => {
  it('/favicon.ico is an icon, not a 404', async () => {
    const r = await fetch(`${stack.url}/favicon.ico`);
    expect([r.status, r.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await r.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  for (const width of [1280, 1920]) {
    it(`${width} px: Evaluate's accuracy column and Batches' Review and Created columns are in view`, async () => {
      const page = await open(width);
      await page.getByRole('tab', { name: 'Evaluate' }).click();
      await page.selectOption('select[aria-label="Extractor to evaluate"]', 'layout-eval');
      await page.getByRole('button', { name: 'Run evaluation' }).click();
      await page.locator('table.fields tbody tr').nth(3).waitFor({ timeout: 60_000 });
      const accuracy = await boxOf(page, 'table.fields thead th:last-child');
      const result = await boxOf(page, 'section.result[aria-label="Evaluation"]');
      expect(accuracy.right).toBeLessThanOrEqual(result.right);
      expect(result.overflows).toBe(false);
      expect(await pageWidth(page)).toEqual({ window: width, content: width });
      await page.screenshot({ path: path.join(DOCS, `studio-evaluate-${width}.png`) });

      await page.getByRole('tab', { name: 'Batches' }).click();
      await page.locator('table.batch-list tbody tr').first().waitFor({ timeout: 30_000 });
      const review = await boxOf(page, 'table.batch-list thead th:nth-last-child(2)');
      const created = await boxOf(page, 'table.batch-list thead th:last-child');
      const list = await boxOf(page, 'section.batches, .batches');
      expect(review.right).toBeLessThanOrEqual(width);
      expect(created.right).toBeLessThanOrEqual(list.right);
      expect(list.overflows).toBe(false);
      expect(await pageWidth(page)).toEqual({ window: width, content: width });
      await page.screenshot({ path: path.join(DOCS, `studio-batches-${width}.png`) });
      await page.close();
    }, 180_000);
  }

  it('a packet page thumbnail enlarges on click, and ◀ ▶ do not overlap the caption on a 2-page segment', async () => {
    const page = await open(1280);
    await page.getByRole('tab', { name: 'Packets' }).click();
    await page.locator(`li[data-job-id="${packetId}"] button`).click();
    const packet = page.locator(`section.packet[data-job-id="${packetId}"]`);
    await packet.locator('.thumb img').nth(3).waitFor({ timeout: 30_000 });
    // Segment 2 (pages 3-4) starts with the boundary buttons beside its caption.
    const first = packet.locator('.thumb[data-page="3"] figcaption');
    const parts = await first.evaluate((el) =>
      Array.from((el as unknown as { querySelectorAll(s: string): ArrayLike<El> }).querySelectorAll("span, button")).map((e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    );
    expect(parts).toHaveLength(3);
    const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) expect(overlap(parts[i]!, parts[j]!)).toBe(false);
    const thumb = await boxOf(page, `section.packet .thumb[data-page="3"] img`);
    await page.getByRole('button', { name: 'Enlarge page 3' }).click();
    const zoomed = await boxOf(page, '.page-zoom img');
    expect(zoomed.right - zoomed.left).toBeGreaterThan(3 * (thumb.right - thumb.left));
    await page.keyboard.press('Escape');
    await expect(page.locator('.page-zoom').count()).resolves.toBe(0);
    await page.close();
  }, 120_000);
});
