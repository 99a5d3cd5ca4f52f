import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { jpegIsComplete } from '../../src/documents/image-header.js';
import { renderPage } from '../../src/documents/index.js';
import { makePdf, makePng } from '../fixtures/documents.js';
import { apiCall } from '../harness/openapi-validator.js';
import { type RecordedRequest, type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { call, documentImages, pollJob, startStackWithProvider, upload } from './job-helpers.js';

// SERVICE_RENDER_FORMAT=jpeg: rendered PDF pages reach the model as JPEG data URLs (extraction,
// long-document windows, parse), and the page image endpoint serves the same JPEG. The PNG default
// is covered by every other job test (their expected data URLs are image/png renders).

const SCHEMA = {
  type: 'object',
  properties: { title: { type: ['string', 'null'] } },
  required: ['title'],
  additionalProperties: false,
};

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: { SERVICE_RENDER_FORMAT: 'jpeg', SERVICE_RENDER_JPEG_QUALITY: '70', SERVICE_RENDER_DPI: '72', SERVICE_EXTRACTION_WINDOW_PAGES: '2' },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/title', {
    display_name: 'Title',
    instructions: 'Extract the title.',
    model: 'test-vision-model',
    schema: SCHEMA,
  });
  expect(put.status).toBe(201);
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

/** Every page image of the requests: a JPEG data URL holding a whole JPEG of a 72 DPI US Letter page. */
async function expectJpegPages(requests: RecordedRequest[], count: number): Promise<Buffer[]> {
  const urls = requests.flatMap((r) => documentImages(r.body));
  expect(urls).toHaveLength(count);
  const images: Buffer[] = [];
  for (const url of urls) {
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const bytes = Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(jpegIsComplete(bytes)).toBe(true);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['jpeg', 612, 792, 3]);
    images.push(bytes);
  }
  return images;
}

describe('SERVICE_RENDER_FORMAT=jpeg', () => {
  it('sends an extraction job its pages as JPEG data URLs, the renderer’s JPEG at the configured quality, and completes', async () => {
    const pdf = makePdf(['Invoice 7', 'Page two']);
    const file = await upload(base, pdf, 'two.pdf', 'application/pdf');
    provider.enqueue({ kind: 'content', content: JSON.stringify({ title: 'Invoice 7' }) });
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'title', file_id: file.body.id });
    expect(created.status).toBe(201);
    const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('completed');
    expect(job.result.data).toEqual({ title: 'Invoice 7' });
    const sent = await expectJpegPages(provider.requests, 2);
    // Exactly what the renderer makes with the job's settings.
    const limits = { dpi: stack.config.renderDpi, maxPixels: stack.config.renderMaxPixels };
    for (let i = 0; i < 2; i++) {
      const page = await renderPage(pdf, i, limits, { format: 'jpeg', quality: 70 });
      expect(page.mediaType).toBe('image/jpeg');
      expect(page.data.equals(sent[i]!)).toBe(true);
    }
    // Quality is applied: the page at quality 70 differs from the same page at 95.
    expect((await renderPage(pdf, 0, limits, { format: 'jpeg', quality: 95 })).data.equals(sent[0]!)).toBe(false);
  });

  it('sends long-document windows their pages as JPEG', async () => {
    const pdf = makePdf(['one', 'two', 'three', 'four', 'five']);
    const file = await upload(base, pdf, 'five.pdf', 'application/pdf');
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: null }) }));
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'title', file_id: file.body.id });
    const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`);
    expect(seen[seen.length - 1].status).toBe('completed');
    expect(provider.requests).toHaveLength(3); // windows of 2 pages: 1–2, 3–4, 5
    await expectJpegPages(provider.requests, 5);
  });

  it('sends a parse job its pages as JPEG; an uploaded PNG is still sent as the PNG it is', async () => {
    const pdf = makePdf(['alpha', 'beta', 'gamma']);
    const file = await upload(base, pdf, 'three.pdf', 'application/pdf');
    provider.respondWith(() => ({ kind: 'content', content: '# Page' }));
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    const seen = await pollJob(base, `/v1/parse-jobs/${created.body.id}`);
    expect(seen[seen.length - 1].status).toBe('completed');
    expect(seen[seen.length - 1].result.page_count).toBe(3);
    await expectJpegPages(provider.requests, 3);

    provider.reset();
    provider.respondWith(() => ({ kind: 'content', content: 'A red square' }));
    const png = makePng(20, 20, [255, 0, 0]);
    const image = await upload(base, png, 'red.png', 'image/png');
    const parsed = await call(base, 'POST', '/v1/parse-jobs', { file_id: image.body.id });
    const done = await pollJob(base, `/v1/parse-jobs/${parsed.body.id}`);
    expect(done[done.length - 1].status).toBe('completed');
    expect(documentImages(provider.requests[0]!.body)).toEqual([`data:image/png;base64,${png.toString('base64')}`]);
  });

  it('serves a PDF page image as the JPEG the model reads, with the format in its ETag', async () => {
    const pdf = makePdf(['first', 'second']);
    const file = await upload(base, pdf, 'two.pdf', 'application/pdf');
    const r = await apiCall<Buffer>(base, 'GET', `/v1/files/${file.body.id}/pages/2`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    expect(r.headers.get('etag')).toMatch(/-jpeg70"$/);
    const limits = { dpi: stack.config.renderDpi, maxPixels: stack.config.renderMaxPixels };
    expect(r.body.equals((await renderPage(pdf, 1, limits, { format: 'jpeg', quality: 70 })).data)).toBe(true);
  });
});
