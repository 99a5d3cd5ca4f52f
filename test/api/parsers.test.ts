import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newId } from '../../src/domain/ids.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { call, expectApiError, expectIsoUtc, expectValidationError, listAll } from './definition-helpers.js';

const PARSER_KEYS = [
  'created_at',
  'display_name',
  'id',
  'instructions',
  'is_prebuilt',
  'model',
  'name',
  'output_format',
  'provider_name',
  'reasoning_effort',
  'source',
  'updated_at',
];

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

function expectParser(body: any): void {
  expect(Object.keys(body).sort()).toEqual(PARSER_KEYS);
  expect(body.id).toMatch(/^prs_[0-9a-z]{26}$/);
  for (const k of ['name', 'display_name', 'instructions', 'provider_name', 'model']) expect(typeof body[k]).toBe('string');
  expect(body.output_format).toBe('markdown');
  expect(['hosted_api', 'hosted_project_api', 'compatible_api']).toContain(body.provider_name);
  expect(body.reasoning_effort === null || typeof body.reasoning_effort === 'string').toBe(true);
  expect(['user', 'prebuilt']).toContain(body.source);
  expect(body.is_prebuilt).toBe(body.source === 'prebuilt');
  expectIsoUtc(body.created_at);
  expectIsoUtc(body.updated_at);
}

async function insertJobFor(parserId: string): Promise<string> {
  const fileId = newId('file');
  await stack.db('files').insert({ id: fileId, filename: 'a.png', media_type: 'image/png', size_bytes: 4, sha256: '0'.repeat(64) });
  const id = newId('parseJob');
  await stack.db('parse_jobs').insert({ id, parser_id: parserId, parser_snapshot: JSON.stringify({}), file_id: fileId, status: 'completed' });
  return id;
}

describe('POST /v1/parsers', () => {
  it('creates with the contract defaults (201)', async () => {
    const r = await call(base, 'POST', '/v1/parsers', { name: 'post-defaults', display_name: 'Defaults' });
    expect(r.status).toBe(201);
    expectParser(r.body);
    expect(r.body).toMatchObject({
      name: 'post-defaults',
      display_name: 'Defaults',
      output_format: 'markdown',
      instructions: '',
      reasoning_effort: null,
      provider_name: 'compatible_api',
      model: localModel,
      source: 'user',
      is_prebuilt: false,
    });
  });

  it('stores every given field', async () => {
    const body = {
      name: 'post-full',
      display_name: 'Full',
      output_format: 'markdown',
      instructions: 'Keep tables as Markdown tables.',
      reasoning_effort: 'minimal',
      provider_name: 'hosted_project_api',
      model: 'my-deployment',
    };
    const r = await call(base, 'POST', '/v1/parsers', body);
    expect(r.status).toBe(201);
    const { name, ...rest } = body;
    expect(r.body).toMatchObject({ name, ...rest });
  });

  it('409 name_taken for an existing name, prebuilt or not', async () => {
    await call(base, 'POST', '/v1/parsers', { name: 'post-taken', display_name: 'A' });
    expectApiError(await call(base, 'POST', '/v1/parsers', { name: 'post-taken', display_name: 'B' }), 409, 'name_taken');
    expectApiError(await call(base, 'POST', '/v1/parsers', { name: 'document-to-markdown', display_name: 'B' }), 409, 'name_taken');
    expect((await call(base, 'GET', '/v1/parsers/post-taken')).body.display_name).toBe('A');
  });

  it('400 model_required for a hosted provider without a model', async () => {
    expectApiError(await call(base, 'POST', '/v1/parsers', { name: 'post-hosted', display_name: 'H', provider_name: 'hosted_api' }), 400, 'model_required');
  });

  it('422 for a missing or malformed name, other output formats, unknown fields and wrong types', async () => {
    expectValidationError(await call(base, 'POST', '/v1/parsers', { display_name: 'x' }), ['body', 'name']);
    expectValidationError(await call(base, 'POST', '/v1/parsers', { name: 'Has Spaces', display_name: 'x' }), ['body', 'name']);
    expectValidationError(await call(base, 'POST', '/v1/parsers', { name: newId('parser'), display_name: 'x' }), ['body', 'name']);
    expectValidationError(await call(base, 'POST', '/v1/parsers', { name: 'p422' }), ['body', 'display_name']);
    expectValidationError(await call(base, 'POST', '/v1/parsers', { name: 'p422', display_name: 'x', output_format: 'html' }), ['body', 'output_format']);
    expectValidationError(await call(base, 'POST', '/v1/parsers', { name: 'p422', display_name: 'x', pages: 3 }), ['body']);
    expectValidationError(await call(base, 'POST', '/v1/parsers', { name: 'p422', display_name: 'x', instructions: 5 }), ['body', 'instructions']);
    expectValidationError(await call(base, 'POST', '/v1/parsers', { name: 'p422', display_name: 'x', reasoning_effort: 'max' }), ['body', 'reasoning_effort']);
    expectValidationError(await call(base, 'POST', '/v1/parsers', { name: 'p422', display_name: 'x', provider_name: 'local' }), ['body', 'provider_name']);
    expect((await call(base, 'GET', '/v1/parsers/p422')).status).toBe(404);
  });
});

