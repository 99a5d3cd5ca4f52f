import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { PAGE_BREAK } from '../../src/domain/parse-jobs.js';
import { makePdf, makePng } from '../fixtures/documents.js';
import { type ScriptedProvider, type RecordedRequest } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { call, documentImages, eventually, pageOfRequest, pollJob, startStackWithProvider, upload } from './job-helpers.js';

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_PAGE_CONCURRENCY: '2' } }));
  base = stack.url;
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

/** Answers each page request with "# Page N", N found by comparing the image with our own render. */
async function pageAnswers(pdf: Buffer, pages: number, delayMs = 0) {
  const pageOf = await pageOfRequest(pdf, pages, stack);
  return { pageOf, respond: (req: RecordedRequest) => ({ kind: 'content' as const, content: `# Page ${pageOf(req)}`, delayMs }) };
}

describe('parse jobs', () => {
  it('parses a 5-page PDF into 5 pages in order, with progress rising while it runs', async () => {
    const pdf = makePdf(['one', 'two', 'three', 'four', 'five']);
    const answers = await pageAnswers(pdf, 5, 400);
    provider.respondWith(answers.respond);
    const file = await upload(base, pdf, 'five.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('queued');
    expect(created.body.parser_snapshot.name).toBe('document-to-markdown');

    const seen = await pollJob(base, `/v1/parse-jobs/${created.body.id}`);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('completed');
    expect(job.result.format).toBe('markdown');
    expect(job.result.page_count).toBe(5);
    // Each page read as blocks (issue 41); the PDF does not print "Page N", so no box.
    const heading = (n: number) => ({ type: 'heading', text: `Page ${n}`, level: 1, box: null, table: null });
    expect(job.result.pages).toEqual([1, 2, 3, 4, 5].map((n) => ({ page_number: n, content: `# Page ${n}`, blocks: [heading(n)] })));
    expect(job.result.content).toBe([1, 2, 3, 4, 5].map((n) => `# Page ${n}`).join(PAGE_BREAK));
    expect(job.model_adapter_used).toBe('nuextract-markdown');
    expect(job.provider_name_used).toBe('compatible_api');
    expect(job.model_used).toBe(stack.config.localModel);

    // Lists are bounded: the result is summarised (page count), never every page's Markdown.
    const listed = (await call(base, 'GET', '/v1/parse-jobs?status=completed&limit=20')).body.find((j: any) => j.id === job.id);
    expect(listed.result).toEqual({ format: 'markdown', page_count: 5 });
    expect({ ...listed, result: null }).toEqual({ ...job, result: null });

    const progress = seen.filter((j) => j.status === 'running' && j.progress).map((j) => j.progress.pages_completed);
    expect(new Set(progress).size).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // One request per page, each carrying exactly one image.
    expect(provider.requests).toHaveLength(5);
    for (const r of provider.requests) expect(documentImages(r.body)).toHaveLength(1);
  });

  it('parses an image as one page', async () => {
    provider.respondWith(() => ({ kind: 'content', content: 'A red square' }));
    const file = await upload(base, makePng(20, 20, [255, 0, 0]), 'red.png', 'image/png');
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id, parser_name: 'document-to-markdown' });
    const seen = await pollJob(base, `/v1/parse-jobs/${created.body.id}`);
    expect(seen[seen.length - 1].result).toEqual({
      format: 'markdown',
      content: 'A red square',
      page_count: 1,
      pages: [{ page_number: 1, content: 'A red square', blocks: [{ type: 'paragraph', text: 'A red square', level: null, box: null, table: null }] }],
    });
  });

  it('keeps the parser snapshot when the parser is edited after the job was created', async () => {
    const put = await call(base, 'PUT', '/v1/parsers/notes', {
      name: 'notes',
      display_name: 'Notes',
      output_format: 'markdown',
      instructions: 'Keep footnotes.',
      model: 'vision-x',
    });
    expect(put.status).toBe(201);
    provider.respondWith(() => ({ kind: 'content', content: 'text', delayMs: 600 }));
    const file = await upload(base, makePdf(['a', 'b']), 'two.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id, parser_name: 'notes' });
    expect(created.body.parser_snapshot).toMatchObject({ name: 'notes', instructions: 'Keep footnotes.', model: 'vision-x' });
    const patched = await call(base, 'PATCH', '/v1/parsers/notes', { instructions: 'CHANGED', model: 'other-model' });
    expect(patched.status).toBe(200);
    const seen = await pollJob(base, `/v1/parse-jobs/${created.body.id}`);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('completed');
    expect(job.parser_snapshot).toEqual(created.body.parser_snapshot);
    expect(job.model_used).toBe('vision-x');
    expect(job.model_adapter_used).toBe('generic-vision');
    for (const r of provider.requests) {
      expect(r.body.model).toBe('vision-x');
      expect(JSON.stringify(r.body.messages)).toContain('Keep footnotes.');
      expect(JSON.stringify(r.body.messages)).not.toContain('CHANGED');
    }
  });

  it('cancels a running parse job and DELETE of a running one answers 202', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const file = await upload(base, makePdf(['a', 'b', 'c']), 'three.pdf', 'application/pdf');
    const a = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    await provider.waitForRequests(1);
    expect((await call(base, 'POST', `/v1/parse-jobs/${a.body.id}/cancel`)).status).toBe(200);
    const seen = await pollJob(base, `/v1/parse-jobs/${a.body.id}`, undefined, 5000);
    expect(seen[seen.length - 1].status).toBe('canceled');

    provider.reset();
    provider.respondWith(() => ({ kind: 'stall' }));
    const b = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    await provider.waitForRequests(1);
    const del = await call(base, 'DELETE', `/v1/parse-jobs/${b.body.id}`);
    expect(del.status).toBe(202);
    await eventually(async () => ((await call(base, 'GET', `/v1/parse-jobs/${b.body.id}`)).status === 404 ? true : undefined));
    expect((await call(base, 'DELETE', `/v1/parse-jobs/${a.body.id}`)).status).toBe(204);
  });

  it('fails corrupt input with a document code and validates requests', async () => {
    // A file whose bytes start like a PDF but are not one passes upload and fails the job.
    const file = await upload(base, Buffer.from('%PDF-1.7\nthis is not really a pdf'), 'bad.pdf', 'application/pdf');
    expect(file.status).toBe(201);
    const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    const seen = await pollJob(base, `/v1/parse-jobs/${created.body.id}`);
    expect(seen[seen.length - 1].status).toBe('failed');
    expect(seen[seen.length - 1].error.code).toBe('document_corrupt');
    expect(provider.requests).toHaveLength(0);

    expect((await call(base, 'POST', '/v1/parse-jobs', {})).status).toBe(422);
    expect((await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id, parser_name: 'nope' })).status).toBe(404);
    expect((await call(base, 'POST', '/v1/parse-jobs', { file_id: 'file_nope' })).status).toBe(404);
    expect((await call(base, 'GET', '/v1/parse-jobs/pjob_nope')).status).toBe(404);
    const list = await call(base, 'GET', '/v1/parse-jobs?limit=1');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
  });
});
