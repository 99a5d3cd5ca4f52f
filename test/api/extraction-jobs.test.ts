import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { renderPage } from '../../src/documents/index.js';
import { makePdf, makePng } from '../fixtures/documents.js';
import { checkedFetch } from '../harness/openapi-validator.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { call, documentImages, eventually, pollJob, startStackWithProvider, upload } from './job-helpers.js';

const SCHEMA = {
  type: 'object',
  properties: {
    title: { type: ['string', 'null'] },
    total: { type: ['number', 'null'] },
  },
  required: ['title', 'total'],
  additionalProperties: false,
};
const ANSWER = { title: 'Invoice 7', total: 12.5 };

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: { SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100', SERVICE_PROVIDER_MAX_INTERVAL_MS: '200', SERVICE_PROVIDER_MAX_ATTEMPTS: '4', SERVICE_EXTRACTION_MAX_PAGES: '3' },
  }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/invoice', {
    display_name: 'Invoice',
    instructions: 'Extract the title and total.',
    model: 'test-vision-model',
    schema: SCHEMA,
  });
  // 200 where an earlier file on this Jest worker's database defined it already (the PUT replaces it).
  expect([200, 201]).toContain(put.status);
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

const answer = (data: unknown = ANSWER) => ({ kind: 'content' as const, content: JSON.stringify(data), usage: { prompt_tokens: 11, completion_tokens: 7 } });

