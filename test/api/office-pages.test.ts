// Issue 50: what the model sees is what the sender saw. Word and PowerPoint files made by
// python-docx and python-pptx are uploaded through the API twice: on a stack with LibreOffice
// turned off (SERVICE_LIBREOFFICE=off: the built-in converters) and, where LibreOffice is installed
// (CI installs it with scripts/install-libreoffice.sh), on a stack that uses it. Both paths give
// the pages the file has: a slide a page, a page per explicit break, a table row on one line.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findLibreOffice } from '../../src/documents/index.js';
import { pngInfo } from '../fixtures/documents.js';
import { makeOfficeDocuments, type OfficeDocuments } from '../fixtures/office.js';
import { apiCall } from '../harness/openapi-validator.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { call, pollJob, startStackWithProvider, upload } from './job-helpers.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

let builtin: TestStack;
let provider: ScriptedProvider;
/** A stack that converts with LibreOffice; null where it is not installed. */
let withLibreOffice: TestStack | null = null;
let docs: OfficeDocuments;

beforeAll(async () => {
  if (process.env.CI) console.log(execFileSync('bash', [path.join(ROOT, 'scripts/install-libreoffice.sh')], { encoding: 'utf8', timeout: 600_000 }).trim());
  docs = await makeOfficeDocuments();
  ({ stack: builtin, provider } = await startStackWithProvider({ env: { SERVICE_LIBREOFFICE: 'off' } }));
  // A long conversion time: LibreOffice's first start on a busy machine must not leave the files to the built-in path.
  if (findLibreOffice(undefined) !== null) withLibreOffice = await startTestStack({ worker: false, env: { SERVICE_CONVERSION_TIMEOUT_S: '600' } });
}, 900_000);

afterAll(async () => {
  await withLibreOffice?.close();
  await builtin?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

async function pageTexts(base: string, id: string, pages: number): Promise<string[]> {
  const texts: string[] = [];
  for (let n = 1; n <= pages; n++) {
    const r = await call(base, 'GET', `/v1/files/${id}/pages/${n}/text`);
    expect(r.status).toBe(200);
    texts.push(r.body.text);
  }
  return texts;
}

/** The checks both paths pass: page counts, each page's own text, the table's rows. */
async function checkBothDocuments(base: string, converter: 'builtin' | 'libreoffice'): Promise<void> {
  const deck = await upload(base, docs.deck, 'deck.pptx', PPTX);
  expect(deck.status).toBe(201);
  expect(deck.body).toMatchObject({ media_type: PPTX, kind: 'presentation', page_count: 6, converter });
  const slides = await pageTexts(base, deck.body.id, 6);
  slides.forEach((text, i) => {
    expect(text).toContain(`Slide ${i + 1} title`);
    expect(text).toContain(`Point ${i + 1} alpha`);
    for (let other = 1; other <= 6; other++) if (other !== i + 1) expect(text).not.toContain(`Slide ${other} title`);
    expect(text).not.toContain('Speaker notes');
  });
  expect(slides[3]!.split('\n')).toEqual(expect.arrayContaining(['Region Units Revenue', 'North 1200 85.5']));
  // The slide's aspect ratio (16:9), in the page image the model sees.
  const image = await apiCall<Buffer>(base, 'GET', `/v1/files/${deck.body.id}/pages/1`);
  const { width, height } = pngInfo(image.body);
  expect(width / height).toBeCloseTo(16 / 9, 1);

  const report = await upload(base, docs.report, 'report.docx', DOCX);
  expect(report.status).toBe(201);
  expect(report.body).toMatchObject({ media_type: DOCX, kind: 'document', page_count: 4, converter });
  const pages = await pageTexts(base, report.body.id, 4);
  pages.forEach((text, i) => {
    expect(text).toContain(`Part ${i + 1} heading`);
    expect(text).toContain('Quarterly report header');
    expect(text).toContain('Confidential footer');
  });
  expect(pages[1]!.split('\n')).toEqual(expect.arrayContaining(['Item Quantity Price', 'Apples 12 1,200', 'Pears 7 85.5']));
  // Words in the drawn order: a row's cells left to right on one line.
  const words = (await call(base, 'GET', `/v1/files/${report.body.id}/pages/2/text`)).body.words as Array<{ text: string; box: { x0: number; y0: number; x1: number; y1: number } }>;
  const row = words.filter((w) => ['Apples', '12', '1,200'].includes(w.text));
  expect(row.map((w) => w.text)).toEqual(['Apples', '12', '1,200']);
  expect(row[0]!.box.x1).toBeLessThan(row[1]!.box.x0);
  expect(row[1]!.box.x1).toBeLessThan(row[2]!.box.x0);
  for (const w of row) expect(Math.abs(w.box.y0 - row[0]!.box.y0)).toBeLessThan(0.005);

  const sections = await upload(base, docs.sections, 'sections.docx', DOCX);
  expect(sections.body).toMatchObject({ page_count: 3, converter });
}

describe('Word and PowerPoint pages', () => {
  it('without LibreOffice: a 6-slide deck is 6 pages, a Word file with 3 page breaks is 4, a table row is one line', async () => {
    expect(builtin.config.libreOffice).toBe('off');
    await checkBothDocuments(builtin.url, 'builtin');
  }, 300_000);

  it('without LibreOffice: each slide reaches the model as its own page, with its text', async () => {
    const put = await call(builtin.url, 'PUT', '/v1/extractors/deck-titles', {
      display_name: 'Titles',
      instructions: 'Extract the slide titles.',
      model: 'test-vision-model',
      schema: { type: 'object', properties: { titles: { type: 'array', items: { type: 'string' } } }, required: ['titles'] },
    });
    expect([200, 201]).toContain(put.status);
    const deck = await upload(builtin.url, docs.deck, 'deck.pptx', PPTX);
    provider.respondWith(() => ({ kind: 'content', content: '{"titles":[]}' }));
    const job = await call(builtin.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'deck-titles', file_id: deck.body.id });
    const done = (await pollJob(builtin.url, `/v1/extraction-jobs/${job.body.id}`, undefined, 120_000)).at(-1);
    expect([done.status, done.error]).toEqual(['completed', null]);
    const sent = JSON.stringify(provider.requests.map((q) => q.body));
    for (let n = 1; n <= 6; n++) expect(sent).toContain(`Text layer of page ${n}:`);
    for (let n = 1; n <= 6; n++) expect(sent).toContain(`Slide ${n} title`);
  }, 300_000);

  it('without LibreOffice: the formats only LibreOffice reads are refused with converter_unavailable', async () => {
    const odt = await upload(builtin.url, readFileSync(path.join(ROOT, 'test/fixtures/formats/unstructured-fake.odt')), 'a.odt', 'application/octet-stream');
    expect([odt.status, odt.body.code]).toEqual([400, 'converter_unavailable']);
  }, 60_000);

  it('with LibreOffice where installed: the same pages, made by LibreOffice (the same page counts as the built-in path)', async () => {
    if (!withLibreOffice) {
      console.log('LibreOffice is not installed here: its path is not tried');
      return;
    }
    await checkBothDocuments(withLibreOffice.url, 'libreoffice');
  }, 300_000);

  it('a PDF and other formats have no converter on their record', async () => {
    const text = await upload(builtin.url, Buffer.from('Plain text'), 'a.txt', 'text/plain');
    expect(text.body.converter).toBeNull();
  }, 60_000);
});
