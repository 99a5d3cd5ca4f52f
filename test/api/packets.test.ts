import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePdf } from '../fixtures/documents.js';
import { classificationPage, classificationStep, type RecordedRequest, type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { call, documentImages, eventually, pollJob, startStackWithProvider, upload } from './job-helpers.js';

// Packets (issue 44): page extraction ranges, classifiers, classification jobs (split, document
// mode, review of a split, routing). Pages of the packets say what the scripted model answers for
// them (classificationPage): their class, whether they start a document, their class tokens' probabilities.

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    batches: true,
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

/** A PDF whose page i says what the model answers for it: `[class, starts, probs]`. */
function packetPdf(pages: Array<[string, boolean, number[]]>): Buffer {
  return makePdf(pages.map(([cls, starts, probs], i) => `Packet page ${i + 1}\nclass: ${cls}\nstarts: ${starts ? 'yes' : 'no'}\nprobs: ${probs.join(' ')}`), { fontSize: 18 });
}

// 9 pages, 4 documents; the first two are invoices back to back.
const PACKET: Array<[string, boolean, number[]]> = [
  ['invoice', true, [0.9, 0.95]],
  ['invoice', false, [0.8, 0.99]],
  ['invoice', true, [0.97]],
  ['invoice', false, [0.93, 0.96]],
  ['letter', true, [0.85, 0.9]],
  ['letter', false, [0.7, 0.99]],
  ['letter', false, [0.88]],
  ['form', true, [0.6, 0.95, 0.99]],
  ['form', false, [0.91]],
];
const PACKET_SEGMENTS = [
  { class: 'invoice', pages: { start: 1, end: 2 }, confidence: 0.8 },
  { class: 'invoice', pages: { start: 3, end: 4 }, confidence: 0.93 },
  { class: 'letter', pages: { start: 5, end: 7 }, confidence: 0.7 },
  { class: 'form', pages: { start: 8, end: 9 }, confidence: 0.6 },
];

describe('classification jobs', () => {
  const classes = [
    { name: 'invoice', description: 'An invoice.', extractor_name: 'page-title' },
    { name: 'letter', description: 'A letter.', extractor_name: 'page-title' },
    { name: 'form', description: 'A form.' },
  ];
  let packetFile: string;

  beforeAll(async () => {
    expect((await call(base, 'PUT', '/v1/classifiers/packet', { display_name: 'Packet', classes })).status).toBe(201);
    expect((await call(base, 'PUT', '/v1/classifiers/packet-reviewed', { display_name: 'Packet', classes, review_threshold: 0.75 })).status).toBe(201);
    const file = await upload(base, packetPdf(PACKET), 'packet.pdf', 'application/pdf');
    packetFile = file.body.id;
  });

  /** Classification requests answered from the page's text; extraction requests with a title. */
  function scriptModel(): void {
    provider.respondWith((r) => (classificationPage(r) ? classificationStep(r) : { kind: 'content', content: JSON.stringify({ title: 'Packet page' }) }));
  }
  const classificationRequests = () => provider.requests.filter((r) => classificationPage(r) !== null);
  const extractionRequests = () => provider.requests.filter((r) => classificationPage(r) === null);

  it('splits a 9-page packet of 4 documents exactly, with exact confidences, and routes each segment over exactly its pages', async () => {
    scriptModel();
    const created = await call(base, 'POST', '/v1/classification-jobs', { classifier_name: 'packet', file_id: packetFile, mode: 'split', route: true });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^cjob_/);
    expect(created.body).toMatchObject({ status: 'queued', mode: 'split', route: true, pages: null, classifier_version: 1, review: null });
    const job = await finished(`/v1/classification-jobs/${created.body.id}`);
    expect(job.status).toBe('completed');
    expect(job.progress).toEqual({ pages_total: 9, pages_completed: 9 });
    // Every page asked once, carrying its image and its text layer.
    expect(classificationRequests().map((r) => classificationPage(r)!.page).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const r of classificationRequests()) {
      expect(documentImages(r.body)).toHaveLength(1);
      expect(r.body.response_format.json_schema.schema.properties.class.enum).toEqual(['invoice', 'letter', 'form', 'other']);
      expect(r.body.logprobs).toBe(true);
    }
    expect(job.result.pages[0]).toEqual({ page: 1, class: 'invoice', starts_document: true, confidence: 0.9 });
    expect(job.result.pages[2]).toEqual({ page: 3, class: 'invoice', starts_document: true, confidence: 0.97 });
    expect(job.result.segments.map(({ class: c, pages, confidence }: any) => ({ class: c, pages, confidence }))).toEqual(PACKET_SEGMENTS);
    expect(job.result.flags).toEqual([]);

    // Routed: the two invoices and the letter (the form's class has no extractor).
    const routed = job.result.segments.map((s: any) => s.extraction_job_id);
    expect(routed[0]).toMatch(/^ejob_/);
    expect(routed[1]).toMatch(/^ejob_/);
    expect(routed[2]).toMatch(/^ejob_/);
    expect(routed[3]).toBeNull();
    const ends = await Promise.all(routed.slice(0, 3).map((id: string) => finished(`/v1/extraction-jobs/${id}`)));
    expect(ends.map((e) => e.status)).toEqual(['completed', 'completed', 'completed']);
    expect(ends.map((e) => e.pages)).toEqual([{ start: 1, end: 2 }, { start: 3, end: 4 }, { start: 5, end: 7 }]);
    expect(ends.map((e) => e.classification_job_id)).toEqual([job.id, job.id, job.id]);
    // Requests counted per page: 2 + 2 + 3 page images, nothing else.
    expect(extractionRequests().map((r) => documentImages(r.body).length).sort()).toEqual([2, 2, 3]);
    const again = (await call(base, 'GET', `/v1/classification-jobs/${job.id}`)).body;
    expect(again.result.segments.map((s: any) => s.extraction_job_status)).toEqual(['completed', 'completed', 'completed', null]);
  }, 180_000);

  it('puts a split with a segment under the threshold in review; a corrected split is approved and routing then uses it', async () => {
    scriptModel();
    const created = await call(base, 'POST', '/v1/classification-jobs', { classifier_name: 'packet-reviewed', file_id: packetFile, mode: 'split', route: true });
    const job = await finished(`/v1/classification-jobs/${created.body.id}`);
    expect(job.status).toBe('completed');
    expect(job.result.flags).toEqual([
      { segment: 2, reasons: ['low_confidence'], confidence: 0.7 },
      { segment: 3, reasons: ['low_confidence'], confidence: 0.6 },
    ]);
    expect(job.review).toMatchObject({ status: 'pending', revision: 1 });
    expect(job.result.segments.every((s: any) => s.extraction_job_id === null)).toBe(true); // waits for approval
    const path = `/v1/classification-jobs/${job.id}/review`;
    const seg = (c: string, start: number, end: number) => ({ class: c, pages: { start, end } });
    const skips = await call(base, 'PATCH', path, { revision: 1, segments: [seg('invoice', 1, 4), seg('letter', 6, 9)] });
    expect(skips.status).toBe(422);
    expect(skips.body.code).toBe('invalid_segments');
    const repeats = await call(base, 'PATCH', path, { revision: 1, segments: [seg('invoice', 1, 4), seg('letter', 4, 9)] });
    expect(repeats.status).toBe(422);
    expect(repeats.body.code).toBe('invalid_segments');
    const corrected = [seg('invoice', 1, 2), seg('invoice', 3, 4), seg('letter', 5, 6), seg('form', 7, 9)];
    const patched = await call(base, 'PATCH', path, { revision: 1, segments: corrected });
    expect(patched.status).toBe(200);
    expect(patched.body.review).toMatchObject({ status: 'pending', revision: 2, reviewed_segments: corrected });
    expect((await call(base, 'POST', `${path}/approve`, { revision: 1 })).body.code).toBe('stale_revision');
    const approved = await call(base, 'POST', `${path}/approve`, { revision: 2 });
    expect(approved.status).toBe(200);
    expect(approved.body.review.status).toBe('approved');
    const segments = approved.body.result.segments;
    expect(segments.map((s: any) => [s.class, s.pages, s.confidence])).toEqual([
      ['invoice', { start: 1, end: 2 }, 0.8],
      ['invoice', { start: 3, end: 4 }, 0.93],
      ['letter', { start: 5, end: 6 }, 0.7],
      ['form', { start: 7, end: 9 }, 0.6],
    ]);
    const routed = segments.slice(0, 3).map((s: any) => s.extraction_job_id);
    const ends = await Promise.all(routed.map((id: string) => finished(`/v1/extraction-jobs/${id}`)));
    expect(ends.map((e) => e.pages)).toEqual([{ start: 1, end: 2 }, { start: 3, end: 4 }, { start: 5, end: 6 }]);
    expect(extractionRequests().map((r) => documentImages(r.body).length).sort()).toEqual([2, 2, 2]);
    const events = await call(base, 'GET', `${path}/events`);
    expect(events.body.map((e: any) => e.action)).toEqual(['correct', 'approve']);
    // Deleting the classification job deletes what it routed.
    expect((await call(base, 'DELETE', `/v1/classification-jobs/${job.id}`)).status).toBe(204);
    for (const id of routed) expect((await call(base, 'GET', `/v1/extraction-jobs/${id}`)).status).toBe(404);
  }, 180_000);

  it('gives one page\'s class and confidence in document mode, answers other, and 404s an unknown classifier', async () => {
    scriptModel();
    const one = await upload(base, packetPdf([['letter', true, [0.42, 0.5]]]), 'one.pdf', 'application/pdf');
    const doc = await call(base, 'POST', '/v1/classification-jobs', { classifier_name: 'packet', file_id: one.body.id, mode: 'document' });
    const done = await finished(`/v1/classification-jobs/${doc.body.id}`);
    expect(done.result).toMatchObject({ class: 'letter', confidence: 0.42, flags: [] });
    expect(done.result.segments).toBeUndefined();
    const stray = await upload(base, packetPdf([['other', true, [0.66]]]), 'other.pdf', 'application/pdf');
    const other = await finished(`/v1/classification-jobs/${(await call(base, 'POST', '/v1/classification-jobs', { classifier_name: 'packet', file_id: stray.body.id, mode: 'document' })).body.id}`);
    expect(other.result).toMatchObject({ class: 'other', confidence: 0.66 });
    const unknown = await call(base, 'POST', '/v1/classification-jobs', { classifier_name: 'no-such-classifier', file_id: one.body.id, mode: 'split' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
  }, 120_000);

  it('docextract classify FILE --classifier NAME --split prints the segments, with progress in pages', async () => {
    scriptModel();
    const dir = mkdtempSync(path.join(tmpdir(), 'docextract-classify-'));
    try {
      const file = path.join(dir, 'packet.pdf');
      writeFileSync(file, packetPdf(PACKET));
      const bin = fileURLToPath(new URL('../../bin/docextract.mjs', import.meta.url));
      const child = spawn(process.execPath, [bin, 'classify', file, '--classifier', 'packet', '--split'], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DOCEXTRACT_URL: base },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      const code = await new Promise((resolve) => child.once('close', resolve));
      expect({ code, stderr }).toEqual({ code: 0, stderr: expect.stringMatching(/created cjob_\w+/) });
      expect(stderr).toMatch(/cjob_\w+ completed 9\/9 pages/);
      const result = JSON.parse(stdout);
      expect(result.segments.map(({ class: c, pages, confidence }: any) => ({ class: c, pages, confidence }))).toEqual(PACKET_SEGMENTS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('asks again when an answer is outside the enum, as extraction does, and fails after the allowed attempts', async () => {
    const one = await upload(base, packetPdf([['form', true, [0.9]]]), 'flaky.pdf', 'application/pdf');
    let asked = 0;
    provider.respondWith((r) => classificationStep(r, asked++ === 0 ? { cls: 'receipt' } : {}));
    const job = await finished(`/v1/classification-jobs/${(await call(base, 'POST', '/v1/classification-jobs', { classifier_name: 'packet', file_id: one.body.id, mode: 'document' })).body.id}`);
    expect(job.status).toBe('completed');
    expect(job.result.class).toBe('form');
    expect(provider.requests).toHaveLength(2);

    provider.reset();
    provider.respondWith((r) => classificationStep(r, { cls: 'receipt' }));
    const failed = await finished(`/v1/classification-jobs/${(await call(base, 'POST', '/v1/classification-jobs', { classifier_name: 'packet', file_id: one.body.id, mode: 'document' })).body.id}`);
    expect(failed.status).toBe('failed');
    expect(failed.error.code).toBe('output_schema_mismatch');
    expect(provider.requests).toHaveLength(3); // SERVICE_OUTPUT_ATTEMPTS

    // A failed job is retried as an extraction job is; the answer is usable now.
    provider.respondWith((r) => classificationStep(r));
    const retried = await call(base, 'POST', `/v1/classification-jobs/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    const done = await finished(`/v1/classification-jobs/${failed.id}`);
    expect(done).toMatchObject({ status: 'completed', result: { class: 'form', confidence: 0.9 } });
  }, 120_000);

  it('replays a creation with the same Idempotency-Key, long-polls and lists by classifier', async () => {
    // The page takes a second at the model: the long-poll below is held while it runs and answers
    // when the job completes (its row's change is announced on job_events, migration 026), not when
    // the 8 s cap runs out.
    provider.respondWith((r) => classificationStep(r, { delayMs: 1_000 }));
    const one = await upload(base, packetPdf([['invoice', true, [0.5]]]), 'idem.pdf', 'application/pdf');
    const body = JSON.stringify({ classifier_name: 'packet', file_id: one.body.id, mode: 'document' });
    const post = () => fetch(`${base}/v1/classification-jobs`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'packets-idem-1' }, body });
    const first = await post();
    const again = await post();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const id = ((await first.json()) as { id: string }).id;
    expect(((await again.json()) as { id: string }).id).toBe(id);
    const asked = Date.now();
    const waited = await call(base, 'GET', `/v1/classification-jobs/${id}?wait=20`);
    expect(waited.status).toBe(200);
    expect(waited.body.status).toBe('completed');
    expect(Date.now() - asked).toBeLessThan(6_000);
    await finished(`/v1/classification-jobs/${id}`);
    const classifier = (await call(base, 'GET', '/v1/classifiers/packet')).body;
    const list = await call(base, 'GET', `/v1/classification-jobs?classifier_id=${classifier.id}&status=completed`);
    expect(list.body.map((j: any) => j.id)).toContain(id);
    expect(list.body.every((j: any) => j.classifier_id === classifier.id && j.status === 'completed')).toBe(true);
  }, 120_000);
});

describe('evaluation of a classifier', () => {
  // Pages of inline text (a form feed starts a page) script the model's answer for each page.
  const page = (cls: string, starts: boolean) => `class: ${cls} starts: ${starts ? 'yes' : 'no'}`;
  const packet = (...pages: Array<[string, boolean]>) => pages.map(([c, s]) => page(c, s)).join('\f');
  const seg = (cls: string, start: number, end: number) => ({ class: cls, pages: { start, end } });

  it('reports page accuracy, the confusion matrix and boundary precision/recall of a 10-item packet set as computed by hand', async () => {
    provider.respondWith((r) => classificationStep(r));
    expect((await call(base, 'PUT', '/v1/classifiers/eval-mail', {
      display_name: 'Eval mail',
      model: 'generic-vision-model',
      classes: [{ name: 'invoice', description: 'An invoice.' }, { name: 'letter', description: 'A letter.' }],
    })).status).toBe(201);
    const set = await call(base, 'POST', '/v1/evaluation-sets', { name: 'packets-eval', display_name: 'Packets' });
    expect(set.status).toBe(201);
    const items = `/v1/evaluation-sets/packets-eval/items`;

    // The expected split must cover the pages from 1, once each, in order; and an item holds one right answer.
    const skips = await call(base, 'POST', items, { text: 'a\fb', expected_segments: [seg('invoice', 1, 1), seg('letter', 3, 3)] });
    expect(skips.status).toBe(422);
    expect(JSON.stringify(skips.body)).toContain('page 2 is in no segment');
    // The coverage is checked once the set (and, on PUT, the item) is found: a missing one is 404.
    const skipsNoSet = await call(base, 'POST', '/v1/evaluation-sets/no-such-set/items', { text: 'a\fb', expected_segments: [seg('invoice', 1, 1), seg('letter', 3, 3)] });
    expect(skipsNoSet.status).toBe(404);
    const skipsNoItem = await call(base, 'PUT', `${items}/evitem_missing`, { text: 'a\fb', expected_segments: [seg('invoice', 1, 1), seg('letter', 3, 3)] });
    expect(skipsNoItem.status).toBe(404);
    const both = await call(base, 'POST', items, { text: 'a', expected_output: {}, expected_segments: [seg('invoice', 1, 1)] });
    expect(both.status).toBe(422);

    // Ten packets of 4 pages, all truly invoice 1–2 and letter 3–4; the model errs on the first four.
    const truth = [seg('invoice', 1, 2), seg('letter', 3, 4)];
    const right = packet(['invoice', true], ['invoice', false], ['letter', true], ['letter', false]);
    const packets = [
      packet(['invoice', true], ['invoice', true], ['letter', true], ['letter', false]), // a false boundary at 2
      packet(['invoice', true], ['invoice', false], ['invoice', false], ['letter', true]), // boundary at 4, page 3 wrong
      packet(['invoice', true], ['invoice', false], ['other', true], ['other', false]), // pages 3–4 other
      packet(['invoice', true], ['invoice', false], ['invoice', false], ['invoice', false]), // the letter missed
      ...Array.from({ length: 6 }, () => right),
    ];
    for (const text of packets) expect((await call(base, 'POST', items, { text, expected_segments: truth })).status).toBe(201);
    const listed = await call(base, 'GET', items);
    expect(listed.body[0]).toMatchObject({ expected_output: null, expected_segments: truth });

    // An extractor run needs expected_output on every item.
    const wrongKind = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'packets-eval', extractor_name: 'page-title' });
    expect([wrongKind.status, wrongKind.body.code]).toEqual([422, 'evaluation_items_unsuitable']);
    const neither = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'packets-eval' });
    expect(neither.status).toBe(422);

    const created = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'packets-eval', classifier_name: 'eval-mail' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ extractor_snapshot: null, classifier_snapshot: { name: 'eval-mail' } });
    const run = await finished(`/v1/evaluation-runs/${created.body.id}`);
    expect(run.status).toBe('completed');
    expect(run.progress).toEqual({ items_completed: 10, items_failed: 0, items_total: 10 });
    expect(provider.requests).toHaveLength(40); // one request per page

    // By hand: 40 pages; wrong are packet 1's page 3, packet 2's pages 3–4 and packet 3's pages 3–4 → 35/40.
    // Starts expected 2 per packet = 20; predicted 3 + 2 + 2 + 1 + 6×2 = 20; right 2 + 1 + 2 + 1 + 12 = 18.
    expect(run.report).toMatchObject({
      items: 10,
      items_failed: 0,
      pages: 40,
      page_accuracy: 0.875,
      boundaries: { precision: 0.9, recall: 0.9, predicted: 20, expected: 20, correct: 18 },
      // Rows expected, columns predicted: 20 invoice pages all invoice; 20 letter pages: 3 invoice, 15 letter, 2 other.
      confusion_matrix: { classes: ['invoice', 'letter', 'other'], counts: [[20, 0, 0], [3, 15, 2], [0, 0, 0]] },
    });
    expect(run.report.item_results.map((r: any) => r.pages_correct)).toEqual([4, 3, 2, 2, 4, 4, 4, 4, 4, 4]);

    // Each item ran as an ordinary classification job in split mode.
    const jobId = run.report.item_results[1].job_id;
    const job = await call(base, 'GET', `/v1/classification-jobs/${jobId}`);
    expect(job.body).toMatchObject({ mode: 'split', route: false, status: 'completed' });
    expect(job.body.result.segments.map((s: any) => [s.class, s.pages.start, s.pages.end])).toEqual([['invoice', 1, 3], ['letter', 4, 4]]);

    // A classifier run has no field-by-field comparison; the classifier is kept while the run exists.
    const compare = await call(base, 'GET', `/v1/evaluation-runs/${run.id}/compare/${run.id}`);
    expect([compare.status, compare.body.code]).toEqual([409, 'evaluation_run_not_comparable']);
    expect((await call(base, 'DELETE', '/v1/classifiers/eval-mail')).status).toBe(409);
    expect((await call(base, 'DELETE', `/v1/evaluation-runs/${run.id}`)).status).toBe(204);
    expect((await call(base, 'GET', `/v1/classification-jobs/${jobId}`)).status).toBe(404);
  }, 180_000);

  it('ends a canceled run\'s workflow Canceled, found by its search attributes as an extractor run is', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    expect((await call(base, 'PUT', '/v1/classifiers/eval-cancel', {
      display_name: 'Eval cancel',
      model: 'generic-vision-model',
      classes: [{ name: 'invoice', description: 'An invoice.' }, { name: 'letter', description: 'A letter.' }],
    })).status).toBe(201);
    expect((await call(base, 'POST', '/v1/evaluation-sets', { name: 'packets-cancel', display_name: 'Cancel' })).status).toBe(201);
    for (let k = 0; k < 2; k++) {
      expect((await call(base, 'POST', '/v1/evaluation-sets/packets-cancel/items', { text: `page ${k}`, expected_segments: [seg('invoice', 1, 1)] })).status).toBe(201);
    }
    const created = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'packets-cancel', classifier_name: 'eval-cancel' });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    await eventually(async () => ((await call(base, 'GET', `/v1/evaluation-runs/${id}`)).body.status === 'running' ? true : undefined), 60_000);
    expect((await call(base, 'POST', `/v1/evaluation-runs/${id}/cancel`)).status).toBe(200);
    await pollJob(base, `/v1/evaluation-runs/${id}`, (r) => r.status === 'canceled', 60_000);
    const closed = await eventually(async () => {
      const d = await stack.temporal.workflow.getHandle(id).describe();
      return d.status.name === 'RUNNING' ? undefined : d;
    }, 30_000);
    expect([closed.type, closed.status.name]).toEqual(['classifierEvaluationRunWorkflow', 'CANCELLED']);
    const query = `DocextractEvaluationRunId='${id}' AND DocextractJobKind='evaluation_run' AND DocextractJobStatus='canceled'`;
    const found = await eventually(async () => {
      const ids: string[] = [];
      for await (const w of stack.temporal.workflow.list({ query })) ids.push(w.workflowId);
      return ids.length > 0 ? ids : undefined;
    }, 30_000);
    expect(found).toEqual([id]);
  }, 180_000);
});

describe('classification batches', () => {
  it('runs every input as a classification job of the batch\'s mode and lists each result in input order', async () => {
    provider.respondWith((r) => classificationStep(r));
    expect([200, 201]).toContain((await call(base, 'PUT', '/v1/classifiers/batch-mail', {
      display_name: 'Batch mail',
      model: 'generic-vision-model',
      classes: [{ name: 'invoice', description: 'An invoice.' }, { name: 'letter', description: 'A letter.' }],
    })).status);
    const noMode = await call(base, 'POST', '/v1/batches', { kind: 'classification', classifier_name: 'batch-mail', inputs: [{ custom_id: 'a', text: 'x' }] });
    expect(noMode.status).toBe(422);
    const created = await call(base, 'POST', '/v1/batches', {
      kind: 'classification',
      classifier_name: 'batch-mail',
      mode: 'split',
      inputs: [
        { custom_id: 'one', text: 'class: invoice starts: yes\fclass: letter starts: yes' },
        { custom_id: 'two', text: 'class: letter starts: yes' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'classification', definition_name: 'batch-mail' });
    const seen = await pollJob(base, `/v1/batches/${created.body.id}`, (b: any) => b.status === 'completed', 90_000);
    expect(seen[seen.length - 1].request_counts).toMatchObject({ total: 2, completed: 2, failed: 0 });
    const r = await fetch(`${base}/v1/batches/${created.body.id}/results`);
    const lines = (await r.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(lines.map((l) => l.custom_id)).toEqual(['one', 'two']);
    expect(lines[0].job_id).toMatch(/^cjob_/);
    expect(lines[0].result.segments.map((s: any) => [s.class, s.pages.start, s.pages.end])).toEqual([['invoice', 1, 1], ['letter', 2, 2]]);
    expect(lines[1].result.segments.map((s: any) => s.class)).toEqual(['letter']);
    // Each item is an ordinary classification job of the batch.
    expect((await call(base, 'GET', `/v1/classification-jobs/${lines[1].job_id}`)).body).toMatchObject({ mode: 'split', status: 'completed' });
  }, 120_000);
});