describe('PUT /v1/parsers/{name}', () => {
  it('creates (201) then replaces the complete definition (200), keeping id and created_at', async () => {
    const first = await call(base, 'PUT', '/v1/parsers/put-me', {
      name: 'put-me',
      display_name: 'First',
      instructions: 'first',
      reasoning_effort: 'high',
      model: 'vision-1',
    });
    expect(first.status).toBe(201);
    expectParser(first.body);
    expect(first.body).toMatchObject({ instructions: 'first', reasoning_effort: 'high', model: 'vision-1' });

    const second = await call(base, 'PUT', '/v1/parsers/put-me', { display_name: 'Second' });
    expect(second.status).toBe(200);
    expectParser(second.body);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.created_at).toBe(first.body.created_at);
    expect(second.body).toMatchObject({ display_name: 'Second', instructions: '', reasoning_effort: null, model: localModel });
  });

  it('refuses the prebuilt parser (409), a body name that differs (400) and a bad path or body (422)', async () => {
    expectApiError(await call(base, 'PUT', '/v1/parsers/document-to-markdown', { display_name: 'Mine' }), 409, 'prebuilt_read_only');
    expectApiError(await call(base, 'PUT', '/v1/parsers/put-x', { name: 'put-y', display_name: 'x' }), 400, 'name_mismatch');
    expectApiError(await call(base, 'PUT', '/v1/parsers/put-x', { display_name: 'x', provider_name: 'hosted_api' }), 400, 'model_required');
    expectValidationError(await call(base, 'PUT', '/v1/parsers/PUT_X', { display_name: 'x' }), ['path', 'ref']);
    expectValidationError(await call(base, 'PUT', `/v1/parsers/${newId('parser')}`, { display_name: 'x' }), ['path', 'ref']);
    expectValidationError(await call(base, 'PUT', '/v1/parsers/put-x', {}), ['body', 'display_name']);
    expectValidationError(await call(base, 'PUT', '/v1/parsers/put-x', { display_name: 'x', extra: true }), ['body']);
    expect((await call(base, 'GET', '/v1/parsers/put-x')).status).toBe(404);
  });
});

describe('GET /v1/parsers/{ref} and GET /v1/parsers', () => {
  it('reads by name and id; the prebuilt parser is there', async () => {
    const made = await call(base, 'POST', '/v1/parsers', { name: 'get-me', display_name: 'Get' });
    expect((await call(base, 'GET', '/v1/parsers/get-me')).body).toEqual(made.body);
    expect((await call(base, 'GET', `/v1/parsers/${made.body.id}`)).body).toEqual(made.body);
    const prebuilt = await call(base, 'GET', '/v1/parsers/document-to-markdown');
    expect(prebuilt.status).toBe(200);
    expectParser(prebuilt.body);
    expect(prebuilt.body).toMatchObject({ source: 'prebuilt', is_prebuilt: true, instructions: '', model: localModel });
  });

  it('404 not_found for unknown refs, 422 for malformed ones', async () => {
    expectApiError(await call(base, 'GET', '/v1/parsers/nothing-here'), 404, 'not_found');
    expectApiError(await call(base, 'GET', `/v1/parsers/${newId('parser')}`), 404, 'not_found');
    expectValidationError(await call(base, 'GET', '/v1/parsers/%C3%A9t%C3%A9'), ['path', 'ref']);
  });

  it('lists newest first with limit and cursor', async () => {
    for (const n of [1, 2, 3]) expect((await call(base, 'POST', '/v1/parsers', { name: `list-${n}`, display_name: `L${n}` })).status).toBe(201);
    const all = await call(base, 'GET', '/v1/parsers?limit=100');
    all.body.forEach(expectParser);
    const names = all.body.map((p: any) => p.name);
    expect(names.slice(0, 3)).toEqual(['list-3', 'list-2', 'list-1']);
    expect(names[names.length - 1]).toBe('document-to-markdown'); // seeded first
    const paged = await listAll(base, '/v1/parsers', 2);
    expect(paged.items.map((p: any) => p.id)).toEqual(all.body.map((p: any) => p.id));
    expectValidationError(await call(base, 'GET', '/v1/parsers?limit=-1'), ['query', 'limit']);
    expectValidationError(await call(base, 'GET', `/v1/parsers?cursor=${Buffer.from('{"t":1}').toString('base64url')}`), ['query', 'cursor']);
  });
});

