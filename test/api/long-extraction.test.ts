import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { helveticaWidth, makePdf, makePlacedTextPdf } from '../fixtures/documents.js';
import { type RecordedRequest, type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { call, documentImages, eventually, pollJob, startStackWithProvider, upload } from './job-helpers.js';

// Long documents: extraction in page windows, merged by the schema, with provenance; truncation
// splits windows; cancel stops every window; parse pages that loop are asked again, then fail.

const SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    customer: { type: ['string', 'null'] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { description: { type: 'string' }, amount: { type: 'number' } },
        required: ['description', 'amount'],
        additionalProperties: false,
      },
    },
  },
  required: ['invoice_number', 'customer', 'items'],
  additionalProperties: false,
};

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: {
      SERVICE_PAGE_CONCURRENCY: '4',
      SERVICE_RENDER_DPI: '40',
      SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100',
      SERVICE_PROVIDER_MAX_INTERVAL_MS: '200',
    },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/long-invoice', {
    display_name: 'Long invoice',
    instructions: 'Extract the invoice number, the customer and every line item.',
    model: 'generic-vision-model',
    schema: SCHEMA,
  });
  expect(put.status).toBe(201);
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

/** The window a request holds, from what it tells the model ("pages 9–16 of 120"); null for a whole-document request. */
function windowOf(r: RecordedRequest): { first: number; last: number; total: number } | null {
  const m = /holds pages? (\d+)(?:–(\d+))? of (\d+)/.exec(JSON.stringify(r.body.messages));
  if (!m) return null;
  return { first: Number(m[1]), last: Number(m[2] ?? m[1]), total: Number(m[3]) };
}

const rows = (p: number) => [
  { description: `page ${p} row 1`, amount: p },
  { description: `page ${p} row 2`, amount: p + 0.5 },
];

/** Upload, asking once more when an idle keep-alive connection was reset under us (POST is not retried by fetch). */
async function uploadPdf(bytes: Buffer, name: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const file = await upload(base, bytes, name, 'application/pdf');
      expect(file.status).toBe(201);
      return file.body.id;
    } catch (err) {
      if (attempt >= 2 || !/fetch failed/.test(String(err))) throw err;
    }
  }
}

function pagesPdf(n: number): Buffer {
  return makePdf(Array.from({ length: n }, (_, i) => `Page ${i + 1}\nrow 1\nrow 2`), { fontSize: 24 });
}

async function runJob(fileId: string, timeoutMs = 120_000): Promise<any> {
  const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'long-invoice', file_id: fileId });
  expect(created.status).toBe(201);
  const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, timeoutMs);
  return { job: seen[seen.length - 1], seen };
}

