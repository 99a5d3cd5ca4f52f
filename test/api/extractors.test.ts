import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newId } from '../../src/domain/ids.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { call, expectApiError, expectIsoUtc, expectValidationError, listAll } from './definition-helpers.js';

const EXTRACTOR_KEYS = [
  'created_at',
  'display_name',
  'evaluation_set',
  'examples',
  'examples_strategy',
  'id',
  'include_text_layer',
  'instructions',
  'is_prebuilt',
  'max_examples',
  'model',
  'name',
  'provider_name',
  'reasoning_effort',
  'review_threshold',
  'review_thresholds',
  'rules',
  'schema',
  'source',
  'updated_at',
  'version',
];

const SCHEMA = {
  type: 'object',
  properties: {
    title: { type: ['string', 'null'], description: 'Document title' },
    total: { type: ['number', 'null'] },
  },
  required: ['title', 'total'],
  additionalProperties: false,
};

const definition = (extra: Record<string, unknown> = {}) => ({
  display_name: 'Invoice',
  instructions: 'Extract the title and the total.',
  schema: SCHEMA,
  ...extra,
});

let stack: TestStack;
let base: string;
let localModel: string;

beforeAll(async () => {
  stack = await startTestStack();
  base = stack.url;
  localModel = stack.config.localModel;
});

afterAll(async () => {
  await stack?.close();
});

/** Check the exact ExtractorResponse shape and types. */
function expectExtractor(body: any): void {
  expect(Object.keys(body).sort()).toEqual(EXTRACTOR_KEYS);
  expect(body.id).toMatch(/^ext_[0-9a-z]{26}$/);
  for (const k of ['name', 'display_name', 'instructions', 'provider_name', 'model']) expect(typeof body[k]).toBe('string');
  expect(['hosted_api', 'hosted_project_api', 'compatible_api']).toContain(body.provider_name);
  expect(body.reasoning_effort === null || typeof body.reasoning_effort === 'string').toBe(true);
  expect(typeof body.schema).toBe('object');
  expect(Array.isArray(body.examples)).toBe(true);
  expect(['user', 'prebuilt']).toContain(body.source);
  expect(body.is_prebuilt).toBe(body.source === 'prebuilt');
  expectIsoUtc(body.created_at);
  expectIsoUtc(body.updated_at);
}

async function insertFile(): Promise<string> {
  const id = newId('file');
  await stack.db('files').insert({ id, filename: 'a.png', media_type: 'image/png', size_bytes: 4, sha256: '0'.repeat(64) });
  await stack.db('file_blobs').insert({ file_id: id, content: Buffer.from([1, 2, 3, 4]) });
  return id;
}

async function insertJobFor(extractorId: string): Promise<string> {
  const id = newId('extractionJob');
  await stack.db('extraction_jobs').insert({
    id,
    extractor_id: extractorId,
    extractor_snapshot: JSON.stringify({}),
    source_text: 'some text',
    status: 'completed',
  });
  return id;
}

