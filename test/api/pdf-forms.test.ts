// Issue 50: a filled PDF form (test/fixtures/formats/filled-form.pdf, made by
// scripts/fixtures/make-filled-form.py) is read field by field (GET /v1/files/{id}/form-fields), and
// its values are drawn on its pages: the text layer holds them at their place (a checked box as ☒,
// an empty one as ☐) and the model's request carries them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePdf } from '../fixtures/documents.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { call, pollJob, startStackWithProvider, upload } from './job-helpers.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FORM = readFileSync(path.join(ROOT, 'test/fixtures/formats/filled-form.pdf'));

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider());
  base = stack.url;
}, 300_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

type Box = { x0: number; y0: number; x1: number; y1: number };
const W = 612;
const H = 792;
/** A box of the fixture, from its PDF rectangle (points, origin bottom-left). */
const pdfBox = (x0: number, y0: number, x1: number, y1: number): Box => ({ x0: x0 / W, y0: 1 - y1 / H, x1: x1 / W, y1: 1 - y0 / H });
const near = (a: Box, b: Box) => Math.max(Math.abs(a.x0 - b.x0), Math.abs(a.y0 - b.y0), Math.abs(a.x1 - b.x1), Math.abs(a.y1 - b.y1)) < 0.003;
const centreIn = (a: Box, b: Box) => (a.x0 + a.x1) / 2 >= b.x0 && (a.x0 + a.x1) / 2 <= b.x1 && (a.y0 + a.y1) / 2 >= b.y0 && (a.y0 + a.y1) / 2 <= b.y1;

describe('PDF forms', () => {
  it('reads every field: name, type, value (checkboxes true/false, the radio option chosen) and box', async () => {
    const file = await upload(base, FORM, 'application.pdf', 'application/pdf');
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({ media_type: 'application/pdf', kind: 'pdf', page_count: 1 });
    const r = await call(base, 'GET', `/v1/files/${file.body.id}/form-fields`);
    expect(r.status).toBe(200);
    expect(r.body.map((f: { name: string; type: string; value: unknown; page: number }) => [f.name, f.type, f.value, f.page])).toEqual([
      ['applicant_name', 'text', 'Maria Lopez', 1],
      ['city', 'text', 'Valencia', 1],
      ['agree', 'checkbox', true, 1],
      ['newsletter', 'checkbox', false, 1],
      ['contact', 'radio', 'Phone', 1],
      ['country', 'choice', 'Spain', 1],
      ['signature', 'signature', false, 1],
    ]);
    const boxes = Object.fromEntries(r.body.map((f: { name: string; box: Box }) => [f.name, f.box]));
    expect(near(boxes.applicant_name, pdfBox(170, 714, 400, 732))).toBe(true);
    expect(near(boxes.agree, pdfBox(76, 647, 88, 659))).toBe(true);
    expect(near(boxes.contact, pdfBox(240, 587, 252, 599))).toBe(true); // the chosen button
    // The original bytes are kept as uploaded.
    const content = Buffer.from(await (await fetch(`${base}/v1/files/${file.body.id}/content`)).arrayBuffer());
    expect(content.equals(FORM)).toBe(true);
  }, 120_000);

  it('draws the values on the page: the text layer holds them where the fields are, ☒ and ☐ for the boxes', async () => {
    const file = await upload(base, FORM, 'application.pdf', 'application/pdf');
    const fields = (await call(base, 'GET', `/v1/files/${file.body.id}/form-fields`)).body as Array<{ name: string; box: Box }>;
    const at = (name: string) => fields.find((f) => f.name === name)!.box;
    const text = await call(base, 'GET', `/v1/files/${file.body.id}/pages/1/text`);
    expect(text.status).toBe(200);
    const words = text.body.words as Array<{ text: string; box: Box }>;
    const word = (t: string) => words.filter((w) => w.text === t);
    expect(text.body.text).toContain('Applicant name:');
    expect(text.body.text).toContain('Maria Lopez');
    expect(text.body.text).toContain('Valencia');
    expect(text.body.text).toContain('Spain');
    expect(word('Maria').some((w) => centreIn(w.box, at('applicant_name')))).toBe(true);
    expect(word('Spain').some((w) => centreIn(w.box, at('country')))).toBe(true);
    // Checked: the terms box and the chosen radio button; empty: the newsletter box and the other button.
    expect(word('☒').some((w) => centreIn(w.box, at('agree')))).toBe(true);
    expect(word('☐').some((w) => centreIn(w.box, at('newsletter')))).toBe(true);
    expect(word('☒').some((w) => centreIn(w.box, at('contact')))).toBe(true);
    expect([word('☒').length, word('☐').length]).toEqual([2, 2]);
    // An unsigned signature field draws nothing.
    expect(text.body.text).not.toContain('SIGN');
    // The page image renders.
    expect((await fetch(`${base}/v1/files/${file.body.id}/pages/1`)).status).toBe(200);
  }, 120_000);

  it('the values reach the model with the page', async () => {
    const put = await call(base, 'PUT', '/v1/extractors/form-applicant', {
      display_name: 'Applicant',
      instructions: 'Extract the applicant.',
      model: 'test-vision-model',
      schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    expect([200, 201]).toContain(put.status);
    const file = await upload(base, FORM, 'application.pdf', 'application/pdf');
    provider.respondWith(() => ({ kind: 'content', content: '{"name":"Maria Lopez"}' }));
    const job = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'form-applicant', file_id: file.body.id });
    expect(job.status).toBe(201);
    const done = (await pollJob(base, `/v1/extraction-jobs/${job.body.id}`, undefined, 120_000)).at(-1);
    expect([done.status, done.error]).toEqual(['completed', null]);
    const sent = JSON.stringify(provider.requests.map((q) => q.body));
    for (const value of ['Maria Lopez', 'Valencia', 'Spain', '☒', '☐']) expect(sent).toContain(value);
  }, 180_000);

  it('a file without a form has no fields; an unknown file is 404', async () => {
    const plain = await upload(base, makePdf(['No form here']), 'plain.pdf', 'application/pdf');
    expect(await call(base, 'GET', `/v1/files/${plain.body.id}/form-fields`)).toMatchObject({ status: 200, body: [] });
    const text = await upload(base, Buffer.from('Just text'), 'a.txt', 'text/plain');
    expect(await call(base, 'GET', `/v1/files/${text.body.id}/form-fields`)).toMatchObject({ status: 200, body: [] });
    const missing = await call(base, 'GET', '/v1/files/file_01jqz8m4x5v6w7y8z9a0b1c2d3/form-fields');
    expect([missing.status, missing.body.code]).toEqual([404, 'not_found']);
  }, 60_000);
});
