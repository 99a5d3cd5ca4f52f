// The Temporal Web UI as an operator sees it: a dev server started with its UI on a port from
// configuration, a stack whose jobs run on it (a parse and an extraction that complete, an
// extraction the provider refuses, a parse still running), and the UI's workflow list in a real
// headless Chromium (Debian's package, installed when missing, as test/studio does), with the
// job search attributes as columns (the list has no column for a run's summary; its page does).
// Every job is listed under its job id with its run's status and the search attributes its run
// carries. The screenshot goes to docs/temporal-ui.png (README and docs/operations.md show it).
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Connection } from '@temporalio/client';
import type { Browser } from 'playwright-core';
import { freePort } from '../../src/runtime/ports.js';
import { ensureTemporalCli } from '../../src/runtime/temporal-cli.js';
import { startTemporalDevServer, type TemporalDevServer } from '../../src/runtime/temporal-dev-server.js';
import { makePdf } from '../fixtures/documents.js';
import { call, eventually, pollJob, upload } from '../api/job-helpers.js';
import { ensureChromium, launchChromium } from '../docs/docs-browser.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

// The callback passed to page.evaluate runs in the page; tsconfig has no DOM lib.
declare const document: { activeElement: { blur(): void } | null };

const SCREENSHOT = fileURLToPath(new URL('../../docs/temporal-ui.png', import.meta.url));
const ANSWER = JSON.stringify({ invoice_number: 'INV-0042', total: 118.5 });
/** The search attributes shown as columns, with their types (temporal.api.enums.v1.IndexedValueType). */
const COLUMNS = { DocextractDefinition: 2, DocextractJobStatus: 2, DocextractPagesDone: 3 } as const;

let server: TemporalDevServer;
let stack: TestStack;
let provider: ScriptedProvider;
let browser: Browser;

beforeAll(async () => {
  await ensureChromium();
  const cliPath = await ensureTemporalCli({ configuredPath: process.env.TEMPORAL_CLI_PATH || undefined });
  // The UI's port is configuration (TEMPORAL_UI_PORT under npm start); here a free one.
  server = await startTemporalDevServer({ cliPath, namespace: 'default', port: await freePort(), uiPort: await freePort() });
  await registerColumns(server.address);
  provider = await startScriptedProvider();
  stack = await startTestStack({
    env: {
      TEMPORAL_ADDRESS: server.address,
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: 'document-jobs',
      SERVICE_RENDER_DPI: '50',
      SERVICE_PAGE_CONCURRENCY: '2',
    },
  });
  expect((await call(stack.url, 'PUT', '/v1/providers/compatible_api', { base_url: provider.baseUrl })).status).toBe(200);
  const put = await call(stack.url, 'PUT', '/v1/extractors/invoice', {
    display_name: 'Invoice',
    instructions: 'Extract the invoice number and the total.',
    model: 'generic-vision-model',
    schema: {
      type: 'object',
      properties: { invoice_number: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
      required: ['invoice_number', 'total'],
      additionalProperties: false,
    },
  });
  expect([200, 201]).toContain(put.status);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await provider?.close();
  await server?.stop();
});

/** The attributes the columns show, where the dev server does not have them yet. */
async function registerColumns(address: string): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    const listed = await connection.operatorService.listSearchAttributes({ namespace: 'default' });
    const missing = Object.entries(COLUMNS).filter(([name]) => !(name in (listed.customAttributes ?? {})));
    if (missing.length > 0) await connection.operatorService.addSearchAttributes({ namespace: 'default', searchAttributes: Object.fromEntries(missing) as never });
  } finally {
    await connection.close();
  }
}

/** The job once it has ended. */
async function ended(path: string): Promise<any> {
  return (await pollJob(stack.url, path, undefined, 60_000)).at(-1);
}

async function pdf(name: string, pages: number): Promise<string> {
  const file = await upload(stack.url, makePdf(Array.from({ length: pages }, (_, i) => `${name} page ${i + 1}`)), name, 'application/pdf');
  expect(file.status).toBe(201);
  return file.body.id;
}

