// The studio's "Packets" view in a real headless Chromium (issue 44, deliverable 7): a classification
// job in review shown as page thumbnails coloured by segment with each segment's class and
// confidence; the reviewer moves a boundary, changes a class and approves, and the API then holds
// the reviewed split and routed exactly it. The screenshot goes to docs/studio-packet.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { makePdf } from '../fixtures/documents.js';
import { call, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { classificationPage, classificationStep, type ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { ensureChromium, launchChromium } from '../docs/docs-browser.js';

const SCREENSHOT = fileURLToPath(new URL('../../docs/studio-packet.png', import.meta.url));

// What the scripted model says of each page (class, starts a document, class tokens' probabilities).
// Page 3 is really the letter's first page, but the model calls it the invoice's third (0.55: the
// invoice is flagged); the form on page 6 is really an invoice, and only invoices and letters are routed.
const PACKET: Array<[string, boolean, number]> = [
  ['invoice', true, 0.96],
  ['invoice', false, 0.93],
  ['invoice', false, 0.55],
  ['letter', true, 0.91],
  ['letter', false, 0.88],
  ['form', true, 0.84],
];
const seg = (c: string, start: number, end: number) => ({ class: c, pages: { start, end } });

describe('/studio Packets view', () => {
  let stack: TestStack;
  let provider: ScriptedProvider;
  let browser: Browser;
  let fileId: string;

  beforeAll(async () => {
    await ensureChromium();
    ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_RENDER_DPI: '40' } }));
    provider.respondWith((r) => (classificationPage(r) ? classificationStep(r) : { kind: 'content', content: JSON.stringify({ title: 'Packet page' }) }));
    const extractor = await call(stack.url, 'PUT', '/v1/extractors/studio-packet-title', {
      display_name: 'Title',
      instructions: 'The title of the document.',
      model: 'generic-vision-model',
      schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
    });
    expect(extractor.status).toBe(201);
    const classifier = await call(stack.url, 'PUT', '/v1/classifiers/studio-packet', {
      display_name: 'Studio packet',
      model: 'generic-vision-model',
      review_threshold: 0.8,
      classes: [
        { name: 'invoice', description: 'An invoice.', extractor_name: 'studio-packet-title' },
        { name: 'letter', description: 'A letter.', extractor_name: 'studio-packet-title' },
        { name: 'form', description: 'A form.' },
      ],
    });
    expect(classifier.status).toBe(201);
    const pdf = makePdf(
      PACKET.map(([cls, starts, p], i) => `Packet page ${i + 1}\nclass: ${cls}\nstarts: ${starts ? 'yes' : 'no'}\nprobs: ${p}`),
      { fontSize: 18 },
    );
    const file = await upload(stack.url, pdf, 'packet.pdf', 'application/pdf');
    expect(file.status).toBe(201);
    fileId = file.body.id;
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await provider?.close();
  });

  it('shows the packet by segment, and a moved boundary and a changed class are approved, stored and routed', async () => {
    const created = await call(stack.url, 'POST', '/v1/classification-jobs', { classifier_name: 'studio-packet', file_id: fileId, mode: 'split', route: true });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const done = (await pollJob(stack.url, `/v1/classification-jobs/${id}`, undefined, 90_000)).pop();
    expect(done.status).toBe('completed');
    expect(done.result.segments.map((s: any) => [s.class, s.pages.start, s.pages.end, s.confidence])).toEqual([
      ['invoice', 1, 3, 0.55],
      ['letter', 4, 5, 0.88],
      ['form', 6, 6, 0.84],
    ]);
    expect(done.review).toMatchObject({ status: 'pending', revision: 1 });

    const origin = new URL(stack.url).origin;
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
    const problems: string[] = [];
    page.on('response', (r) => r.status() >= 400 && !r.url().includes('favicon') && problems.push(`${r.url()} → ${r.status()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e}`));
    await page.goto(`${origin}/studio`, { waitUntil: 'load' });
    await page.getByRole('tab', { name: 'Packets' }).click();
    await page.locator(`li[data-job-id="${id}"] button`).click();
    const packet = page.locator(`section.packet[data-job-id="${id}"]`);
    await packet.waitFor({ timeout: 30_000 });

    // Thumbnails of every page, coloured by segment, each segment with its class and confidence.
    const segments = packet.locator('li.segment');
    await expect(segments.count()).resolves.toBe(3);
    await packet.locator('.thumb img').nth(5).waitFor({ timeout: 30_000 });
    const thumbs = await packet.locator('.thumb').evaluateAll((els) => els.map((el) => [el.getAttribute('data-page'), el.getAttribute('data-segment')]));
    expect(thumbs).toEqual([['1', '0'], ['2', '0'], ['3', '0'], ['4', '1'], ['5', '1'], ['6', '2']]);
    const colours = await segments.evaluateAll((els) => els.map((el) => (el as unknown as { style: { getPropertyValue(n: string): string } }).style.getPropertyValue('--seg')));
    expect(new Set(colours).size).toBe(3);
    const heads = () => segments.locator('.segment-head').evaluateAll((els) => els.map((el) => (el as unknown as { innerText: string }).innerText.replace(/\s+/g, ' ').trim()));
    const classOf = (i: number) => segments.nth(i).locator('select').inputValue();
    await expect(Promise.all([0, 1, 2].map(classOf))).resolves.toEqual(['invoice', 'letter', 'form']);
    const before = await heads();
    expect(before[0]).toContain('p. 1–3');
    expect(before[0]).toContain('55.0%');
    expect(before[0]).toContain('low confidence');
    expect(before[1]).toContain('p. 4–5');
    expect(before[1]).toContain('88.0%');
    expect(before[2]).toContain('84.0%');

    // Move the letter's start one page earlier, and class the form as an invoice.
    await page.getByRole('button', { name: 'Start segment 2 one page earlier' }).click();
    await segments.nth(2).locator('select').selectOption('invoice');
    const after = await heads();
    expect(after[0]).toContain('p. 1–2');
    expect(after[0]).toContain('93.0%');
    expect(after[1]).toContain('p. 3–5');
    expect(after[1]).toContain('55.0%');
    await expect(packet.locator('.thumb[data-page="3"]').getAttribute('data-segment')).resolves.toBe('1');
    await page.screenshot({ path: SCREENSHOT });

    await page.getByRole('button', { name: 'Approve split' }).click();
    await page.locator(`section.packet[data-review="approved"]`).waitFor({ timeout: 30_000 });

    // The API holds the reviewed split, and routing used it: one extraction job per routed segment, over its pages.
    const reviewed = [seg('invoice', 1, 2), seg('letter', 3, 5), seg('invoice', 6, 6)];
    const job = (await call(stack.url, 'GET', `/v1/classification-jobs/${id}`)).body;
    // The correction raised the revision to 2, the approval to 3.
    expect(job.review).toMatchObject({ status: 'approved', revision: 3, reviewed_segments: reviewed });
    expect(job.result.segments.map((s: any) => [s.class, s.pages, s.confidence])).toEqual([
      ['invoice', { start: 1, end: 2 }, 0.93],
      ['letter', { start: 3, end: 5 }, 0.55],
      ['invoice', { start: 6, end: 6 }, 0.84],
    ]);
    const events = (await call(stack.url, 'GET', `/v1/classification-jobs/${id}/review/events`)).body;
    expect(events.map((e: any) => e.action)).toEqual(['correct', 'approve']);
    const routedIds: string[] = job.result.segments.map((s: any) => s.extraction_job_id);
    expect(routedIds.every((r) => typeof r === 'string' && r.startsWith('ejob_'))).toBe(true);
    const routed = await Promise.all(routedIds.map(async (r) => (await pollJob(stack.url, `/v1/extraction-jobs/${r}`, undefined, 90_000)).pop()));
    expect(routed.map((r) => [r.status, r.pages, r.classification_job_id])).toEqual([
      ['completed', { start: 1, end: 2 }, id],
      ['completed', { start: 3, end: 5 }, id],
      ['completed', { start: 6, end: 6 }, id],
    ]);
    // The view shows each segment's routed job.
    await expect(packet.locator('.segment-route').count()).resolves.toBe(3);

    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);
});