async function runJob(input: Record<string, unknown>) {
  const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'invoice', ...input });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('queued');
  const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`);
  return seen[seen.length - 1];
}

describe('extraction jobs complete with schema-valid data', () => {
  it('from text', async () => {
    provider.enqueue(answer());
    const job = await runJob({ text: 'Invoice 7, total 12.50' });
    expect(job.status).toBe('completed');
    expect(job.result.data).toEqual(ANSWER);
    expect(job.error).toBeNull();
    expect(job.provider_name_used).toBe('compatible_api');
    expect(job.model_used).toBe('test-vision-model');
    expect(job.started_at).toEqual(expect.any(String));
    expect(job.completed_at).toEqual(expect.any(String));
    expect(job.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 7 });
    expect(provider.requests).toHaveLength(1);
    expect(JSON.stringify(provider.requests[0]!.body.messages)).toContain('Invoice 7, total 12.50');
  });

  it('from a PNG, sent as the uploaded image', async () => {
    const png = makePng(40, 30, [200, 10, 10]);
    const file = await upload(base, png, 'scan.png', 'image/png');
    expect(file.status).toBe(201);
    provider.enqueue(answer());
    const job = await runJob({ file_id: file.body.id });
    expect(job.status).toBe('completed');
    expect(job.result.data).toEqual(ANSWER);
    expect(documentImages(provider.requests[0]!.body)).toEqual([`data:image/png;base64,${png.toString('base64')}`]);
  });

  it('from a 3-page PDF, each page rendered to PNG in order', async () => {
    const pdf = makePdf(['First page', 'Second page', 'Third page']);
    const file = await upload(base, pdf, 'three.pdf', 'application/pdf');
    provider.enqueue(answer());
    const job = await runJob({ file_id: file.body.id });
    expect(job.status).toBe('completed');
    const limits = { dpi: stack.config.renderDpi, maxPixels: stack.config.renderMaxPixels };
    const expected = await Promise.all([0, 1, 2].map(async (i) => `data:image/png;base64,${(await renderPage(pdf, i, limits)).data.toString('base64')}`));
    expect(new Set(expected).size).toBe(3);
    expect(documentImages(provider.requests[0]!.body)).toEqual(expected);
  });

  it('fails a PDF longer than the extraction page limit without calling the model', async () => {
    const file = await upload(base, makePdf(['1', '2', '3', '4']), 'four.pdf', 'application/pdf');
    const job = await runJob({ file_id: file.body.id });
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('document_too_many_pages');
    expect(job.error.message).toContain('at most 3');
    expect(provider.requests).toHaveLength(0);
  });

  it('retries an answer that does not satisfy the schema, then completes', async () => {
    provider.enqueue(answer({ title: ['not', 'a string'], total: 'twelve' }), answer());
    const job = await runJob({ text: 'x' });
    expect(job.status).toBe('completed');
    expect(provider.requests).toHaveLength(2);
  });

  it('fails with output_schema_mismatch when the model never satisfies the schema', async () => {
    provider.respondWith(() => answer({ title: ['not', 'a string'], total: 'twelve' }));
    const job = await runJob({ text: 'x' });
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('output_schema_mismatch');
    expect(job.result).toBeNull();
    expect(provider.requests).toHaveLength(stack.config.outputAttempts);
  });
});

describe('provider failures', () => {
  it('retries 429 twice, then completes', async () => {
    const limited = { kind: 'error' as const, status: 429, body: { error: { message: 'slow down', type: 'rate_limit' } } };
    provider.enqueue(limited, limited, answer());
    const job = await runJob({ text: 'x' });
    expect(job.status).toBe('completed');
    expect(provider.requests).toHaveLength(3);
  });

  it('falls back to max_tokens once when the server rejects max_completion_tokens, and the job completes', async () => {
    provider.enqueue(
      { kind: 'error', status: 400, body: { error: { message: 'Unrecognized request argument supplied: max_completion_tokens', type: 'invalid_request_error' } } },
      answer(),
    );
    const job = await runJob({ text: 'x' });
    expect(job.status).toBe('completed');
    expect(provider.requests).toHaveLength(2);
    const [first, second] = provider.requests.map((r) => r.body);
    expect(first.max_completion_tokens).toBe(stack.config.extractionMaxTokens);
    expect(first).not.toHaveProperty('max_tokens');
    expect(second.max_tokens).toBe(stack.config.extractionMaxTokens);
    expect(second).not.toHaveProperty('max_completion_tokens');
  });

  it('a 400 rejection fails the job with a code after exactly one request', async () => {
    provider.enqueue({ kind: 'error', status: 400, body: { error: { message: 'model does not exist', type: 'invalid_request_error' } } });
    const job = await runJob({ text: 'x' });
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('provider_rejected');
    expect(job.error.message).toContain('model does not exist');
    expect(provider.requests).toHaveLength(1);
  });
});

describe('provider keys', () => {
  it('a hosted provider with no key fails the job with provider_key_missing and sends nothing', async () => {
    await call(base, 'PUT', '/v1/providers/hosted_api', { base_url: provider.baseUrl });
    const put = await call(base, 'PUT', '/v1/extractors/hosted-invoice', {
      display_name: 'Hosted invoice',
      instructions: 'Extract the title and total.',
      provider_name: 'hosted_api',
      model: 'hosted-model',
      schema: SCHEMA,
    });
    expect(put.status).toBe(201);
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'hosted-invoice', text: 'x' });
    const job = (await pollJob(base, `/v1/extraction-jobs/${created.body.id}`)).pop();
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('provider_key_missing');
    expect(job.provider_name_used).toBe('hosted_api');
    expect(job.model_used).toBe('hosted-model');
    expect(provider.requests).toHaveLength(0);

    // With a key stored, the same extractor reaches the provider, which receives the key.
    provider.enqueue(answer());
    expect((await call(base, 'PATCH', '/v1/providers/hosted_api', { api_key: 'sk-test-secret' })).status).toBe(200);
    const again = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'hosted-invoice', text: 'x' });
    expect((await pollJob(base, `/v1/extraction-jobs/${again.body.id}`)).pop().status).toBe('completed');
    expect(provider.requests[0]!.headers.authorization).toBe('Bearer sk-test-secret');
    await call(base, 'PUT', '/v1/providers/hosted_api', {});
  });
});

describe('cancel and delete reach the running job', () => {
  it('cancels a job whose provider stalls within 5 s and closes the request', async () => {
    provider.enqueue({ kind: 'stall' });
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'invoice', text: 'x' });
    await provider.waitForRequests(1);
    const started = Date.now();
    const canceled = await call(base, 'POST', `/v1/extraction-jobs/${created.body.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(['canceling', 'canceled']).toContain(canceled.body.status);
    const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 5000);
    expect(seen[seen.length - 1].status).toBe('canceled');
    expect(Date.now() - started).toBeLessThan(5000);
    await eventually(async () => (provider.requests[0]!.closedEarly ? true : undefined), 10_000);
    // Cancelling a terminal job returns it unchanged.
    const again = await call(base, 'POST', `/v1/extraction-jobs/${created.body.id}/cancel`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('canceled');
  });

  it('DELETE of a running job answers 202, then the job is gone', async () => {
    provider.enqueue({ kind: 'stall' });
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'invoice', text: 'x' });
    await provider.waitForRequests(1);
    const del = await call(base, 'DELETE', `/v1/extraction-jobs/${created.body.id}`);
    expect(del.status).toBe(202);
    expect(del.body.id).toBe(created.body.id);
    expect(del.body.status).toBe('deleting');
    await eventually(async () => ((await call(base, 'GET', `/v1/extraction-jobs/${created.body.id}`)).status === 404 ? true : undefined));
  });

  it('DELETE of a terminal job answers 204 at once', async () => {
    provider.enqueue(answer());
    const job = await runJob({ text: 'x' });
    expect((await call(base, 'DELETE', `/v1/extraction-jobs/${job.id}`)).status).toBe(204);
    expect((await call(base, 'GET', `/v1/extraction-jobs/${job.id}`)).status).toBe(404);
    expect((await call(base, 'DELETE', `/v1/extraction-jobs/${job.id}`)).status).toBe(404);
  });
});

