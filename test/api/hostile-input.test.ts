// Hostile input reaches no 500: NUL in any string of any JSON body (generated from openapi.yaml,
// not a hand list), unpaired surrogates, API keys that cannot travel in a header, undeclared
// methods; and scoped tokens. Every response is checked against openapi.yaml.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makePdf } from '../fixtures/documents.js';
import { apiCall, openApiDocument } from '../harness/openapi-validator.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

type Json = any;
const ADMIN = 'hostile-admin-token-9f2';
const CLIENT = 'hostile-client-token-4c1';
const admin = { authorization: `Bearer ${ADMIN}` };
const client = { authorization: `Bearer ${CLIENT}` };

let stack: TestStack;
let base: string;

beforeAll(async () => {
  stack = await startTestStack({ worker: false, env: { SERVICE_API_TOKENS: `${ADMIN},${CLIENT}:client` } });
  base = stack.url;
});
afterAll(async () => stack?.close());

// ── a valid-ish body from a JSON Schema of openapi.yaml ──────────────────────────────────────────
const doc = openApiDocument() as Json;

function resolve(schema: Json): Json {
  let s = schema;
  while (s && s.$ref) s = s.$ref.replace(/^#\//, '').split('/').reduce((o: Json, k: string) => o[k], doc);
  return s ?? {};
}

function sample(schema: Json, depth = 0): unknown {
  const s = resolve(schema);
  if (depth > 6) return null;
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum.find((v: unknown) => v !== null) ?? s.enum[0];
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x: Json) => sample(x, depth + 1)));
  const union = s.oneOf ?? s.anyOf;
  if (union) return sample(union.find((b: Json) => resolve(b).type !== 'null') ?? union[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type ?? (s.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, depth + 1);
      if (!s.properties && s.additionalProperties !== false) out.key = 'value';
      return out;
    }
    case 'array':
      return [sample(s.items ?? {}, depth + 1)];
    case 'string':
      return 'text';
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return { key: 'value' };
  }
}

/** One body per string in `value` (keys included), with a NUL put into that string; `loc` names it. */
function withNulEverywhere(value: unknown, loc: (string | number)[] = []): Array<{ body: unknown; loc: (string | number)[] }> {
  if (typeof value === 'string') return [{ body: `${value}\u0000x`, loc }];
  if (Array.isArray(value)) {
    return value.flatMap((v, i) => withNulEverywhere(v, [...loc, i]).map((m) => ({ body: value.map((w, j) => (j === i ? m.body : w)), loc: m.loc })));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.flatMap(([k, v], i) => [
      // the key itself
      { body: Object.fromEntries(entries.map(([k2, v2], j) => [j === i ? `${k2}\u0000` : k2, v2])), loc: [...loc, `${k}\\u0000`] },
      ...withNulEverywhere(v, [...loc, k]).map((m) => ({ body: Object.fromEntries(entries.map(([k2, v2], j) => [k2, j === i ? m.body : v2])), loc: m.loc })),
    ]);
  }
  return [];
}

function jsonOperations(): Array<{ method: string; path: string; schema: Json; example: unknown }> {
  const ops: Array<{ method: string; path: string; schema: Json; example: unknown }> = [];
  for (const [p, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      const media = op?.requestBody?.content?.['application/json'];
      if (!media?.schema) continue;
      // Path parameters get a plausible value; the check runs before any route reads them.
      const path = p.replace(/\{[^}]+\}/g, (m) => (m.includes('name') ? 'compatible_api' : 'nul-probe'));
      ops.push({ method: method.toUpperCase(), path, schema: media.schema, example: media.example });
    }
  }
  return ops;
}

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await stack.db('pg_tables').where({ schemaname: 'public' }).pluck('tablename');
  const out: Record<string, number> = {};
  for (const t of tables.sort()) out[t] = Number((await stack.db(t).count({ n: '*' }))[0]!.n);
  return out;
}

