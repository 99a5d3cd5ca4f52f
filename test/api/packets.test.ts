import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { makePdf } from '../fixtures/documents.js';
import { type RecordedRequest, type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { call, documentImages, pollJob, startStackWithProvider, upload } from './job-helpers.js';

// Packets (issue 44): page extraction ranges.

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: {
      SERVICE_PAGE_CONCURRENCY: '4',
      SERVICE_RENDER_DPI: '40',
      SERVICE_EXTRACTION_WINDOW_PAGES: '3',
      SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100',
      SERVICE_PROVIDER_MAX_INTERVAL_MS: '200',
    },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/page-title', {
    display_name: 'Page title',
    instructions: 'The title of the document.',
    model: 'generic-vision-model',
    schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
  });
  expect(put.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

async function uploadPdf(pages: string[], name = 'doc.pdf'): Promise<string> {
  const file = await upload(base, makePdf(pages, { fontSize: 24 }), name, 'application/pdf');
  expect(file.status).toBe(201);
  return file.body.id;
}

/** The window a request holds, from what it tells the model ("pages 4–6 of 8"); null for a request over the job's whole span. */
function windowOf(r: RecordedRequest): [number, number] | null {
  const m = /holds pages? (\d+)(?:–(\d+))? of (\d+)/.exec(JSON.stringify(r.body.messages));
  return m ? [Number(m[1]), Number(m[2] ?? m[1])] : null;
}

async function finished(path: string): Promise<any> {
  const seen = await pollJob(base, path, undefined, 90_000);
  return seen[seen.length - 1];
}

describe('page extraction range', () => {
  const pages = Array.from({ length: 8 }, (_, i) => `Title ${i + 1}\nbody of page ${i + 1}`);

  it('renders, sends and cites only the pages of the range, in the file\'s page numbers', async () => {
    const fileId = await uploadPdf(pages);
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'Title 3' }) }));
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'page-title', file_id: fileId, pages: { start: 2, end: 4 } });
    expect(created.status).toBe(201);
    expect(created.body.pages).toEqual({ start: 2, end: 4 });
    const job = await finished(`/v1/extraction-jobs/${created.body.id}`);
    expect(job.status).toBe('completed');
    expect(job.pages).toEqual({ start: 2, end: 4 });
    expect(job.progress).toEqual({ pages_total: 3, pages_completed: 3 });
    // Three pages fit one window: one request over the whole range with the real schema, three images.
    expect(provider.requests).toHaveLength(1);
    expect(windowOf(provider.requests[0]!)).toBeNull();
    expect(documentImages(provider.requests[0]!.body)).toHaveLength(3);
    expect(job.result.data).toEqual({ title: 'Title 3' });
    // Found on page 3 of the file, searched only within pages 2–4.
    expect(job.result.provenance['/title'].pages).toEqual([3]);
    expect(job.result.provenance['/title'].boxes.map((b: any) => b.page)).toEqual([3]);
  }, 120_000);

  it('windows a longer range in the file\'s page numbers', async () => {
    const fileId = await uploadPdf(pages);
    provider.respondWith((r) => ({ kind: 'content', content: JSON.stringify({ title: `Title ${windowOf(r)![0]}` }) }));
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'page-title', file_id: fileId, pages: { start: 4, end: 8 } });
    expect(created.status).toBe(201);
    const job = await finished(`/v1/extraction-jobs/${created.body.id}`);
    expect(job.status).toBe('completed');
    const windows = provider.requests.map(windowOf).sort((a, b) => a![0] - b![0]);
    expect(windows).toEqual([[4, 6], [7, 8]]);
    expect(provider.requests.map((r) => documentImages(r.body).length).sort()).toEqual([2, 3]);
    expect(job.progress).toEqual({ pages_total: 5, pages_completed: 5 });
    expect(job.result.provenance['/title'].pages).toEqual([4]);
  }, 120_000);

  it('shows pages null for the whole file, and refuses a range that does not fit with 422 invalid_page_range', async () => {
    const fileId = await uploadPdf(pages.slice(0, 2));
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'Title 1' }) }));
    const whole = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'page-title', file_id: fileId });
    expect(whole.status).toBe(201);
    expect(whole.body.pages).toBeNull();
    expect((await finished(`/v1/extraction-jobs/${whole.body.id}`)).pages).toBeNull();

    for (const bad of [{ start: 2, end: 3 }, { start: 0, end: 1 }, { start: 2, end: 1 }]) {
      const r = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'page-title', file_id: fileId, pages: bad });
      expect(r.status).toBe(422);
      expect(r.body.code).toBe('invalid_page_range');
    }
    const onText = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'page-title', text: 'hello', pages: { start: 1, end: 1 } });
    expect(onText.status).toBe(422);
    expect(onText.body.code).toBe('invalid_page_range');
    const batch = await call(base, 'POST', '/v1/batches', {
      kind: 'extraction',
      extractor_name: 'page-title',
      inputs: [{ custom_id: 'a', file_id: fileId, pages: { start: 1, end: 2 } }, { custom_id: 'b', file_id: fileId, pages: { start: 1, end: 5 } }],
    });
    expect(batch.status).toBe(422);
    expect(batch.body.code).toBe('invalid_page_range');
    expect(batch.body.detail).toMatch(/^inputs\[1\]/);
  }, 120_000);

  it('gives batch items their range', async () => {
    const fileId = await uploadPdf(pages.slice(0, 4));
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'Title 2' }) }));
    const batch = await call(base, 'POST', '/v1/batches', {
      kind: 'extraction',
      extractor_name: 'page-title',
      inputs: [{ custom_id: 'second', file_id: fileId, pages: { start: 2, end: 2 } }],
    });
    expect(batch.status).toBe(201);
    await pollJob(base, `/v1/batches/${batch.body.id}`, (b) => b.status === 'completed', 90_000);
    expect(provider.requests).toHaveLength(1);
    expect(documentImages(provider.requests[0]!.body)).toHaveLength(1);
    const list = await call(base, 'GET', '/v1/extraction-jobs?limit=1');
    expect(list.body[0].pages).toEqual({ start: 2, end: 2 });
    expect(list.body[0].result.provenance['/title'].pages).toEqual([2]);
  }, 120_000);
});