describe('definitions are captured when the job is created', () => {
  it('a job keeps the extractor as it was, even if it is replaced while queued', async () => {
    provider.enqueue({ kind: 'content', content: JSON.stringify(ANSWER), delayMs: 800 });
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'invoice', text: 'x' });
    const replaced = await call(base, 'PATCH', '/v1/extractors/invoice', { instructions: 'CHANGED', model: 'other-model' });
    expect(replaced.status).toBe(200);
    const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`);
    expect(seen[seen.length - 1].model_used).toBe('test-vision-model');
    expect(provider.requests[0]!.body.model).toBe('test-vision-model');
    expect(JSON.stringify(provider.requests[0]!.body.messages)).not.toContain('CHANGED');
    await call(base, 'PATCH', '/v1/extractors/invoice', { instructions: 'Extract the title and total.', model: 'test-vision-model' });
  });
});

describe('references protect files and extractors', () => {
  it('refuses to delete a referenced file or extractor until the job is deleted', async () => {
    await call(base, 'PUT', '/v1/extractors/temp-ref', { display_name: 'Temp', instructions: 'x', model: 'm', schema: SCHEMA });
    const file = await upload(base, makePng(10, 10), 'a.png', 'image/png');
    provider.enqueue(answer());
    const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'temp-ref', file_id: file.body.id });
    await pollJob(base, `/v1/extraction-jobs/${created.body.id}`);
    const delFile = await call(base, 'DELETE', `/v1/files/${file.body.id}`);
    expect(delFile.status).toBe(409);
    expect(delFile.body.code).toBe('file_in_use');
    const delExtractor = await call(base, 'DELETE', '/v1/extractors/temp-ref');
    expect(delExtractor.status).toBe(409);
    expect(delExtractor.body.code).toBe('extractor_in_use');
    expect((await call(base, 'DELETE', `/v1/extraction-jobs/${created.body.id}`)).status).toBe(204);
    expect((await call(base, 'DELETE', `/v1/files/${file.body.id}`)).status).toBe(204);
    expect((await call(base, 'DELETE', '/v1/extractors/temp-ref')).status).toBe(204);
  });
});

describe('request validation', () => {
  it.each([
    [{ text: 'x' }, 'extractor_id'],
    [{ extractor_name: 'invoice' }, 'file_id'],
    [{ extractor_name: 'invoice', extractor_id: 'ext_x', text: 'x' }, 'extractor_name'],
    [{ extractor_name: 'invoice', text: 'x', file_id: 'file_x' }, 'text'],
    [{ extractor_name: 'invoice', text: 'x', surprise: 1 }, 'surprise'],
    [{ extractor_name: 'invoice', text: 42 }, 'text'],
  ])('422 for %j', async (body, field) => {
    const r = await call(base, 'POST', '/v1/extraction-jobs', body);
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: any) => d.loc.join('.'))).toContain(`body.${field}`);
  });

  it('404 for an unknown extractor or file', async () => {
    const a = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'nope', text: 'x' });
    expect(a.status).toBe(404);
    expect(a.body.code).toBe('not_found');
    const b = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'invoice', file_id: 'file_01jxxxxxxxxxxxxxxxxxxxxxxx' });
    expect(b.status).toBe(404);
    expect((await call(base, 'GET', '/v1/extraction-jobs/ejob_missing')).status).toBe(404);
  });

  it('malformed JSON is a 422 validation error', async () => {
    const res = await checkedFetch(base, 'POST', '/v1/extraction-jobs', '{"text": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].type).toBe('json_invalid');
  });
});

describe('lists and the deprecated alias', () => {
  it('lists newest first with paging and a status filter', async () => {
    provider.respondWith(() => answer());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await runJob({ text: `doc ${i}` })).id);
    const page1 = await call(base, 'GET', '/v1/extraction-jobs?limit=2&status=completed');
    expect(page1.status).toBe(200);
    expect(page1.body.map((j: any) => j.id)).toEqual([ids[2], ids[1]]);
    const cursor = page1.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const page2 = await call(base, 'GET', `/v1/extraction-jobs?limit=2&status=completed&cursor=${cursor}`);
    expect(page2.body[0].id).toBe(ids[0]);
    expect((await call(base, 'GET', '/v1/extraction-jobs?status=bogus')).status).toBe(422);
  });

  it('/v1/jobs behaves like /v1/extraction-jobs and announces its sunset', async () => {
    provider.enqueue(answer());
    const created = await call(base, 'POST', '/v1/jobs', { extractor_name: 'invoice', text: 'x' });
    expect(created.status).toBe(201);
    expect(created.headers.get('deprecation')).toBeTruthy();
    expect(created.headers.get('sunset')).toMatch(/GMT$/);
    expect(created.headers.get('link')).toContain('/v1/extraction-jobs');
    const seen = await pollJob(base, `/v1/jobs/${created.body.id}`);
    expect(seen[seen.length - 1].status).toBe('completed');
    const viaNew = await call(base, 'GET', `/v1/extraction-jobs/${created.body.id}`);
    expect(viaNew.body).toEqual(seen[seen.length - 1]);
    expect((await call(base, 'DELETE', `/v1/jobs/${created.body.id}`)).status).toBe(204);
  });
});
