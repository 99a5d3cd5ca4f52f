// The studio's "Suggest from this document" (issue 51) in a real headless Chromium: with a file
// picked, the button runs a schema suggestion over it (the scripted model answers), the suggested
// schema lands in the editor, the service validates it, and a new extractor name is proposed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { makePdf } from '../fixtures/documents.js';
import { call, startStackWithProvider } from '../api/job-helpers.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { ensureChromium, launchChromium } from '../docs/docs-browser.js';

const SUGGESTED = {
  type: 'object',
  properties: { invoice_number: { type: 'string' }, total: { type: 'number' } },
  required: ['invoice_number'],
  additionalProperties: false,
};

describe('/studio "Suggest from this document"', () => {
  let stack: TestStack;
  let provider: ScriptedProvider;
  let browser: Browser;

  beforeAll(async () => {
    await ensureChromium();
    ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_RENDER_DPI: '40' } }));
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ schema: SUGGESTED, field_notes: [{ path: '/total', description: 'Amount due' }] }) }));
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await provider?.close();
  });

  it('puts the suggested schema (every field required or nullable) in the extractor form', async () => {
    const origin = new URL(stack.url).origin;
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
    const problems: string[] = [];
    page.on('response', (r) => r.status() >= 400 && !r.url().includes('favicon') && problems.push(`${r.url()} → ${r.status()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e}`));
    await page.goto(`${origin}/studio`, { waitUntil: 'load' });

    const button = page.getByRole('button', { name: 'Suggest from this document' });
    await button.waitFor();
    // No file yet: nothing to suggest from.
    expect(await button.isDisabled()).toBe(true);

    // Other files on this database may have left suggestions of their own: only new ones count.
    const earlier = new Set(((await call(stack.url, 'GET', '/v1/schema-suggestions?limit=100')).body as Array<{ id: string }>).map((j) => j.id));
    await page.setInputFiles('input[name="upload"]', { name: 'March Invoice.pdf', mimeType: 'application/pdf', buffer: makePdf(['Invoice INV-9 Total 40.00'], { fontSize: 20 }) });
    await page.locator('.page[data-page="1"] img').waitFor({ state: 'visible', timeout: 30_000 });
    await expect(page.locator('select[aria-label="Extractor"]').inputValue()).resolves.toBe('receipt');
    await page.getByText('Schema valid').waitFor({ timeout: 15_000 });

    await button.click();
    const schemaBox = page.locator('#schema-text');
    await page.waitForFunction(() => ((globalThis as any).document.querySelector('#schema-text')?.value ?? '').includes('invoice_number'), undefined, { timeout: 60_000 });
    const schema = JSON.parse(await schemaBox.inputValue());
    expect(schema.required).toEqual(['invoice_number', 'total']);
    expect(schema.properties.total.type).toEqual(['number', 'null']);
    await page.getByText('Schema valid').waitFor({ timeout: 15_000 });
    // The edited schema is offered as a new extractor, named after the file.
    await expect(page.locator('.save-as input').inputValue()).resolves.toBe('march-invoice-suggested');

    // One suggestion job, over the picked file, answered once.
    const jobs = ((await call(stack.url, 'GET', '/v1/schema-suggestions?limit=100')).body as Array<{ id: string; status: string }>).filter((j) => !earlier.has(j.id));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.status).toBe('completed');
    expect(provider.requests).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
