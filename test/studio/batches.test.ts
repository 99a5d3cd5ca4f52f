// The studio's "Batches" view in a real headless Chromium (issue 35, deliverable 7: "the studio lists
// batches with their counts"): batches newest first with their status, kind, definition and
// request_counts, read again while one runs until it has ended, with no reload of the page.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { call, startStackWithProvider } from '../api/job-helpers.js';
import type { RecordedRequest, ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { ensureChromium, launchChromium } from '../docs/docs-browser.js';

// The page's own globals, in functions that run in the browser (the test's tsconfig has no DOM types).
declare const document: { querySelector(s: string): { textContent: string | null } | null };

const SCHEMA = {
  type: 'object',
  properties: { label: { type: ['string', 'null'] } },
  required: ['label'],
  additionalProperties: false,
};

function itemText(req: RecordedRequest): string {
  const users = (req.body.messages ?? []).filter((m: any) => m.role === 'user');
  const last = users[users.length - 1];
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
}

describe('/studio Batches view', () => {
  let stack: TestStack;
  let provider: ScriptedProvider;
  let browser: Browser;

  beforeAll(async () => {
    await ensureChromium();
    ({ stack, provider } = await startStackWithProvider({ batches: true, env: { SERVICE_PROVIDER_MAX_ATTEMPTS: '1' } }));
    // "slow …" items take a while at the model, "fail …" items are refused, the rest answer at once.
    provider.respondWith((req) => {
      const text = itemText(req);
      if (text.includes('fail')) return { kind: 'error', status: 400, body: { error: { message: 'scripted refusal' } } };
      return { kind: 'content', content: JSON.stringify({ label: /(slow|quick) \d+/.exec(text)?.[0] ?? null }), delayMs: text.includes('slow') ? 1200 : 0 };
    });
    // Files run one after another on this Jest worker's database, and an earlier file may have
    // closed its stack while a batch of its own still ran (its workflow's task queue is gone, so it
    // never ends). The view reads the whole list and refreshes while any batch is not over: settle
    // those leftovers first, so the test sees only its own batches move.
    await stack.db('batches').whereIn('status', ['queued', 'running', 'canceling']).update({ status: 'canceled', completed_at: stack.db.fn.now() });
    expect((await call(stack.url, 'PUT', '/v1/extractors/studio-batch', { display_name: 'Studio batch', instructions: 'Extract the label.', model: 'generic-model', schema: SCHEMA })).status).toBe(201);
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await provider?.close();
  });

  it('lists batches newest first with status, kind, definition and counts, and follows a running one to its end', async () => {
    // An older batch that is over (one item failed), then a newer one that runs for several seconds.
    const quick = await call(stack.url, 'POST', '/v1/batches', {
      kind: 'extraction',
      extractor_name: 'studio-batch',
      inputs: [{ custom_id: 'q-0', text: 'quick 0' }, { custom_id: 'q-1', text: 'quick 1' }, { custom_id: 'q-2', text: 'fail 2' }],
    });
    expect(quick.status).toBe(201);
    for (const deadline = Date.now() + 60_000; (await call(stack.url, 'GET', `/v1/batches/${quick.body.id}`)).body.status !== 'completed'; ) {
      if (Date.now() > deadline) throw new Error('the quick batch did not complete');
      await new Promise((r) => setTimeout(r, 200));
    }
    const slow = await call(stack.url, 'POST', '/v1/batches', {
      kind: 'extraction',
      extractor_name: 'studio-batch',
      inputs: Array.from({ length: 5 }, (_, i) => ({ custom_id: `s-${i}`, text: `slow ${i}` })),
      concurrency: 1,
    });
    expect(slow.status).toBe(201);

    const origin = new URL(stack.url).origin;
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
    const problems: string[] = [];
    page.on('response', (r) => r.status() >= 400 && !r.url().includes('favicon') && problems.push(`${r.url()} → ${r.status()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e}`));
    const listReads: number[] = [];
    page.on('request', (r) => r.url().includes('/v1/batches?') && listReads.push(Date.now()));

    await page.goto(`${origin}/studio`, { waitUntil: 'load' });
    await page.getByRole('tab', { name: 'Batches' }).click();
    const rows = page.locator('table.batch-list tbody tr');
    await rows.first().waitFor({ timeout: 30_000 });
    const rowOf = (id: string) => page.locator(`table.batch-list tbody tr[data-batch-id="${id}"]`);
    const cells = (id: string) => rowOf(id).locator('td').evaluateAll((tds) => tds.map((td) => (td as unknown as { innerText: string }).innerText.trim()));

    // Newest first: the running batch above the one that is over (the API's order).
    const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-batch-id')));
    expect(ids.indexOf(slow.body.id)).toBeLessThan(ids.indexOf(quick.body.id));
    const listed = (await call(stack.url, 'GET', '/v1/batches?limit=50')).body.map((b: any) => b.id);
    expect(ids).toEqual(listed);

    // The batch that is over: id, status, kind, definition, total/queued/running/completed/failed/canceled, progress.
    const [quickId, quickStatus, quickKind, quickDef, ...quickRest] = await cells(quick.body.id);
    expect([quickId, quickStatus, quickKind, quickDef]).toEqual([quick.body.id, 'completed', 'extraction', 'studio-batch']);
    expect(quickRest.slice(0, 7)).toEqual(['3', '0', '0', '2', '1', '0', '3/3']);

    // The running one, while it runs: refreshing, its counts moving without a reload.
    await expect(rowOf(slow.body.id).locator('.pill').innerText()).resolves.toMatch(/^(queued|running)$/);
    await page.locator('[data-refreshing="true"]').waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      (id) => Number(document.querySelector(`tr[data-batch-id="${id}"] td[data-count="completed"]`)?.textContent) >= 1,
      slow.body.id,
      { timeout: 60_000 },
    );
    const midway = await cells(slow.body.id);
    expect(Number(midway[7])).toBeLessThan(5); // completed, not yet all

    // Until it has ended; then the list is no longer read.
    await rowOf(slow.body.id).locator('.pill--completed').waitFor({ timeout: 90_000 });
    expect((await cells(slow.body.id)).slice(1, 11)).toEqual(['completed', 'extraction', 'studio-batch', '5', '0', '0', '5', '0', '0', '5/5']);
    // Its review counts (issue 40): the extractor asks for no review, so all five need none.
    expect((await cells(slow.body.id))[11]).toBe('0 pending · 0 approved · 0 rejected · 5 not required');
    await page.locator('[data-refreshing="false"]').waitFor({ timeout: 10_000 });
    const readsWhenOver = listReads.length;
    expect(readsWhenOver).toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(5_000);
    expect(listReads.length).toBe(readsWhenOver);

    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);
});