describe('PUT /v1/extractors/{name}', () => {
  it('creates with the contract defaults (201)', async () => {
    const r = await call(base, 'PUT', '/v1/extractors/put-defaults', definition());
    expect(r.status).toBe(201);
    expectExtractor(r.body);
    expect(r.body).toMatchObject({
      name: 'put-defaults',
      display_name: 'Invoice',
      instructions: 'Extract the title and the total.',
      provider_name: 'compatible_api',
      model: localModel,
      reasoning_effort: null,
      examples: [],
      source: 'user',
      is_prebuilt: false,
    });
    expect(r.body.schema).toEqual(SCHEMA);
    expect(r.body.created_at).toBe(r.body.updated_at);
  });

  it('replaces the whole definition of an existing extractor (200), keeping id and created_at', async () => {
    const first = await call(
      base,
      'PUT',
      '/v1/extractors/put-replace',
      definition({ reasoning_effort: 'high', model: 'some-model', examples: [{ input: { text: 'Invoice A 3' }, output: { title: 'A', total: 3 } }] }),
    );
    expect(first.status).toBe(201);
    expect(first.body.examples).toEqual([{ id: expect.stringMatching(/^exm_/), source_job_id: null, added_at: expect.any(String), input: { type: 'text', text: 'Invoice A 3', file_id: null }, output: { title: 'A', total: 3 } }]);

    const second = await call(base, 'PUT', '/v1/extractors/put-replace', {
      name: 'put-replace',
      display_name: 'Replaced',
      instructions: 'Other instructions',
      schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false },
    });
    expect(second.status).toBe(200);
    expectExtractor(second.body);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.created_at).toBe(first.body.created_at);
    expect(Date.parse(second.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.body.updated_at));
    // Omitted fields go back to their defaults: a replace is not a merge.
    expect(second.body).toMatchObject({ display_name: 'Replaced', reasoning_effort: null, model: localModel, examples: [] });
    expect(second.body.schema.properties).toEqual({ n: { type: 'integer' } });
  });

  it('concurrent PUTs of a new name create exactly one extractor', async () => {
    const replies = await Promise.all([1, 2, 3, 4, 5].map((n) => call(base, 'PUT', '/v1/extractors/put-race', definition({ display_name: `Race ${n}` }))));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(await stack.db('extractors').where({ name: 'put-race' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('accepts an explicit hosted provider with a model, and every reasoning effort', async () => {
    for (const effort of ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', null]) {
      const r = await call(base, 'PUT', '/v1/extractors/put-hosted', definition({ provider_name: 'hosted_api', model: 'gpt-x', reasoning_effort: effort }));
      expect([200, 201]).toContain(r.status);
      expect(r.body).toMatchObject({ provider_name: 'hosted_api', model: 'gpt-x', reasoning_effort: effort });
    }
  });

  it('treats null provider_name and model as the defaults', async () => {
    const r = await call(base, 'PUT', '/v1/extractors/put-nulls', definition({ name: null, provider_name: null, model: null, reasoning_effort: null }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ provider_name: 'compatible_api', model: localModel });
  });

  it('requires a model for hosted providers (400 model_required)', async () => {
    for (const provider_name of ['hosted_api', 'hosted_project_api']) {
      const r = await call(base, 'PUT', '/v1/extractors/put-no-model', definition({ provider_name }));
      expectApiError(r, 400, 'model_required');
    }
    expect((await call(base, 'GET', '/v1/extractors/put-no-model')).status).toBe(404);
  });

  it('rejects a schema outside the dialect with its diagnostics (400 invalid_schema)', async () => {
    const r = await call(base, 'PUT', '/v1/extractors/put-bad-schema', definition({ schema: { type: 'object', properties: { a: { type: 'string', format: 'email' } } } }));
    expectApiError(r, 400, 'invalid_schema');
    expect(Object.keys(r.body.detail).sort()).toEqual(['errors', 'message', 'warnings']);
    expect(typeof r.body.detail.message).toBe('string');
    expect(r.body.detail.errors).toContainEqual(expect.objectContaining({ code: 'unsupported_keyword', path: expect.any(String), message: expect.any(String) }));
    expect(Array.isArray(r.body.detail.warnings)).toBe(true);
  });

  it('rejects an example whose output does not satisfy the schema (400 invalid_example)', async () => {
    const r = await call(base, 'PUT', '/v1/extractors/put-bad-example', definition({ examples: [{ input: { text: 'x' }, output: { title: 5, total: 1 } }] }));
    expectApiError(r, 400, 'invalid_example');
    expect(r.body.detail).toContain('examples[0]');
  });

  it('rejects a text example without text and a file example without a file (400 invalid_example); an unknown file is a 404', async () => {
    const output = { title: 'A', total: 1 };
    for (const input of [{}, { type: 'text', text: null }, { type: 'file' }, { type: 'text', text: 'a', file_id: 'x' }]) {
      const r = await call(base, 'PUT', '/v1/extractors/put-bad-input', definition({ examples: [{ input, output }] }));
      expectApiError(r, 400, 'invalid_example');
    }
    // A reference to a file that does not exist, as in a job: not_found, naming the example.
    const unknown = await call(base, 'PUT', '/v1/extractors/put-bad-input', definition({ examples: [{ input: { type: 'file', file_id: 'file_01h00000000000000000000000' }, output }] }));
    expectApiError(unknown, 404, 'not_found');
    expect(unknown.body.detail).toContain('examples[0]');
  });

  it('accepts a file example naming an uploaded file', async () => {
    const fileId = await insertFile();
    const r = await call(base, 'PUT', '/v1/extractors/put-file-example', definition({ examples: [{ input: { type: 'file', file_id: fileId }, output: { title: null, total: null } }] }));
    expect(r.status).toBe(201);
    expect(r.body.examples).toEqual([{ id: expect.stringMatching(/^exm_/), source_job_id: null, added_at: expect.any(String), input: { type: 'file', text: null, file_id: fileId }, output: { title: null, total: null } }]);
  });

  it('rejects a body name different from the path (400 name_mismatch)', async () => {
    const r = await call(base, 'PUT', '/v1/extractors/put-mismatch', definition({ name: 'other' }));
    expectApiError(r, 400, 'name_mismatch');
  });

  it('refuses to replace a prebuilt extractor (409 prebuilt_read_only)', async () => {
    const r = await call(base, 'PUT', '/v1/extractors/receipt', definition());
    expectApiError(r, 409, 'prebuilt_read_only');
    const receipt = await call(base, 'GET', '/v1/extractors/receipt');
    expect(receipt.body.display_name).toBe('Receipt');
  });

  it('rejects a path that is not a slug, or has the form of an id (422)', async () => {
    expectValidationError(await call(base, 'PUT', '/v1/extractors/Upper-Case', definition()), ['path', 'ref']);
    expectValidationError(await call(base, 'PUT', `/v1/extractors/${newId('extractor')}`, definition()), ['path', 'ref']);
    expectValidationError(await call(base, 'PUT', `/v1/extractors/${'a'.repeat(65)}`, definition()), ['path', 'ref']);
  });

  it('rejects unknown fields, missing required fields and wrong types (422)', async () => {
    expectValidationError(await call(base, 'PUT', '/v1/extractors/put-422', definition({ colour: 'red' })), ['body']);
    const { display_name: _d, ...noDisplay } = definition();
    const missing = await call(base, 'PUT', '/v1/extractors/put-422', noDisplay);
    expectValidationError(missing, ['body', 'display_name']);
    expect(missing.body.detail[0].type).toBe('missing');
    const { schema: _s, ...noSchema } = definition();
    expectValidationError(await call(base, 'PUT', '/v1/extractors/put-422', noSchema), ['body', 'schema']);
    expectValidationError(await call(base, 'PUT', '/v1/extractors/put-422', definition({ display_name: 7 })), ['body', 'display_name']);
    expectValidationError(await call(base, 'PUT', '/v1/extractors/put-422', definition({ reasoning_effort: 'extreme' })), ['body', 'reasoning_effort']);
    expectValidationError(await call(base, 'PUT', '/v1/extractors/put-422', definition({ provider_name: 'other_api' })), ['body', 'provider_name']);
    expectValidationError(await call(base, 'PUT', '/v1/extractors/put-422', definition({ schema: [1] })), ['body', 'schema']);
    expectValidationError(await call(base, 'PUT', '/v1/extractors/put-422', definition({ examples: {} })), ['body', 'examples']);
    expectValidationError(
      await call(base, 'PUT', '/v1/extractors/put-422', definition({ examples: [{ input: { type: 'audio' }, output: {} }] })),
      ['body', 'examples', 0, 'input', 'type'],
    );
    expectValidationError(await call(base, 'PUT', '/v1/extractors/put-422', definition({ examples: [{ input: { text: 'a' } }] })), ['body', 'examples', 0, 'output']);
    expect((await call(base, 'GET', '/v1/extractors/put-422')).status).toBe(404);
  });
});

describe('GET /v1/extractors/{ref}', () => {
  it('reads by stable name and by id', async () => {
    const put = await call(base, 'PUT', '/v1/extractors/get-me', definition());
    const byName = await call(base, 'GET', '/v1/extractors/get-me');
    const byId = await call(base, 'GET', `/v1/extractors/${put.body.id}`);
    expect(byName.status).toBe(200);
    expectExtractor(byName.body);
    expect(byName.body).toEqual(put.body);
    expect(byId.body).toEqual(put.body);
  });

  it('returns the prebuilt receipt extractor', async () => {
    const r = await call(base, 'GET', '/v1/extractors/receipt');
    expect(r.status).toBe(200);
    expectExtractor(r.body);
    expect(r.body).toMatchObject({ name: 'receipt', source: 'prebuilt', is_prebuilt: true, provider_name: 'compatible_api', model: localModel });
  });

  it('404 not_found for an unknown name or id; 422 for a malformed ref', async () => {
    expectApiError(await call(base, 'GET', '/v1/extractors/no-such-extractor'), 404, 'not_found');
    expectApiError(await call(base, 'GET', `/v1/extractors/${newId('extractor')}`), 404, 'not_found');
    expectValidationError(await call(base, 'GET', '/v1/extractors/Not%20A%20Slug'), ['path', 'ref']);
  });
});

describe('GET /v1/extractors', () => {
  it('lists newest first, in pages that together hold every extractor exactly once', async () => {
    for (const n of [1, 2, 3, 4, 5]) expect((await call(base, 'PUT', `/v1/extractors/list-${n}`, definition())).status).toBe(201);
    const all = await call(base, 'GET', '/v1/extractors?limit=100');
    expect(all.status).toBe(200);
    all.body.forEach(expectExtractor);
    const created = all.body.map((e: any) => Date.parse(e.created_at));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const names = all.body.map((e: any) => e.name);
    expect(names.indexOf('list-5')).toBeLessThan(names.indexOf('list-1'));
    expect(names).toContain('receipt');

    const paged = await listAll(base, '/v1/extractors', 2);
    expect(paged.pages).toBeGreaterThan(2);
    expect(paged.items.map((e: any) => e.id)).toEqual(all.body.map((e: any) => e.id));
  });

  it('defaults to a page of 20 and rejects bad limits and cursors (422)', async () => {
    const r = await call(base, 'GET', '/v1/extractors');
    expect(r.status).toBe(200);
    expect(r.body.length).toBeLessThanOrEqual(20);
    expectValidationError(await call(base, 'GET', '/v1/extractors?limit=0'), ['query', 'limit']);
    expectValidationError(await call(base, 'GET', '/v1/extractors?limit=101'), ['query', 'limit']);
    expectValidationError(await call(base, 'GET', '/v1/extractors?limit=abc'), ['query', 'limit']);
    expectValidationError(await call(base, 'GET', '/v1/extractors?cursor=not-a-cursor'), ['query', 'cursor']);
  });
});

describe('PATCH /v1/extractors/{ref}', () => {
  it('merges the given fields and preserves the others, by name and by id', async () => {
    const put = await call(base, 'PUT', '/v1/extractors/patch-me', definition({ reasoning_effort: 'low', examples: [{ input: { text: 'A 1' }, output: { title: 'A', total: 1 } }] }));
    const byName = await call(base, 'PATCH', '/v1/extractors/patch-me', { display_name: 'Patched' });
    expect(byName.status).toBe(200);
    expectExtractor(byName.body);
    expect(byName.body).toEqual({ ...put.body, display_name: 'Patched', updated_at: byName.body.updated_at, version: put.body.version + 1 });

    const byId = await call(base, 'PATCH', `/v1/extractors/${put.body.id}`, { reasoning_effort: null, instructions: '' });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ display_name: 'Patched', reasoning_effort: null, instructions: '', examples: put.body.examples, version: put.body.version + 2 });
  });

  it('applies provider and model defaults to explicit nulls and checks the merged result', async () => {
    await call(base, 'PUT', '/v1/extractors/patch-model', definition({ model: 'custom-model' }));
    const toHosted = await call(base, 'PATCH', '/v1/extractors/patch-model', { provider_name: 'hosted_api' });
    expect(toHosted.body).toMatchObject({ provider_name: 'hosted_api', model: 'custom-model' });
    expectApiError(await call(base, 'PATCH', '/v1/extractors/patch-model', { model: null }), 400, 'model_required');
    const back = await call(base, 'PATCH', '/v1/extractors/patch-model', { provider_name: null, model: null });
    expect(back.body).toMatchObject({ provider_name: 'compatible_api', model: localModel });
  });

  it('validates a new schema and the stored examples against it (400)', async () => {
    await call(base, 'PUT', '/v1/extractors/patch-schema', definition({ examples: [{ input: { text: 'A 1' }, output: { title: 'A', total: 1 } }] }));
    expectApiError(await call(base, 'PATCH', '/v1/extractors/patch-schema', { schema: { type: 'string' } }), 400, 'invalid_schema');
    const narrower = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false };
    expectApiError(await call(base, 'PATCH', '/v1/extractors/patch-schema', { schema: narrower }), 400, 'invalid_example');
    expectApiError(
      await call(base, 'PATCH', '/v1/extractors/patch-schema', { examples: [{ input: { text: 'x' }, output: { title: 'x' } }] }),
      400,
      'invalid_example',
    );
    const ok = await call(base, 'PATCH', '/v1/extractors/patch-schema', { schema: narrower, examples: [{ input: { text: 'x' }, output: { title: 'x' } }] });
    expect(ok.status).toBe(200);
    expect(ok.body.schema).toEqual(narrower);
    expect(ok.body.examples).toHaveLength(1);
  });

  it('refuses prebuilt extractors (409), unknown ones (404) and bad bodies (422)', async () => {
    expectApiError(await call(base, 'PATCH', '/v1/extractors/receipt', { display_name: 'Mine' }), 409, 'prebuilt_read_only');
    expectApiError(await call(base, 'PATCH', '/v1/extractors/no-such-extractor', { display_name: 'x' }), 404, 'not_found');
    await call(base, 'PUT', '/v1/extractors/patch-422', definition());
    expectValidationError(await call(base, 'PATCH', '/v1/extractors/patch-422', { name: 'renamed' }), ['body']);
    expectValidationError(await call(base, 'PATCH', '/v1/extractors/patch-422', { display_name: null }), ['body', 'display_name']);
    expectValidationError(await call(base, 'PATCH', '/v1/extractors/patch-422', { reasoning_effort: 'max' }), ['body', 'reasoning_effort']);
    expectValidationError(await call(base, 'PATCH', '/v1/extractors/BAD', { display_name: 'x' }), ['path', 'ref']);
  });
});

