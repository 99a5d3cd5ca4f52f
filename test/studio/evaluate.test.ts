// The studio's "Evaluate" view in a real headless Chromium (issue 34): pick a set and an extractor,
// run the evaluation, see the field table worst first, click a mismatch and see the value's box on
// the page it was extracted from.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { makePlacedTextPdf, type PlacedText } from '../fixtures/documents.js';
import { call, upload } from '../api/job-helpers.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { ensureChromium, launchChromium } from '../docs/docs-browser.js';

describe('/studio Evaluate view', () => {
  let stack: TestStack;
  let provider: ScriptedProvider;
  let browser: Browser;

  const printed: PlacedText[] = [
    { page: 1, text: 'Corner Bakery', x: 72, baseline: 110, size: 30 },
    { page: 1, text: 'TOTAL', x: 72, baseline: 340, size: 20 },
    { page: 1, text: '9.50', x: 460, baseline: 340, size: 20 },
  ];
  const schema = {
    type: 'object',
    properties: { merchant_name: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
    required: ['merchant_name', 'total'],
    additionalProperties: false,
  };

  beforeAll(async () => {
    await ensureChromium();
    provider = await startScriptedProvider();
    // The model reads the bakery receipt right; the labelled set says the merchant is another one.
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ merchant_name: 'Corner Bakery', total: 9.5 }) }));
    stack = await startTestStack();
    expect((await call(stack.url, 'PUT', '/v1/providers/compatible_api', { base_url: provider.baseUrl })).status).toBe(200);
    expect((await call(stack.url, 'PUT', '/v1/extractors/studio-eval', { display_name: 'Studio eval', instructions: 'Extract.', model: 'generic-model', schema })).status).toBe(201);
    expect((await call(stack.url, 'POST', '/v1/evaluation-sets', { name: 'studio-set', display_name: 'Studio set' })).status).toBe(201);
    const file = await upload(stack.url, makePlacedTextPdf(1, printed), 'bakery.pdf', 'application/pdf');
    await call(stack.url, 'POST', '/v1/evaluation-sets/studio-set/items', { file_id: file.body.id, expected_output: { merchant_name: 'Corner Cafe', total: 9.5 } });
    await call(stack.url, 'POST', '/v1/evaluation-sets/studio-set/items', { text: 'Corner Bakery, total 9.50', expected_output: { merchant_name: 'Corner Bakery', total: 9.5 } });
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await provider?.close();
  });

  it('runs an evaluation, shows the field table and a mismatch beside its page', async () => {
    const origin = new URL(stack.url).origin;
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
    const problems: string[] = [];
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.url()} → ${r.status()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));

    await page.goto(`${origin}/studio`, { waitUntil: 'load' });
    await page.getByRole('tab', { name: 'Evaluate' }).click();
    await expect(page.locator('select[aria-label="Evaluation set"] option').first().innerText()).resolves.toBe('Studio set (2 items)');
    await page.selectOption('select[aria-label="Extractor to evaluate"]', 'studio-eval');
    // The browser's own /favicon.ico request (404) is not the studio's doing.
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('favicon') && !p.startsWith('console: Failed to load resource')));
    await page.getByRole('button', { name: 'Run evaluation' }).click();

    const table = page.locator('table.fields');
    await table.waitFor({ timeout: 60_000 });
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...(tr as any).querySelectorAll('td')].map((td: any) => td.innerText.trim())));
    // Worst first: the merchant (1 of 2 right), then the total, then overall.
    expect(rows).toEqual([
      ['/merchant_name', '2', '50.0%', '50.0%', '50.0%', '50.0%'],
      ['/total', '2', '100.0%', '100.0%', '100.0%', '100.0%'],
      ['overall', '4', '75.0%', '75.0%', '75.0%', '75.0%'],
    ]);
    await expect(page.locator('.evaluation-progress').innerText()).resolves.toContain('2/2 items');

    // The one mismatch, beside the page it came from, its value highlighted where it is printed.
    const mismatch = page.locator('button.mismatch');
    expect(await mismatch.count()).toBe(1);
    expect(await mismatch.innerText()).toContain('"Corner Cafe"');
    await mismatch.click();
    await page.locator('.page[data-page="1"] img').waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator('[data-testid="highlight"]').first().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator('section.document .hint').innerText()).toContain('/merchant_name');
    expect(problems).toEqual([]);
  }, 180_000);
});
