// The studio's "Review" view in a real headless Chromium (issue 40): the jobs waiting for review
// across extractors and batches, newest first, filtered by extractor and by batch; the keyboard
// flow (j/k between jobs, e to correct a value, A to approve as an example, r to reject, a to
// approve, o to open a job by id), each checked against the service's own state. The screenshot
// goes to docs/studio-review-queue.png (docs/studio.md shows it).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { makePlacedTextPdf } from '../fixtures/documents.js';
import { call, eventually, startStackWithProvider, upload } from '../api/job-helpers.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { ensureChromium, launchChromium } from '../docs/docs-browser.js';

const SCREENSHOT = fileURLToPath(new URL('../../docs/studio-review-queue.png', import.meta.url));

const SCHEMA = {
  type: 'object',
  properties: { merchant: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
  required: ['merchant', 'total'],
  additionalProperties: false,
};

/** The model misreads the merchant ("Corner Sho", probability 0.42: flagged) and is sure of the total. */
const TOKENS = [
  { token: '{"merchant": "', logprob: 0 },
  { token: 'Corner Sho', logprob: Math.log(0.42) },
  { token: '", "total": ', logprob: 0 },
  { token: '12.5', logprob: Math.log(0.99) },
  { token: '}', logprob: 0 },
];

describe('/studio Review view', () => {
  let stack: TestStack;
  let provider: ScriptedProvider;
  let browser: Browser;
  const ids = { invoice: '', pdf: '', batch: '', items: [] as string[] };
  const extractorIds = { receipts: '', invoices: '' };

  const job = async (id: string) => (await call(stack.url, 'GET', `/v1/extraction-jobs/${id}`)).body;
  const completed = (id: string) => eventually(async () => ((await job(id)).status === 'completed' ? true : undefined), 60_000);
  const pendingIds = async (query = '') => (await call(stack.url, 'GET', `/v1/extraction-jobs?review_status=pending&limit=100${query}`)).body.map((j: any) => j.id);

  beforeAll(async () => {
    await ensureChromium();
    ({ stack, provider } = await startStackWithProvider({ batches: true }));
    provider.respondWith(() => ({ kind: 'content', content: TOKENS.map((t) => t.token).join(''), logprobs: TOKENS }));
    for (const [name, key] of [['rq-invoices', 'invoices'], ['rq-receipts', 'receipts']] as const) {
      const put = await call(stack.url, 'PUT', `/v1/extractors/${name}`, { display_name: name, instructions: 'Extract the merchant and the total.', model: 'generic-model', schema: SCHEMA, review_threshold: 0.9 });
      expect(put.status).toBe(201);
      extractorIds[key] = put.body.id;
    }
    // Oldest first: a single job of the other extractor, a batch of two, then a PDF job.
    ids.invoice = (await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'rq-invoices', text: 'Invoice from Corner Shop, 12.50' })).body.id;
    await completed(ids.invoice);
    const batch = await call(stack.url, 'POST', '/v1/batches', {
      kind: 'extraction',
      extractor_name: 'rq-receipts',
      inputs: [
        { custom_id: 'r-1', text: 'Corner Shop receipt one, total 12.50' },
        { custom_id: 'r-2', text: 'Corner Shop receipt two, total 12.50' },
      ],
    });
    expect(batch.status).toBe(201);
    ids.batch = batch.body.id;
    await eventually(async () => ((await call(stack.url, 'GET', `/v1/batches/${ids.batch}`)).body.status === 'completed' ? true : undefined), 60_000);
    ids.items = (await call(stack.url, 'GET', `/v1/extraction-jobs?batch_id=${ids.batch}`)).body.map((j: any) => j.id);
    const pdf = makePlacedTextPdf(1, [
      { page: 1, text: 'Corner Shop', x: 72, baseline: 110, size: 30 },
      { page: 1, text: 'TOTAL 12.5', x: 72, baseline: 340, size: 20 },
    ]);
    const file = await upload(stack.url, pdf, 'corner-shop.pdf', 'application/pdf');
    ids.pdf = (await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'rq-receipts', file_id: file.body.id })).body.id;
    await completed(ids.pdf);
    for (const id of [ids.invoice, ids.pdf, ...ids.items]) expect((await job(id)).review.status).toBe('pending');
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await provider?.close();
  });

  const queueIds = (page: Page) => page.locator('ol.queue button.queue-item').evaluateAll((els) => els.map((el) => el.getAttribute('data-job-id')));
  const openedId = (page: Page) => page.locator('.reviewing').getAttribute('data-job-id');
  /** Waits until the queue shows exactly these jobs, in this order. */
  const queueBecomes = async (page: Page, expected: string[]) => {
    await eventually(async () => (JSON.stringify(await queueIds(page)) === JSON.stringify(expected) ? true : undefined), 15_000).catch(async () => {
      expect(await queueIds(page)).toEqual(expected);
    });
  };
  const opened = async (page: Page, id: string) => {
    await page.locator(`.reviewing[data-job-id="${id}"]`).waitFor({ timeout: 15_000 });
  };

  it('lists pending jobs newest first, filters them, and reviews them with the keyboard', async () => {
    const origin = new URL(stack.url).origin;
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
    const problems: string[] = [];
    page.on('response', (r) => r.status() >= 400 && !r.url().includes('favicon') && problems.push(`${r.url()} → ${r.status()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e}`));

    await page.goto(`${origin}/studio`, { waitUntil: 'load' });
    await page.getByRole('tab', { name: 'Review' }).click();

    // Every pending job of the service, newest first, as the API lists them; ours in creation order reversed.
    await queueBecomes(page, await pendingIds());
    const all = await queueIds(page);
    const at = (id: string) => all.indexOf(id);
    expect(at(ids.pdf)).toBeGreaterThanOrEqual(0);
    expect(at(ids.pdf)).toBeLessThan(Math.min(...ids.items.map(at)));
    expect(Math.max(...ids.items.map(at))).toBeLessThan(at(ids.invoice));
    // The keys are listed in the view.
    await expect(page.locator('section.keys').innerText()).resolves.toContain('approve and add the job as an example');

    // Filtered by extractor: the receipts' three jobs, the newest (the PDF) opened beside its page.
    await page.selectOption('select[aria-label="Extractor filter"]', extractorIds.receipts);
    await queueBecomes(page, [ids.pdf, ...(await pendingIds(`&extractor_id=${extractorIds.receipts}`)).filter((id: string) => id !== ids.pdf)]);
    expect((await queueIds(page)).sort()).toEqual([ids.pdf, ...ids.items].sort());
    await opened(page, ids.pdf);
    await page.locator('.page[data-page="1"] img').waitFor({ state: 'visible', timeout: 30_000 });
    await expect(page.locator('.flag--current').getAttribute('data-path')).resolves.toBe('/merchant');

    // e: correct the merchant; the value shown is then the corrected one, the model's kept beside it.
    await page.locator('body').press('e');
    const input = page.locator('input[aria-label="Correct /merchant"]');
    await input.waitFor();
    await expect(input.inputValue()).resolves.toBe('"Corner Sho"');
    await input.fill('Corner Shop');
    await input.press('Enter');
    await page.locator('.flag[data-path="/merchant"] .corrected').waitFor({ timeout: 15_000 });
    await expect(page.locator('.flag[data-path="/merchant"] .corrected').innerText()).resolves.toContain('"Corner Shop"');
    await expect(page.locator('pre.json [data-pointer="/merchant"]').innerText()).resolves.toBe('"Corner Shop"');
    let pdfJob = await job(ids.pdf);
    expect(pdfJob.review.reviewed_data.merchant).toBe('Corner Shop');
    expect(pdfJob.result.data.merchant).toBe('Corner Sho');
    expect(pdfJob.review.revision).toBe(2);
    await page.screenshot({ path: SCREENSHOT });

    // A: approve and add as an example; the job leaves the queue and the next one opens.
    await page.locator('body').press('Shift+A');
    await queueBecomes(page, (await queueIds(page)).filter((id) => id !== ids.pdf));
    pdfJob = await job(ids.pdf);
    expect(pdfJob.review.status).toBe('approved');
    const examples = (await call(stack.url, 'GET', '/v1/extractors/rq-receipts')).body.examples;
    expect(examples.filter((e: any) => e.source_job_id === ids.pdf).map((e: any) => e.output)).toEqual([{ merchant: 'Corner Shop', total: 12.5 }]);
    const [first, second] = await queueIds(page);
    await opened(page, first!);

    // j / k: next and previous job.
    await page.locator('body').press('j');
    await opened(page, second!);
    await expect(page.locator(`button.queue-item[data-job-id="${second}"]`).getAttribute('aria-current')).resolves.toBe('true');
    await page.locator('body').press('k');
    await opened(page, first!);

    // Filtered by batch: its two items only.
    await page.selectOption('select[aria-label="Extractor filter"]', '');
    await page.selectOption('select[aria-label="Batch filter"]', ids.batch);
    await queueBecomes(page, await pendingIds(`&batch_id=${ids.batch}`));
    expect((await queueIds(page)).sort()).toEqual([...ids.items].sort());
    const [rejectId, approveId] = await queueIds(page);
    await opened(page, rejectId!);

    // r: reject with a reason.
    await page.locator('body').press('r');
    const reason = page.locator('input[aria-label="Reason to reject"]');
    await reason.waitFor();
    await reason.fill('not a receipt');
    await reason.press('Enter');
    await queueBecomes(page, [approveId!]);
    expect((await job(rejectId!)).review.status).toBe('rejected');
    const events = (await call(stack.url, 'GET', `/v1/extraction-jobs/${rejectId}/review/events`)).body;
    expect(events.map((e: any) => [e.action, e.value_after])).toEqual([['reject', { reason: 'not a receipt' }]]);

    // a: approve; the flagged value nobody decided is accepted as the model wrote it.
    await opened(page, approveId!);
    await page.locator('body').press('a');
    await queueBecomes(page, []);
    const approved = await job(approveId!);
    expect(approved.review.status).toBe('approved');
    expect(approved.review.reviewed_data).toEqual(approved.result.data);
    const approvedEvents = (await call(stack.url, 'GET', `/v1/extraction-jobs/${approveId}/review/events`)).body;
    expect(approvedEvents.map((e: any) => [e.action, e.path])).toEqual([['accept', '/merchant'], ['approve', null]]);
    await expect(page.locator('aside.review-queue').innerText()).resolves.toContain('No job waits for review with these filters');

    // o: open any job by its id, here the approved PDF job: its corrected value, its status.
    await page.locator('body').press('o');
    await page.locator('input[aria-label="Open job by id"]').fill(ids.pdf);
    await page.locator('input[aria-label="Open job by id"]').press('Enter');
    await opened(page, ids.pdf);
    await expect(page.locator('.reviewing [data-review-status]').getAttribute('data-review-status')).resolves.toBe('approved');
    await expect(page.locator('pre.json [data-pointer="/merchant"]').innerText()).resolves.toBe('"Corner Shop"');
    await expect(page.locator('button', { hasText: 'Approve (a)' }).count()).resolves.toBe(0);

    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);
});