describe('DELETE /v1/extractors/{ref}', () => {
  it('deletes a custom extractor by name or id (204), then it is gone', async () => {
    await call(base, 'PUT', '/v1/extractors/delete-by-name', definition());
    const r = await call(base, 'DELETE', '/v1/extractors/delete-by-name');
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
    expectApiError(await call(base, 'GET', '/v1/extractors/delete-by-name'), 404, 'not_found');

    const put = await call(base, 'PUT', '/v1/extractors/delete-by-id', definition());
    expect((await call(base, 'DELETE', `/v1/extractors/${put.body.id}`)).status).toBe(204);
    expectApiError(await call(base, 'DELETE', `/v1/extractors/${put.body.id}`), 404, 'not_found');
  });

  it('refuses the prebuilt extractor (409 prebuilt_read_only)', async () => {
    expectApiError(await call(base, 'DELETE', '/v1/extractors/receipt'), 409, 'prebuilt_read_only');
    expect((await call(base, 'GET', '/v1/extractors/receipt')).status).toBe(200);
  });

  it('refuses an extractor referenced by jobs (409 extractor_in_use), and deletes it once they are gone', async () => {
    const put = await call(base, 'PUT', '/v1/extractors/delete-in-use', definition());
    const jobId = await insertJobFor(put.body.id);
    expectApiError(await call(base, 'DELETE', '/v1/extractors/delete-in-use'), 409, 'extractor_in_use');
    expect((await call(base, 'GET', '/v1/extractors/delete-in-use')).status).toBe(200);
    await stack.db('extraction_jobs').where({ id: jobId }).delete();
    expect((await call(base, 'DELETE', '/v1/extractors/delete-in-use')).status).toBe(204);
  });

  it('404 for an unknown extractor, 422 for a malformed ref', async () => {
    expectApiError(await call(base, 'DELETE', '/v1/extractors/no-such-extractor'), 404, 'not_found');
    expectValidationError(await call(base, 'DELETE', '/v1/extractors/-bad'), ['path', 'ref']);
  });
});

