// /studio: the committed bundle matches its source, the page and its assets are served (public,
// same-origin), and in a real headless Chromium (Debian's package, installed when missing) a user
// enters a token, uploads a PDF with a text layer, runs the prebuilt `receipt` extractor against the
// scripted provider, sees the JSON, clicks a value and sees its box highlighted where the value is
// printed. The screenshot goes to docs/studio.png (the README shows it).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { buildStudio, committedStudio } from '../../scripts/build-studio.js';
import { helveticaWidth, makePlacedTextPdf, type PlacedText } from '../fixtures/documents.js';
import { apiCall } from '../harness/openapi-validator.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { ensureChromium, launchChromium } from '../docs/docs-browser.js';
import { freePort } from '../../src/runtime/ports.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCREENSHOT = fileURLToPath(new URL('../../docs/studio.png', import.meta.url));
const TOKEN = 'studio-test-token-7d1e';
const auth = { authorization: `Bearer ${TOKEN}` };

// The callbacks passed to page.evaluate run in the page; tsconfig has no DOM lib.
declare const document: { querySelector(s: string): { scrollTop: number } | null };

describe('the studio bundle', () => {
  it('is what `npm run build:studio` makes of src/studio/app (committed, so a fresh clone serves it)', async () => {
    const built = await buildStudio();
    const committed = await committedStudio();
    expect(committed['studio.js']!.length).toBeGreaterThan(1000);
    // Compared by equality, not printed: a stale bundle says which file to rebuild.
    expect({ js: built['studio.js'] === committed['studio.js'], css: built['studio.css'] === committed['studio.css'] }).toEqual({ js: true, css: true });
  });

  it('type-checks (browser code, its own tsconfig)', async () => {
    await run(process.execPath, [fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'src/studio/app/tsconfig.json'], { cwd: ROOT });
  }, 120_000);
});