describe('a 120-page PDF', () => {
  it('is extracted in 15 windows at the page concurrency, merged in page order with boundary rows once and conflicts kept', async () => {
    const HOLD_MS = 600;
    // The first windows are held until the page concurrency has been reached once (then each is
    // held HOLD_MS), so a slow machine, rendering windows more slowly than the model answers, still
    // shows it; 30 s after the first request nothing is held any more, so too little concurrency
    // fails on the count below instead of timing out.
    const concurrency = stack.config.pageConcurrency;
    let releaseAt: number | undefined;
    let released = false;
    provider.respondWith(async (r) => {
      releaseAt ??= Date.now() + 30_000;
      while (!released) {
        if (provider.openRequests().now >= concurrency || Date.now() >= releaseAt) released = true;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const w = windowOf(r)!;
      const items = [];
      // Every window after the first repeats the last row of the page before it.
      if (w.first > 1) items.push(rows(w.first - 1)[1]);
      for (let p = w.first; p <= w.last; p++) items.push(...rows(p));
      const data = {
        invoice_number: w.first === 57 ? 'INV-0057' : 'INV-0001',
        customer: w.first === 1 ? 'ACME' : null,
        items,
      };
      return { kind: 'content', content: JSON.stringify(data), delayMs: HOLD_MS, usage: { prompt_tokens: 100, completion_tokens: 10 } };
    });
    const fileId = await uploadPdf(pagesPdf(120), 'long.pdf');
    const { job, seen } = await runJob(fileId);
    expect(job.status).toBe('completed');

    expect(provider.requests).toHaveLength(15);
    const windows = provider.requests.map(windowOf);
    expect(windows.map((w) => [w!.first, w!.last]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      Array.from({ length: 15 }, (_, i) => [i * 8 + 1, i * 8 + 8]),
    );
    for (const r of provider.requests) expect(documentImages(r.body)).toHaveLength(8);
    // As many windows at once as the page concurrency, never more.
    expect(provider.openRequests().max).toBe(concurrency);

    const expectedItems = Array.from({ length: 120 }, (_, i) => rows(i + 1)).flat();
    expect(job.result.data.items).toEqual(expectedItems);
    expect(job.result.data.invoice_number).toBe('INV-0001');
    expect(job.result.data.customer).toBe('ACME');
    expect(job.result.conflicts).toEqual([
      {
        path: '/invoice_number',
        values: [
          { value: 'INV-0001', pages: Array.from({ length: 120 }, (_, i) => i + 1).filter((p) => p < 57 || p > 64) },
          { value: 'INV-0057', pages: [57, 58, 59, 60, 61, 62, 63, 64] },
        ],
      },
    ]);
    // Provenance: the window's pages (the scripted values are not printed on the pages verbatim).
    expect(job.result.provenance['/customer']).toEqual({ pages: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(job.result.provenance['/items/239/amount']).toEqual({ pages: [113, 114, 115, 116, 117, 118, 119, 120] });
    expect(job.usage).toEqual({ prompt_tokens: 1500, completion_tokens: 150, total_tokens: 1650 });
    expect(job.progress).toEqual({ pages_total: 120, pages_completed: 120 });
    // Progress was visible while the job ran.
    const midway = seen.filter((s: any) => s.status === 'running' && s.progress).map((s: any) => s.progress.pages_completed as number);
    expect(midway.some((n: number) => n > 0 && n < 120)).toBe(true);
  }, 240_000);
});

describe('truncation', () => {
  it('splits a window cut off for length until the halves fit, never asking the identical request twice', async () => {
    // More than two pages in one request is cut off.
    provider.respondWith((r) => {
      const w = windowOf(r) ?? { first: 1, last: 16, total: 16 };
      if (w.last - w.first + 1 > 2) return { kind: 'content', content: '{"invoice_number": "INV', finishReason: 'length' };
      const items = [];
      for (let p = w.first; p <= w.last; p++) items.push(...rows(p));
      return { kind: 'content', content: JSON.stringify({ invoice_number: 'INV-1', customer: null, items }) };
    });
    const fileId = await uploadPdf(pagesPdf(16), 'sixteen.pdf');
    const { job } = await runJob(fileId);
    expect(job.status).toBe('completed');
    const asked = provider.requests.map((r) => windowOf(r)).map((w) => `${w!.first}-${w!.last}`);
    // Each window of 8: the 8 (cut), two 4s (cut), four 2s.
    expect(asked).toHaveLength(14);
    expect(new Set(asked).size).toBe(14);
    expect([...asked].sort()).toEqual(['1-2', '1-4', '1-8', '11-12', '13-14', '13-16', '15-16', '3-4', '5-6', '5-8', '7-8', '9-10', '9-12', '9-16'].sort());
    expect(job.result.data.items).toEqual(Array.from({ length: 16 }, (_, i) => rows(i + 1)).flat());
  }, 120_000);

  it('splits a document that fits one window (the one-activity fast path) when its answer is cut off, then merges the halves', async () => {
    provider.respondWith((r) => {
      const w = windowOf(r) ?? { first: 1, last: 4, total: 4 };
      if (w.last - w.first + 1 > 2) return { kind: 'content', content: '{"invoice_number": "INV', finishReason: 'length' };
      const items = [];
      for (let p = w.first; p <= w.last; p++) items.push(...rows(p));
      return { kind: 'content', content: JSON.stringify({ invoice_number: 'INV-1', customer: null, items }) };
    });
    const fileId = await uploadPdf(pagesPdf(4), 'four.pdf');
    const { job } = await runJob(fileId);
    expect(job.status).toBe('completed');
    const asked = provider.requests.map((r) => windowOf(r)).map((w) => (w ? `${w.first}-${w.last}` : 'whole'));
    expect(asked.sort()).toEqual(['1-2', '3-4', 'whole']);
    expect(job.result.data.items).toEqual(Array.from({ length: 4 }, (_, i) => rows(i + 1)).flat());
    // The whole document went through the one-activity step; its halves through the window steps.
    const history = await stack.temporal.workflow.getHandle(job.id).fetchHistory();
    const activities = (history.events ?? []).flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
    expect(activities.filter((name) => name !== 'planJobWebhooks')).toEqual(['extractSingleWindow', 'extractWindow', 'extractWindow', 'finishExtraction']);
  }, 120_000);

  it('fails output_truncated naming the page when a single page is still cut off', async () => {
    provider.respondWith((r) => {
      const w = windowOf(r) ?? { first: 1, last: 10, total: 10 };
      if (w.first <= 7 && w.last >= 7) return { kind: 'content', content: '{"items": [', finishReason: 'length' };
      return { kind: 'content', content: JSON.stringify({ invoice_number: 'INV-1', customer: null, items: [] }) };
    });
    const fileId = await uploadPdf(pagesPdf(10), 'ten.pdf');
    const { job } = await runJob(fileId);
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('output_truncated');
    expect(job.error.message).toMatch(/\bpage 7\b/);
    const asked = provider.requests.map((r) => windowOf(r)).filter((w) => w && w.first <= 7 && w.last >= 7).map((w) => `${w!.first}-${w!.last}`);
    expect(asked).toEqual(['1-8', '5-8', '7-8', '7-7']);
  }, 120_000);
});

describe('provenance', () => {
  it('gives a value printed in the text layer its page and a box within 2 % of where it is; a value on a scan gets pages only', async () => {
    const placed = { page: 2, text: 'INV-2024-0042', x: 100, baseline: 200, size: 20 };
    const pdf = makePlacedTextPdf(3, [placed], [3]);
    provider.respondWith(() => ({
      kind: 'content',
      content: JSON.stringify({ invoice_number: 'INV-2024-0042', customer: 'Scanned Customer Ltd', items: [] }),
    }));
    const fileId = await uploadPdf(pdf, 'placed.pdf');
    const { job } = await runJob(fileId);
    expect(job.status).toBe('completed');
    expect(provider.requests).toHaveLength(1); // fits one window: today's single request
    expect(windowOf(provider.requests[0]!)).toBeNull();
    expect(job.result.conflicts).toBeUndefined();
    const p = job.result.provenance['/invoice_number'];
    expect(p.pages).toEqual([2]);
    expect(p.boxes).toHaveLength(1);
    const box = p.boxes[0];
    expect(box.page).toBe(2);
    const truth = {
      x0: placed.x / 612,
      x1: (placed.x + helveticaWidth(placed.text, placed.size)) / 612,
      y0: (placed.baseline - 0.718 * placed.size) / 792,
      y1: (placed.baseline + 0.207 * placed.size) / 792,
    };
    for (const k of ['x0', 'x1', 'y0', 'y1'] as const) expect(Math.abs(box[k] - truth[k])).toBeLessThan(0.02);
    expect(job.result.provenance['/customer']).toEqual({ pages: [1, 2, 3] });
  }, 120_000);
});

describe('cancel', () => {
  it('cancels a 200-page extraction mid-run and leaves no model request open', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const fileId = await uploadPdf(pagesPdf(200), 'two-hundred.pdf');
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'long-invoice', file_id: fileId });
    const path = `/v1/extraction-jobs/${created.body.id}`;
    await provider.waitForRequests(stack.config.pageConcurrency, 60_000);
    expect((await call(base, 'GET', path)).body.progress).toEqual({ pages_total: 200, pages_completed: 0 });
    const canceled = await call(base, 'POST', `${path}/cancel`);
    expect(canceled.status).toBe(200);
    const seen = await pollJob(base, path, undefined, 30_000);
    expect(seen[seen.length - 1].status).toBe('canceled');
    await eventually(async () => (provider.requests.every((r) => r.closedEarly) ? true : undefined), 15_000);
    const count = provider.requests.length;
    expect(count).toBe(stack.config.pageConcurrency);
    await new Promise((r) => setTimeout(r, 1500));
    expect(provider.requests).toHaveLength(count); // no window started after the cancel
  }, 120_000);
});

describe('inline text longer than a window', () => {
  it('is split at paragraph boundaries into windows, each told which part it holds', async () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Line item ${i + 1}: ${'x'.repeat(1400)}`);
    const text = paragraphs.join('\n\n');
    provider.respondWith((r) => {
      const m = /holds text pages? (\d+)(?:–(\d+))? of (\d+)/.exec(JSON.stringify(r.body.messages));
      const user = r.body.messages[r.body.messages.length - 1].content;
      const chunk = Array.isArray(user) ? user.map((p: any) => p.text ?? '').join('') : String(user);
      const items = [...chunk.matchAll(/Line item (\d+):/g)].map((x) => ({ description: `item ${x[1]}`, amount: Number(x[1]) }));
      return { kind: 'content', content: JSON.stringify({ invoice_number: m ? 'T-1' : 'none', customer: null, items }) };
    });
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'long-invoice', text });
    const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 60_000);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('completed');
    expect(provider.requests.length).toBeGreaterThan(1);
    expect(job.result.data.items.map((i: any) => i.amount)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(job.result.data.invoice_number).toBe('T-1');
    expect(job.result.provenance).toBeUndefined();
    expect(job.progress.pages_completed).toBe(job.progress.pages_total);
  }, 120_000);
});

describe('degenerate parse pages', () => {
  const table = (rowsText: string[]) => ['| Item | Amount |', '|---|---|', ...rowsText].join('\n');

  it('a page repeating one table row 200 times is asked again once with a frequency penalty, then fails output_degenerate', async () => {
    const loop = table(Array.from({ length: 200 }, () => '| Widget | 1.00 |'));
    provider.respondWith(() => ({ kind: 'content', content: loop }));
    const file = await upload(base, makePdf(['Page one', 'Page two']), 'two.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    const seen = await pollJob(base, `/v1/parse-jobs/${created.body.id}`, undefined, 60_000);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('output_degenerate');
    expect(job.error.message).toMatch(/page [12]\b/);
    const penalised = provider.requests.filter((r) => r.body.frequency_penalty !== undefined);
    expect(penalised.length).toBeGreaterThanOrEqual(1);
    // Each page asked at most twice: once as usual, once with the penalty.
    expect(provider.requests.length).toBeLessThanOrEqual(4);
    expect(provider.requests.filter((r) => r.body.frequency_penalty === undefined).length).toBe(penalised.length);
  }, 120_000);

  it('a normal long table is not flagged', async () => {
    const long = table(Array.from({ length: 300 }, (_, i) => `| Widget ${i + 1} | ${(i * 1.25).toFixed(2)} |`));
    provider.respondWith(() => ({ kind: 'content', content: long }));
    const file = await upload(base, makePdf(['Only page']), 'one.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    const seen = await pollJob(base, `/v1/parse-jobs/${created.body.id}`, undefined, 60_000);
    expect(seen[seen.length - 1].status).toBe('completed');
    expect(seen[seen.length - 1].result.pages[0].content).toBe(long);
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]!.body).not.toHaveProperty('frequency_penalty');
  }, 60_000);
});