describe('review_threshold', () => {
  it('is null by default and for prebuilt extractors, set by PUT, changed and cleared by PATCH, refused outside 0–1', async () => {
    const plain = await call(base, 'PUT', '/v1/extractors/threshold-default', definition());
    expect(plain.body.review_threshold).toBeNull();
    expect((await call(base, 'GET', '/v1/extractors/receipt')).body.review_threshold).toBeNull();

    const set = await call(base, 'PUT', '/v1/extractors/threshold-set', definition({ review_threshold: 0.8 }));
    expect(set.status).toBe(201);
    expect(set.body.review_threshold).toBe(0.8);
    const changed = await call(base, 'PATCH', '/v1/extractors/threshold-set', { review_threshold: 0.65 });
    expect(changed.body.review_threshold).toBe(0.65);
    // A patch that does not name it keeps it.
    const kept = await call(base, 'PATCH', '/v1/extractors/threshold-set', { instructions: 'Other.' });
    expect(kept.body.review_threshold).toBe(0.65);
    const cleared = await call(base, 'PATCH', '/v1/extractors/threshold-set', { review_threshold: null });
    expect(cleared.body.review_threshold).toBeNull();

    expectValidationError(await call(base, 'PUT', '/v1/extractors/threshold-bad', definition({ review_threshold: 1.5 })), ['body', 'review_threshold']);
    expectValidationError(await call(base, 'PATCH', '/v1/extractors/threshold-set', { review_threshold: -0.1 }), ['body', 'review_threshold']);
  });
});