describe('the Temporal Web UI', () => {
  it('lists the jobs under their ids with their runs\' status and their search attributes as columns, as in the screenshot', async () => {
    expect(server.uiUrl).toBeDefined();
    // Answers by request: the refused job's text, the extractor's instructions, else a page.
    provider.respondWith((req) => {
      const text = JSON.stringify(req.body?.messages ?? '');
      if (text.includes('refused-invoice')) return { kind: 'error', status: 400, body: { error: { message: 'The model refused this document' } } };
      if (text.includes('invoice number')) return { kind: 'content', content: ANSWER };
      return { kind: 'content', content: '# Quarterly report\n\nRevenue grew 12%.' };
    });

    const parsed = await call(stack.url, 'POST', '/v1/parse-jobs', { file_id: await pdf('march-report.pdf', 3) });
    const extracted = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'invoice', file_id: await pdf('invoice-0042.pdf', 1) });
    const refused = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'invoice', text: 'refused-invoice: Total 99' });
    const done = {
      parse: await ended(`/v1/parse-jobs/${parsed.body.id}`),
      extraction: await ended(`/v1/extraction-jobs/${extracted.body.id}`),
      refused: await ended(`/v1/extraction-jobs/${refused.body.id}`),
    };
    expect([done.parse.status, done.extraction.status, done.refused.status, done.refused.error.code]).toEqual(['completed', 'completed', 'failed', 'provider_rejected']);
    // A parse whose model never answers, still running when the list is looked at.
    provider.reset();
    provider.respondWith(() => ({ kind: 'stall' }));
    const running = await call(stack.url, 'POST', '/v1/parse-jobs', { file_id: await pdf('slow-report.pdf', 6) });
    await provider.waitForRequests(1, 60_000);
    await eventually(async () => ((await call(stack.url, 'GET', `/v1/parse-jobs/${running.body.id}`)).body.status === 'running' ? true : undefined), 30_000);

    const ids = [parsed.body.id, extracted.body.id, refused.body.id, running.body.id] as string[];
    // What the runs carry, as the server tells it: the UI must show the same.
    const statuses = await Promise.all(ids.map(async (id) => (await stack.temporal.workflow.getHandle(id).describe()).status.name));
    expect(statuses[0]).toBe('COMPLETED');
    expect(statuses[3]).toBe('RUNNING');

    const attributes = await Promise.all(ids.map(async (id) => (await stack.temporal.workflow.getHandle(id).describe()).searchAttributes));

    const page = await browser.newPage({ viewport: { width: 1600, height: 560 }, deviceScaleFactor: 1 });
    try {
      await page.goto(`${server.uiUrl}/namespaces/default/workflows`, { waitUntil: 'load' });
      for (const id of ids) await page.getByText(id, { exact: true }).first().waitFor({ timeout: 60_000 });
      // The job search attributes as columns, in place of the run id and the times.
      await page.getByRole('button', { name: 'Configure Columns' }).click();
      for (const name of Object.keys(COLUMNS)) await page.getByRole('button', { name: `Add ${name} column` }).click();
      for (const name of ['Run ID', 'Start', 'End']) await page.getByRole('button', { name: `Remove ${name} column` }).click();
      const drawer = page.getByText('Configure Workflows Table');
      await page.keyboard.press('Escape');
      // Closed by Escape, or else by a click beside it.
      await drawer.waitFor({ state: 'hidden', timeout: 5_000 }).catch(async () => {
        await page.mouse.click(400, 100);
        await drawer.waitFor({ state: 'hidden', timeout: 10_000 });
      });
      const header = await page.locator('thead').innerText();
      for (const name of Object.keys(COLUMNS)) expect(header).toContain(name);
      const text = await page.locator('body').innerText();
      for (const id of ids) expect(text).toContain(id);
      // The job's own row: not a row of its webhook deliveries (`<job id>-webhooks-…`), which
      // endpoints left in this Jest worker's database by other files may have started.
      const rowOf = (id: string) => page.locator('tr', { hasText: new RegExp(`${id}(?![-\\w])`) }).first().innerText();
      expect(await rowOf(ids[0]!)).toMatch(/completed/i);
      expect(await rowOf(ids[3]!)).toMatch(/running/i);
      expect(await rowOf(ids[2]!)).toMatch(statuses[2] === 'FAILED' ? /failed/i : /completed/i);
      // What each run carries is what its row shows (runs started without attributes show none).
      for (const [i, id] of ids.entries()) {
        const row = await rowOf(id);
        for (const name of Object.keys(COLUMNS)) {
          const value = attributes[i]?.[name]?.[0];
          if (value !== undefined) expect([id, name, row.includes(String(value))]).toEqual([id, name, true]);
        }
      }
      // No focus ring or tooltip on the columns button in the picture.
      await page.evaluate(() => document.activeElement?.blur());
      await page.mouse.move(10, 550);
      await page.screenshot({ path: SCREENSHOT });
    } finally {
      await page.close();
      await call(stack.url, 'POST', `/v1/parse-jobs/${running.body.id}/cancel`);
    }
    expect((await ended(`/v1/parse-jobs/${running.body.id}`)).status).toBe('canceled');
  }, 300_000);
});
