// A cancel that reaches a job while one of its model calls is failing: the attempt, already past
// its request when the cancel arrives, ends failed rather than canceled, and Temporal does not
// retry an activity whose cancel was requested. The job still ends `canceled` (the studio's Cancel
// during "waiting for the model" hit this under load and left the job `canceling` for good).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { call, upload } from '../api/job-helpers.js';
import { makePdf } from '../fixtures/documents.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

let stack: TestStack;
let provider: ScriptedProvider;

beforeAll(async () => {
  provider = await startScriptedProvider();
  stack = await startTestStack({});
  expect((await call(stack.url, 'PUT', '/v1/providers/compatible_api', { base_url: provider.baseUrl })).status).toBe(200);
  const schema = { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false };
  const put = await call(stack.url, 'PUT', '/v1/extractors/cancel-failing', { display_name: 'Cancel failing', instructions: 'Extract the title.', model: 'm', schema });
  expect([200, 201]).toContain(put.status);
}, 300_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

it('a job canceled while a model-call attempt fails ends canceled, extraction and parse alike', async () => {
  // Every model request is held 300 ms, then refused with a 503 (retried: transient).
  const arrived = new Map<string, number>();
  provider.respondWith(async (req) => {
    const tag = /cancel-failing-(\d+)/.exec(JSON.stringify(req.body))?.[1] ?? 'parse';
    arrived.set(tag, (arrived.get(tag) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 300));
    return { kind: 'error', status: 503 };
  });
  const file = await upload(stack.url, makePdf(['cancel-failing-parse']), 'p.pdf', 'application/pdf');
  expect(file.status).toBe(201);

  // Cancel while the second attempt is at the provider, at staggered moments within its 300 ms.
  const cancelDuringAttempt = async (path: string, tag: string, i: number) => {
    while ((arrived.get(tag) ?? 0) < 2) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, (i * 37) % 350));
    expect((await call(stack.url, 'POST', `${path}/cancel`)).status).toBe(200);
    const deadline = Date.now() + 20_000;
    let status: string;
    do {
      status = (await call(stack.url, 'GET', path)).body.status;
      if (status !== 'canceled') await new Promise((r) => setTimeout(r, 200));
    } while (status !== 'canceled' && Date.now() < deadline);
    return { path, status };
  };

  const extractions = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const created = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'cancel-failing', text: `Title: cancel-failing-${i}` });
      expect(created.status).toBe(201);
      return cancelDuringAttempt(`/v1/extraction-jobs/${created.body.id}`, String(i), i);
    }),
  );
  const parse = await call(stack.url, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
  expect(parse.status).toBe(201);
  const parsed = await cancelDuringAttempt(`/v1/parse-jobs/${parse.body.id}`, 'parse', 5);

  expect([...extractions, parsed].filter((j) => j.status !== 'canceled')).toEqual([]);
}, 240_000);