describe('classifiers', () => {
  const classes = [
    { name: 'invoice', description: 'An invoice.', extractor_name: 'page-title' },
    { name: 'letter', description: 'A letter.' },
  ];

  it('are created, read, listed, versioned on every change and deleted', async () => {
    const created = await call(base, 'PUT', '/v1/classifiers/mail-kinds', { display_name: 'Mail', classes });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'mail-kinds', version: 1, review_threshold: null, provider_name: 'compatible_api' });
    expect(created.body.id).toMatch(/^cls_/);
    expect(created.body.classes).toEqual([{ ...classes[0] }, { ...classes[1], extractor_name: null }]);

    const same = await call(base, 'PUT', '/v1/classifiers/mail-kinds', { display_name: 'Mail', classes });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(1); // nothing changed
    const changed = await call(base, 'PUT', '/v1/classifiers/mail-kinds', { display_name: 'Mail', classes, review_threshold: 0.5 });
    expect(changed.body.version).toBe(2);
    const again = await call(base, 'PUT', '/v1/classifiers/mail-kinds', { display_name: 'Mail', classes: [...classes, { name: 'form', description: 'A form.' }], review_threshold: 0.5 });
    expect(again.body.version).toBe(3);
    expect(again.body.id).toBe(created.body.id);

    expect((await call(base, 'GET', `/v1/classifiers/${created.body.id}`)).body.version).toBe(3);
    expect((await call(base, 'GET', '/v1/classifiers/mail-kinds')).body.classes).toHaveLength(3);
    const list = await call(base, 'GET', '/v1/classifiers');
    expect(list.body.map((c: any) => c.name)).toContain('mail-kinds');

    expect((await call(base, 'DELETE', '/v1/classifiers/mail-kinds')).status).toBe(204);
    expect((await call(base, 'GET', '/v1/classifiers/mail-kinds')).status).toBe(404);
  });

  it('refuse an unknown extractor (naming it), a class named other, duplicates and fewer than 2 classes', async () => {
    const unknown = await call(base, 'PUT', '/v1/classifiers/bad', { display_name: 'Bad', classes: [classes[1], { name: 'x', description: 'X', extractor_name: 'no-such-extractor' }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('unknown_extractor');
    expect(unknown.body.detail).toContain("'no-such-extractor'");
    for (const bad of [
      [classes[1], { name: 'other', description: 'Other.' }],
      [classes[1], classes[1]],
      [classes[1]],
      [classes[1], { name: 'Has Space', description: 'x' }],
    ]) {
      expect((await call(base, 'PUT', '/v1/classifiers/bad', { display_name: 'Bad', classes: bad })).status).toBe(422);
    }
    expect((await call(base, 'GET', '/v1/classifiers/bad')).status).toBe(404);
  });
});
