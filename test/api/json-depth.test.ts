// JSON depth is bounded wherever JSON enters (issue 38): every operation of openapi.yaml with a
// JSON body refuses a body nested deeper than 128 levels with 422 `json_too_deep` before anything
// is stored (bodies of operations added later included: the list comes from the document), and
// every 4xx carries a `code` (issue 45).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { MAX_JSON_DEPTH } from '../../src/json-depth.js';
import { OPENAPI_PATH } from '../harness/openapi-validator.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

const METHODS = ['put', 'post', 'patch'] as const;
const document = parse(readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, any>> };
/** Every operation whose request body may be JSON. */
const jsonOperations = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]?.requestBody?.content?.['application/json']).map((m) => [m.toUpperCase(), path] as [string, string]),
);

/** `{"x": [[…]]}` nested `depth` levels (the object is level 1), as text. */
const nested = (depth: number) => `{"x": ${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

let stack: TestStack;
let base: string;

// An operator token: in open mode the workspaces' own operations answer 403 before reading a body.
const OPERATOR = 'depth-operator-token';

/** A JSON call as the operator. */
async function call(_base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return raw(method, path, body === undefined ? '' : JSON.stringify(body));
}

async function raw(method: string, path: string, body: string, contentType = 'application/json'): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${OPERATOR}`, ...(body === '' ? {} : { 'content-type': contentType }) };
  const r = await fetch(`${base}${path}`, { method, headers, body: body === '' ? undefined : body });
  return { status: r.status, body: await r.json() };
}

beforeAll(async () => {
  stack = await startTestStack({ worker: false, env: { SERVICE_API_TOKENS: OPERATOR } });
  base = stack.url;
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('JSON nested deeper than the limit', () => {
  it('the limit is 128 levels, as openapi.yaml documents', () => {
    expect(MAX_JSON_DEPTH).toBe(128);
    expect(jsonOperations.length).toBeGreaterThan(15);
  });

  it.each(jsonOperations)('%s %s: 5,000 levels are 422 json_too_deep', async (method, template) => {
    const path = template.replace(/\{[a-z_]+\}/g, 'depth-probe');
    const r = await raw(method, path, nested(5000));
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('json_too_deep');
    expect(r.body.detail).toHaveLength(1);
    expect(r.body.detail[0].type).toBe('json_too_deep');
    expect(r.body.detail[0].loc.slice(0, 3)).toEqual(['body', 'x', 0]);
  });

  it('128 levels pass the check (the route decides), 129 do not', async () => {
    const at = await raw('POST', '/v1/schemas/validate', nested(MAX_JSON_DEPTH));
    expect(at.body.code).not.toBe('json_too_deep');
    const over = await raw('POST', '/v1/schemas/validate', nested(MAX_JSON_DEPTH + 1));
    expect(over).toMatchObject({ status: 422, body: { code: 'json_too_deep' } });
    expect(over.body.detail[0].loc).toHaveLength(1 + MAX_JSON_DEPTH);
  });

  it('stores nothing: an extractor example and an evaluation expected output that deep are refused, the definitions unchanged', async () => {
    const schema = { type: 'object', properties: { v: { type: 'array', items: {} } }, required: ['v'], additionalProperties: false };
    // As text: a value this deep is more than JSON.stringify's stack takes in a test process.
    const deepValue = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const example = `{"input": {"type": "text", "text": "x"}, "output": {"v": ${deepValue}}}`;
    const put = await raw('PUT', '/v1/extractors/depth-deep', `{"display_name": "Deep", "instructions": "x", "model": "m", "schema": ${JSON.stringify(schema)}, "examples": [${example}]}`);
    expect(put).toMatchObject({ status: 422, body: { code: 'json_too_deep' } });
    expect((await call(base, 'GET', '/v1/extractors/depth-deep')).status).toBe(404);

    expect((await call(base, 'POST', '/v1/evaluation-sets', { name: 'depth-set', display_name: 'Depth' })).status).toBe(201);
    const item = await raw('POST', '/v1/evaluation-sets/depth-set/items', `{"text": "x", "expected_output": {"v": ${deepValue}}}`);
    expect(item).toMatchObject({ status: 422, body: { code: 'json_too_deep' } });
    expect((await call(base, 'GET', '/v1/evaluation-sets/depth-set')).body.item_count).toBe(0);
  });
});

describe('every 4xx carries a code', () => {
  it('a request-shape error is 422 validation_error; malformed JSON too', async () => {
    const shape = await call(base, 'POST', '/v1/extraction-jobs', { text: 5 });
    expect(shape).toMatchObject({ status: 422, body: { code: 'validation_error' } });
    const malformed = await raw('POST', '/v1/extraction-jobs', '{"text": ');
    expect(malformed).toMatchObject({ status: 422, body: { code: 'validation_error' } });
  });

  it('a multipart upload with the wrong part name is 422 with a code', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'x.png');
    const r = await fetch(`${base}/v1/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(r.status).toBe(422);
    expect(((await r.json()) as { code?: string }).code).toBe("validation_error");
  });

  it('payload_too_large states the limit', async () => {
    const r = await raw('PUT', '/v1/extractors/too-large', JSON.stringify({ instructions: 'x'.repeat(3 * 1024 * 1024) }));
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ code: 'payload_too_large', detail: expect.stringContaining('2 MiB') });
  });
});