describe('/studio in a browser', () => {
  let stack: TestStack;
  let provider: ScriptedProvider;
  let browser: Browser;
  let version = '';

  // A receipt whose text layer prints the values the model will answer.
  const printed: PlacedText[] = [
    { page: 1, text: 'Corner Bakery', x: 72, baseline: 110, size: 30 },
    { page: 1, text: '12 Mill Lane, Springfield', x: 72, baseline: 140, size: 14 },
    { page: 1, text: '2026-11-23', x: 72, baseline: 180, size: 14 },
    { page: 1, text: 'Sourdough loaf', x: 72, baseline: 250, size: 16 },
    { page: 1, text: '6.40', x: 460, baseline: 250, size: 16 },
    { page: 1, text: 'Croissant', x: 72, baseline: 280, size: 16 },
    { page: 1, text: '3.10', x: 460, baseline: 280, size: 16 },
    { page: 1, text: 'TOTAL', x: 72, baseline: 340, size: 20 },
    { page: 1, text: '9.50', x: 460, baseline: 340, size: 20 },
  ];
  const answer = {
    merchant_name: 'Corner Bakery',
    merchant_address: '12 Mill Lane, Springfield',
    merchant_phone: null,
    date: '2026-11-23',
    time: null,
    currency: null,
    subtotal: null,
    tax: null,
    tip: null,
    total: 9.5,
    payment_method: null,
    line_items: [
      { description: 'Sourdough loaf', quantity: 1, unit_price: 6.4, amount: 6.4 },
      { description: 'Croissant', quantity: 1, unit_price: 3.1, amount: 3.1 },
    ],
  };

  const MARKDOWN = '# Corner Bakery\n\n| Item | Amount |\n|---|---|\n| Sourdough loaf | 6.40 |\n| Croissant | 3.10 |\n\n**TOTAL 9.50**';

  beforeAll(async () => {
    version = await ensureChromium();
    console.log(`studio browser check runs ${version}`);
    provider = await startScriptedProvider();
    // Extraction requests get the receipt's JSON; page transcriptions (NuExtract's markdown mode) its Markdown.
    provider.respondWith((r) =>
      r.body.chat_template_kwargs?.mode === 'markdown'
        ? { kind: 'content', content: MARKDOWN }
        : { kind: 'content', content: JSON.stringify(answer), usage: { prompt_tokens: 900, completion_tokens: 120 } },
    );
    stack = await startTestStack({ env: { SERVICE_API_TOKENS: TOKEN } });
    const put = await apiCall(stack.url, 'PUT', '/v1/providers/compatible_api', { base_url: provider.baseUrl }, auth);
    expect(put.status).toBe(200);
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await provider?.close();
  });

  it('serves the page and its assets publicly, same-origin only, while /v1 needs the token', async () => {
    const page = await apiCall<string>(stack.url, 'GET', '/studio');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const refs = [...page.body.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.sort()).toEqual(['/docs', '/studio/assets/studio.css', '/studio/assets/studio.js']);
    for (const ref of ['/studio/assets/studio.css', '/studio/assets/studio.js']) {
      const asset = await apiCall(stack.url, 'GET', ref);
      expect([ref, asset.status]).toEqual([ref, 200]);
      const cached = await apiCall(stack.url, 'GET', ref, undefined, { 'if-none-match': asset.headers.get('etag')! });
      expect([ref, cached.status]).toEqual([ref, 304]);
    }
    const other = await apiCall(stack.url, 'GET', '/studio/assets/main.tsx');
    expect([other.status, other.body.code]).toEqual([404, 'not_found']);
    expect((await apiCall(stack.url, 'GET', '/v1/files')).status).toBe(401);
  });

  it('uploads a PDF, runs the receipt extractor, shows the JSON and highlights a clicked value on the page', async () => {
    expect(version).toMatch(/^Chromium \d+\./);
    const origin = new URL(stack.url).origin;
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
    const problems: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!/^(data|blob):/.test(url) && new URL(url).origin !== origin) problems.push(`foreign request ${url}`);
    });
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.url()} → ${r.status()}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e}`));

    await page.goto(`${origin}/studio`, { waitUntil: 'load' });
    // The token, once: kept in this tab's session storage.
    await page.fill('input[name="token"]', TOKEN);
    await page.click('form.token button[type="submit"]');
    await page.getByText('Token set for this tab').waitFor();
    // The workspace the token acts in (an operator token without a header: `default`).
    await page.locator('.token .workspace strong', { hasText: 'default' }).waitFor();
    // Before the token, the studio's first calls were refused (401): that is how it learns one is needed.
    problems.length = 0;
    expect(await page.evaluate(() => (globalThis as any).sessionStorage.getItem('docextract.studio.token'))).toBe(TOKEN);

    // Upload: the first page image appears, rendered by the service.
    const pdf = makePlacedTextPdf(1, printed);
    await page.setInputFiles('input[name="upload"]', { name: 'bakery-receipt.pdf', mimeType: 'application/pdf', buffer: pdf });
    const image = page.locator('.page[data-page="1"] img');
    await image.waitFor({ state: 'visible', timeout: 30_000 });

    // The prebuilt receipt extractor is chosen, and its schema validated live by the service.
    await expect(page.locator('select[aria-label="Extractor"]').inputValue()).resolves.toBe('receipt');
    await page.getByText('Schema valid').waitFor({ timeout: 15_000 });
    // An edit that breaks the dialect is reported, and undone.
    const schemaBox = page.locator('#schema-text');
    const original = await schemaBox.inputValue();
    await schemaBox.fill(original.replace('"type": "object"', '"type": "objekt"'));
    await page.locator('.validation .error, .validation li.error').first().waitFor({ timeout: 15_000 });
    await schemaBox.fill(original);
    await page.getByText('Schema valid').waitFor({ timeout: 15_000 });

    // Run, and see the JSON.
    await page.getByRole('button', { name: 'Extract data' }).click();
    await page.locator('.pill--completed').waitFor({ timeout: 60_000 });
    const json = page.locator('pre.json');
    await json.waitFor();
    expect(await json.innerText()).toContain('"merchant_name": "Corner Bakery"');
    expect(provider.requests).toHaveLength(1);

    // Click the total: its box is drawn where 9.50 is printed, in fractions of the page image.
    await page.locator('button[data-pointer="/total"]').click();
    const highlight = page.locator('[data-testid="highlight"]');
    await highlight.first().waitFor({ state: 'visible' });
    expect(await highlight.count()).toBe(1);
    const img = (await image.boundingBox())!;
    const box = (await highlight.first().boundingBox())!;
    const total = printed.find((p) => p.text === '9.50')!;
    const expected = {
      x0: total.x / 612,
      x1: (total.x + helveticaWidth(total.text, total.size)) / 612,
      y0: (total.baseline - 0.718 * total.size) / 792,
      y1: (total.baseline + 0.207 * total.size) / 792,
    };
    const seen = {
      x0: (box.x - img.x) / img.width,
      x1: (box.x + box.width - img.x) / img.width,
      y0: (box.y - img.y) / img.height,
      y1: (box.y + box.height - img.y) / img.height,
    };
    for (const k of ['x0', 'x1', 'y0', 'y1'] as const) expect([k, Math.abs(seen[k] - expected[k]) < 0.02]).toEqual([k, true]);
    expect(await page.locator('button[data-pointer="/total"]').getAttribute('class')).toContain('value--selected');

    // A second value, for the screenshot: the merchant's name, highlighted at the top of the page.
    await page.locator('button[data-pointer="/total"]').click(); // unselect
    await expect(highlight.count()).resolves.toBe(0);
    await page.locator('button[data-pointer="/merchant_name"]').click();
    await highlight.first().waitFor({ state: 'visible' });
    await page.evaluate(() => {
      for (const selector of ['section.document', '#schema-text']) {
        const el = document.querySelector(selector);
        if (el) el.scrollTop = 0;
      }
    });
    await page.waitForTimeout(400); // the smooth scroll to the highlight settles
    await page.screenshot({ path: SCREENSHOT });

    // The same document parsed: its Markdown, page by page, beside the pages.
    await page.getByRole('tab', { name: 'Parse to Markdown' }).click();
    await page.getByRole('button', { name: 'Parse document' }).click();
    // Shown only once the parse job has completed.
    const markdown = page.locator('.markdown pre');
    await markdown.first().waitFor({ timeout: 60_000 });
    expect(await markdown.first().innerText()).toBe(MARKDOWN);
    expect(provider.requests).toHaveLength(2);
    // Its chunks for retrieval (issue 41), each with its heading path; a chunk's button selects its pages.
    await page.getByRole('tab', { name: 'Chunks' }).click();
    const chunk = page.locator('.chunks pre');
    await chunk.first().waitFor({ timeout: 30_000 });
    expect(await chunk.first().innerText()).toContain('| Sourdough loaf | 6.40 |');
    const chunkButton = page.locator('.chunks button').first();
    expect(await chunkButton.innerText()).toContain('Corner Bakery');
    await chunkButton.click();

    expect(problems).toEqual([]);
  }, 180_000);
  it('shows each value\'s confidence, lists the flags, and a user corrects a flagged value and approves the job', async () => {
    const schema = {
      type: 'object',
      properties: { merchant_name: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
      required: ['merchant_name', 'total'],
      additionalProperties: false,
    };
    const put = await apiCall(stack.url, 'PUT', '/v1/extractors/studio-review', {
      display_name: 'Studio review',
      instructions: 'Extract the merchant and the total.',
      model: 'studio-review-model',
      schema,
      review_threshold: 0.8,
    }, auth);
    expect([200, 201]).toContain(put.status);
    // The model is sure of the merchant and unsure of the total (0.35).
    const tokens = [
      { token: '{"merchant_name": "', logprob: 0 },
      { token: 'Corner Bakery', logprob: Math.log(0.98) },
      { token: '", "total": ', logprob: 0 },
      { token: '9.05', logprob: Math.log(0.35) },
      { token: '}', logprob: 0 },
    ];
    provider.respondWith(() => ({ kind: 'content', content: tokens.map((t) => t.token).join(''), logprobs: tokens }));

    const origin = new URL(stack.url).origin;
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e}`));
    await page.goto(`${origin}/studio`, { waitUntil: 'load' });
    await page.fill('input[name="token"]', TOKEN);
    await page.click('form.token button[type="submit"]');
    await page.getByText('Token set for this tab').waitFor();
    await page.setInputFiles('input[name="upload"]', { name: 'bakery-receipt.pdf', mimeType: 'application/pdf', buffer: makePlacedTextPdf(1, printed) });
    await page.locator('.page[data-page="1"] img').waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator('select[aria-label="Extractor"]').selectOption('studio-review');
    await page.getByText('Schema valid').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Extract data' }).click();
    await page.locator('.pill--completed').waitFor({ timeout: 60_000 });

    // Each value carries its confidence (colour and tooltip); the total is flagged.
    const total = page.locator('pre.json [data-pointer="/total"]');
    expect(await total.getAttribute('data-confidence')).toBe('0.35');
    expect(await total.getAttribute('class')).toContain('conf--low');
    expect(await total.getAttribute('title')).toContain('confidence 0.350');
    expect(await total.getAttribute('title')).toContain('low_confidence');
    expect(await page.locator('pre.json [data-pointer="/merchant_name"]').getAttribute('class')).toContain('conf--high');
    await page.locator('[data-review-status="pending"]').waitFor();
    expect(await page.locator('.flag').count()).toBe(1);

    // Correct the total, then approve.
    await page.fill('input[aria-label="Correct /total"]', '9.5');
    await page.locator('.flag[data-path="/total"]').getByRole('button', { name: 'Correct' }).click();
    await page.locator('.flag[data-path="/total"] .corrected').waitFor();
    expect(await page.locator('.flag[data-path="/total"] .corrected').innerText()).toContain('9.5');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.locator('[data-review-status="approved"]').waitFor({ timeout: 15_000 });

    const jobs = await apiCall<any[]>(stack.url, 'GET', '/v1/extraction-jobs?review_status=approved&limit=10', undefined, auth);
    const job = jobs.body.find((j) => j.extractor_id === put.body.id);
    expect(job.review).toMatchObject({ status: 'approved', reviewed_data: { merchant_name: 'Corner Bakery', total: 9.5 } });
    expect(job.result.data.total).toBe(9.05);
    expect(problems).toEqual([]);
  }, 180_000);

  it('with no model server, shows what the job waits for within 10 s of the first failure, and cancels it', async () => {
    // The model server is gone: its port refuses connections.
    const closed = `http://127.0.0.1:${await freePort()}/v1`;
    expect((await apiCall(stack.url, 'PATCH', '/v1/providers/compatible_api', { base_url: closed }, auth)).status).toBe(200);
    const origin = new URL(stack.url).origin;
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e}`));
    await page.goto(`${origin}/studio`, { waitUntil: 'load' });
    await page.fill('input[name="token"]', TOKEN);
    await page.click('form.token button[type="submit"]');
    await page.getByText('Token set for this tab').waitFor();
    await page.setInputFiles('input[name="upload"]', { name: 'no-model.pdf', mimeType: 'application/pdf', buffer: makePlacedTextPdf(1, printed) });
    await page.locator('.page[data-page="1"] img').waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByText('Schema valid').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Extract data' }).click();

    // The job's id, then the moment the service records its first failed model call.
    const jobId = await page.locator('.status code').first().innerText({ timeout: 30_000 });
    expect(jobId).toMatch(/^ejob_/);
    const deadline = Date.now() + 60_000;
    while (!(await apiCall(stack.url, 'GET', `/v1/extraction-jobs/${jobId}`, undefined, auth)).body.retry) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
    const waiting = page.locator('.status .waiting');
    await waiting.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await waiting.innerText()).toMatch(/^waiting for the model: provider_unavailable — .*ECONNREFUSED.* — attempt \d+, next (in \d+ s|now)$/);
    expect(await page.locator('section.result').innerText()).toContain('waiting for the model: provider_unavailable');

    // Cancel: the job ends canceled, and the studio says so.
    await page.locator('.status').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.pill--canceled').waitFor({ timeout: 30_000 });
    expect((await apiCall(stack.url, 'GET', `/v1/extraction-jobs/${jobId}`, undefined, auth)).body.status).toBe('canceled');
    await expect(page.locator('.status .waiting').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