describe('NUL in any JSON string (from openapi.yaml)', () => {
  it('every operation with a JSON body answers 422 naming the field, and nothing is stored', async () => {
    const ops = jsonOperations();
    expect(ops.length).toBeGreaterThanOrEqual(8);
    const before = await rowCounts();
    const seen: string[] = [];
    let sent = 0;
    for (const op of ops) {
      const valid = op.example ?? sample(op.schema);
      const variants = withNulEverywhere(valid);
      expect([op.method, op.path, variants.length > 0]).toEqual([op.method, op.path, true]);
      for (const v of variants) {
        const r = await apiCall(base, op.method, op.path, v.body, admin);
        sent++;
        const label = `${op.method} ${op.path} ${JSON.stringify(v.loc)}`;
        expect([label, r.status]).toEqual([label, 422]);
        expect([label, r.body.detail]).toEqual([label, expect.arrayContaining([expect.objectContaining({ loc: ['body', ...v.loc], type: 'string_nul' })])]);
        seen.push(`${op.method} ${op.path}`);
      }
    }
    expect(await rowCounts()).toEqual(before);
    console.log(`NUL probe: ${sent} requests over ${new Set(seen).size} operations, all 422; row counts unchanged`);
  });

  it('refuses NUL in a query parameter, a path and a multipart filename', async () => {
    const q = await apiCall(base, 'GET', '/v1/files?cursor=a%00b', undefined, admin);
    expect(q.status).toBe(422);
    expect(q.body.detail[0]).toMatchObject({ loc: ['query', 'cursor'], type: 'string_nul' });
    const p = await apiCall(base, 'GET', '/v1/extractors/a%00b', undefined, admin);
    expect(p.status).toBe(422);
    expect(p.body.detail[0]).toMatchObject({ loc: ['path'], type: 'string_nul' });

    const before = await rowCounts();
    const form = new FormData();
    form.append('upload', new Blob([new Uint8Array(makePdf(['x']))], { type: 'application/pdf' }), 'bad\u0000name.pdf');
    const f = await apiCall(base, 'POST', '/v1/files', form, admin);
    expect(f.status).toBe(422);
    expect(f.body.detail[0]).toMatchObject({ loc: ['body', 'upload', 'filename'], type: 'string_nul' });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('unpaired surrogates', () => {
  it('are stored as U+FFFD, never a 500', async () => {
    const raw = '{"name":"surrogate-probe","display_name":"a\\ud800b\\udc00c","instructions":"lone \\udfff"}';
    const r = await apiCall(base, 'POST', '/v1/parsers', raw, { ...admin, 'content-type': 'application/json' });
    expect(r.status).toBe(201);
    expect(r.body.display_name).toBe('a\uFFFDb\uFFFDc');
    expect(r.body.instructions).toBe('lone \uFFFD');
    // A well-formed pair is left alone.
    const pair = await apiCall(base, 'PATCH', `/v1/parsers/${r.body.id}`, '{"display_name":"\\ud83d\\ude00"}', { ...admin, 'content-type': 'application/json' });
    expect(pair.status).toBe(200);
    expect(pair.body.display_name).toBe('😀');
    expect((await apiCall(base, 'DELETE', `/v1/parsers/${r.body.id}`, undefined, admin)).status).toBe(204);
  });
});

describe('provider API keys', () => {
  it.each(['has space', 'tab\tkey', 'clé-non-ascii', 'line\nbreak', 'key\u007f'])('refuses %j with 400 invalid_api_key, for every provider', async (key) => {
    for (const name of ['hosted_api', 'hosted_project_api', 'compatible_api']) {
      for (const method of ['PATCH', 'PUT']) {
        const r = await apiCall(base, method, `/v1/providers/${name}`, { api_key: key }, admin);
        expect([name, method, r.status, r.body.code]).toEqual([name, method, 400, 'invalid_api_key']);
      }
    }
    expect((await apiCall(base, 'GET', '/v1/providers/compatible_api', undefined, admin)).body.has_api_key).toBe(false);
  });

  it('stores a visible-ASCII key', async () => {
    const r = await apiCall(base, 'PATCH', '/v1/providers/hosted_api', { api_key: 'sk-Abc_123~!{}' }, admin);
    expect([r.status, r.body.has_api_key]).toEqual([200, true]);
    expect((await apiCall(base, 'PATCH', '/v1/providers/hosted_api', { api_key: null }, admin)).status).toBe(200);
  });
});

/** A raw request (fetch refuses TRACE). */
function rawRequest(method: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolveReq, reject) => {
    const req = request({ method, host: url.hostname, port: url.port, path: url.pathname + url.search, headers: admin }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolveReq({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('request shapes the document declares', () => {
  it('accepts every cursor of the documented form and refuses others with 422', async () => {
    for (const path of ['/v1/files', '/v1/extractors', '/v1/parsers', '/v1/extraction-jobs', '/v1/parse-jobs', '/v1/jobs']) {
      for (const cursor of ['0.a', '9999999999999999.zzz', '1732358400123456.file_01jqz8m4x5v6w7y8z9a0b1c2d3']) {
        const r = await apiCall(base, 'GET', `${path}?cursor=${cursor}`, undefined, admin);
        expect([path, cursor, r.status]).toEqual([path, cursor, 200]);
      }
      for (const cursor of ['abc', '12.', '.x', 'eyJ0IjoxfQ']) {
        const r = await apiCall(base, 'GET', `${path}?cursor=${cursor}`, undefined, admin);
        expect([path, cursor, r.status]).toEqual([path, cursor, 422]);
      }
    }
  });

  it('PUT and PATCH of a provider need a JSON body (422 without one)', async () => {
    for (const method of ['PUT', 'PATCH']) {
      const r = await apiCall(base, method, '/v1/providers/compatible_api', undefined, admin);
      expect([method, r.status, r.body.detail?.[0]?.loc]).toEqual([method, 422, ['body']]);
    }
  });
});

describe('methods', () => {
  it.each([
    ['TRACE', '/v1/files', 'GET, HEAD, POST'],
    ['TRACE', '/healthz', 'GET, HEAD'],
    ['DELETE', '/v1/providers', 'GET, HEAD'],
    ['POST', '/v1/providers/compatible_api', 'GET, HEAD, PATCH, PUT'],
    ['PUT', '/v1/files/file_x', 'DELETE, GET, HEAD'],
    ['PATCH', '/v1/schemas/validate', 'POST'],
    ['OPTIONS', '/v1/extraction-jobs', 'GET, HEAD, POST'],
  ])('%s %s → 405 with Allow: %s', async (method, path, allow) => {
    const r = await rawRequest(method, path);
    expect([r.status, r.headers.allow]).toEqual([405, allow]);
    expect(JSON.parse(r.body)).toEqual({ detail: expect.any(String), code: 'method_not_allowed' });
  });

  it.each([['TRACE'], ['GET'], ['DELETE']])('%s on an unknown path → 404', async (method) => {
    const r = await rawRequest(method, '/v1/nothing-here');
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body).code).toBe('not_found');
  });
});

describe('scoped tokens', () => {
  it('a client token gets 403 on PATCH provider and changing definitions, 201 on job creation', async () => {
    const patch = await apiCall(base, 'PATCH', '/v1/providers/compatible_api', { configuration: {} }, client);
    expect([patch.status, patch.body.code]).toEqual([403, 'forbidden']);
    for (const [method, path, body] of [
      ['PUT', '/v1/providers/compatible_api', {}],
      ['PUT', '/v1/extractors/client-made', { schema: { type: 'object', properties: { a: { type: 'string' } } } }],
      ['DELETE', '/v1/extractors/receipt', undefined],
      ['POST', '/v1/parsers', { name: 'client-made' }],
      ['DELETE', '/v1/parsers/document-to-markdown', undefined],
    ] as const) {
      const r = await apiCall(base, method, path, body, client);
      expect([method, path, r.status, r.body.code]).toEqual([method, path, 403, 'forbidden']);
    }

    // Reads, schema validation, files and jobs are the client's.
    for (const path of ['/v1/providers', '/v1/providers/compatible_api', '/v1/extractors', '/v1/extractors/receipt', '/v1/parsers', '/v1/extraction-jobs', '/v1/parse-jobs', '/v1/files']) {
      expect([path, (await apiCall(base, 'GET', path, undefined, client)).status]).toEqual([path, 200]);
    }
    const validated = await apiCall(base, 'POST', '/v1/schemas/validate', { schema: { type: 'object', properties: { a: { type: 'string' } } } }, client);
    expect(validated.status).toBe(200);
    const form = new FormData();
    form.append('upload', new Blob([new Uint8Array(makePdf(['x']))], { type: 'application/pdf' }), 'client.pdf');
    const file = await apiCall(base, 'POST', '/v1/files', form, client);
    expect(file.status).toBe(201);
    const job = await apiCall(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt', file_id: file.body.id }, client);
    expect([job.status, job.body.status]).toEqual([201, 'queued']);
    const parse = await apiCall(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id }, client);
    expect(parse.status).toBe(201);
    expect((await apiCall(base, 'POST', `/v1/parse-jobs/${parse.body.id}/cancel`, undefined, client)).status).toBe(200);
    expect((await apiCall(base, 'POST', `/v1/extraction-jobs/${job.body.id}/cancel`, undefined, client)).status).toBe(200);

    // The admin token (no scope written) may do what the client may not.
    const ok = await apiCall(base, 'PATCH', '/v1/providers/compatible_api', { configuration: {} }, admin);
    expect(ok.status).toBe(200);
  });
});