describe('PATCH /v1/parsers/{ref}', () => {
  it('merges by name or id and preserves omitted fields', async () => {
    const made = await call(base, 'POST', '/v1/parsers', { name: 'patch-me', display_name: 'P', instructions: 'keep', reasoning_effort: 'low' });
    const a = await call(base, 'PATCH', '/v1/parsers/patch-me', { display_name: 'Patched' });
    expect(a.status).toBe(200);
    expectParser(a.body);
    expect(a.body).toEqual({ ...made.body, display_name: 'Patched', updated_at: a.body.updated_at });
    const b = await call(base, 'PATCH', `/v1/parsers/${made.body.id}`, { instructions: '', output_format: 'markdown', reasoning_effort: null });
    expect(b.body).toMatchObject({ display_name: 'Patched', instructions: '', reasoning_effort: null });
    const c = await call(base, 'PATCH', '/v1/parsers/patch-me', { provider_name: 'hosted_api', model: 'm-1' });
    expect(c.body).toMatchObject({ provider_name: 'hosted_api', model: 'm-1' });
    expectApiError(await call(base, 'PATCH', '/v1/parsers/patch-me', { model: null }), 400, 'model_required');
  });

  it('409 for the prebuilt parser, 404 for unknown, 422 for bad bodies', async () => {
    expectApiError(await call(base, 'PATCH', '/v1/parsers/document-to-markdown', { instructions: 'x' }), 409, 'prebuilt_read_only');
    expectApiError(await call(base, 'PATCH', '/v1/parsers/nothing-here', { instructions: 'x' }), 404, 'not_found');
    await call(base, 'POST', '/v1/parsers', { name: 'patch-422', display_name: 'P' });
    expectValidationError(await call(base, 'PATCH', '/v1/parsers/patch-422', { name: 'x' }), ['body']);
    expectValidationError(await call(base, 'PATCH', '/v1/parsers/patch-422', { output_format: 'json' }), ['body', 'output_format']);
    expectValidationError(await call(base, 'PATCH', '/v1/parsers/patch-422', { display_name: '' }), ['body', 'display_name']);
  });
});

describe('DELETE /v1/parsers/{ref}', () => {
  it('deletes a custom parser (204) by name or id', async () => {
    await call(base, 'POST', '/v1/parsers', { name: 'delete-me', display_name: 'D' });
    const r = await call(base, 'DELETE', '/v1/parsers/delete-me');
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
    expectApiError(await call(base, 'GET', '/v1/parsers/delete-me'), 404, 'not_found');
    const made = await call(base, 'POST', '/v1/parsers', { name: 'delete-by-id', display_name: 'D' });
    expect((await call(base, 'DELETE', `/v1/parsers/${made.body.id}`)).status).toBe(204);
  });

  it('409 prebuilt_read_only, 409 parser_in_use, 404 unknown, 422 malformed', async () => {
    expectApiError(await call(base, 'DELETE', '/v1/parsers/document-to-markdown'), 409, 'prebuilt_read_only');
    const made = await call(base, 'POST', '/v1/parsers', { name: 'delete-in-use', display_name: 'D' });
    const jobId = await insertJobFor(made.body.id);
    expectApiError(await call(base, 'DELETE', '/v1/parsers/delete-in-use'), 409, 'parser_in_use');
    await stack.db('parse_jobs').where({ id: jobId }).delete();
    expect((await call(base, 'DELETE', '/v1/parsers/delete-in-use')).status).toBe(204);
    expectApiError(await call(base, 'DELETE', '/v1/parsers/nothing-here'), 404, 'not_found');
    expectValidationError(await call(base, 'DELETE', '/v1/parsers/A'), ['path', 'ref']);
  });
});
