import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makeHugePagePdf, makePdf, makePng } from '../fixtures/documents.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { call, pollJob, startStackWithProvider, upload } from './job-helpers.js';

// Bad input of every kind gets a clear 4xx with a stable code (ApiErrorResponse `code`, or the
// `type` of each HTTPValidationError entry), answers quickly, and stores nothing.

const TABLES = ['providers', 'extractors', 'parsers', 'files', 'file_blobs', 'extraction_jobs', 'parse_jobs', 'parse_pages'];
const MAX_UPLOAD = 2 * 1024 * 1024;
const MAX_PAGES = 1000;

const SCHEMA = {
  type: 'object',
  properties: { title: { type: ['string', 'null'] } },
  required: ['title'],
  additionalProperties: false,
};
const EXTRACTOR = { display_name: 'Bad input', instructions: 'Extract the title.', model: 'some-model', schema: SCHEMA };

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_MAX_UPLOAD_BYTES: String(MAX_UPLOAD), SERVICE_MAX_PAGES: String(MAX_PAGES) } }));
  base = stack.url;
  expect((await call(base, 'PUT', '/v1/extractors/bad-input', EXTRACTOR)).status).toBe(201);
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await stack.db(t).count({ n: '*' }).first())!.n);
  return out;
}

/** Run `fn` and check that no table gained or lost a row. */
async function storesNothing<T>(fn: () => Promise<T>): Promise<T> {
  const before = await counts();
  const result = await fn();
  expect(await counts()).toEqual(before);
  return result;
}

interface Raw {
  status: number;
  body: any;
  headers: Headers;
  ms: number;
}

/** Send a body exactly as given (bytes or text), with the headers given. */
async function raw(method: string, path: string, body: string | Buffer | undefined, headers: Record<string, string> = {}): Promise<Raw> {
  const started = Date.now();
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : new Uint8Array(Buffer.from(body)) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* keep text */
  }
  return { status: res.status, body: parsed, headers: res.headers, ms: Date.now() - started };
}

const json = (method: string, path: string, text: string) => raw(method, path, text, { 'content-type': 'application/json' });

/** A 422 whose entries carry these stable `type`s (at least one of them each). */
function expect422(r: { status: number; body: any }, ...types: string[]) {
  if (r.status !== 422) throw new Error(`expected 422, got ${r.status}: ${JSON.stringify(r.body).slice(0, 500)}`);
  expect(Array.isArray(r.body.detail)).toBe(true);
  for (const type of types) expect(r.body.detail.map((d: any) => d.type)).toContain(type);
}

/** A 4xx ApiErrorResponse with this code. */
function expectCode(r: { status: number; body: any }, status: number, code: string) {
  if (r.status !== status || r.body?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${r.status}: ${JSON.stringify(r.body).slice(0, 500)}`);
  }
}

/** `{"a":{"a":...}}` nested `depth` deep, built as text so building it needs no recursion. */
const deepObjectText = (depth: number, leaf = '1') => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
const deepArrayText = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** A schema nested `depth` levels through `properties`, as text. */
function deepSchemaText(depth: number): string {
  const open = '{"type":"object","properties":{"x":';
  const close = '},"required":["x"],"additionalProperties":false}';
  return open.repeat(depth) + '{"type":"string"}' + close.repeat(depth);
}

/** A multipart body with one file part whose Content-Disposition filename is `filename` as raw bytes; `type` '' sends no Content-Type. */
function multipart(filename: Buffer, type: string, bytes: Buffer, part = 'upload'): { body: Buffer; contentType: string } {
  const boundary = '----bad-input-boundary-7MA4YWxkTrZu0gW';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="`, 'latin1'),
    filename,
    // An empty `type`: no Content-Type header in the part at all.
    Buffer.from(type ? `"\r\nContent-Type: ${type}\r\n\r\n` : '"\r\n\r\n', 'latin1'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('JSON bodies', () => {
  it('malformed JSON is a 422 json_invalid', async () => {
    for (const text of ['{"extractor_name": "bad-input", "text": ', '{extractor_name: 1}', '[1, 2', '"unterminated', '{"a":1}}']) {
      const r = await storesNothing(() => json('POST', '/v1/extraction-jobs', text));
      expect422(r, 'json_invalid');
    }
  });

  it('wrong types are a 422 naming each field', async () => {
    const r = await storesNothing(() => json('POST', '/v1/extraction-jobs', JSON.stringify({ extractor_name: 5, text: ['x'] })));
    expect422(r);
    const locs = r.body.detail.map((d: any) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.extractor_name', 'body.text']));
    // A body that is not an object at all.
    for (const text of ['null', '42', '"text"', '[]', 'true']) expect422(await storesNothing(() => json('POST', '/v1/extraction-jobs', text)));
    expect422(await storesNothing(() => json('PUT', '/v1/extractors/typed', JSON.stringify({ ...EXTRACTOR, schema: 'not an object' }))));
  });

  it('unknown fields are refused where the contract is closed (extra_forbidden)', async () => {
    const job = await storesNothing(() => call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'bad-input', text: 'x', priority: 9 }));
    expect422(job, 'extra_forbidden');
    expect(job.body.detail.find((d: any) => d.type === 'extra_forbidden').loc).toEqual(['body', 'priority']);
    expect422(await storesNothing(() => call(base, 'PUT', '/v1/extractors/extra', { ...EXTRACTOR, colour: 'red' })), 'extra_forbidden');
    expect422(await storesNothing(() => call(base, 'PATCH', '/v1/extractors/bad-input', { nickname: 'x' })), 'extra_forbidden');
    expect422(await storesNothing(() => call(base, 'POST', '/v1/parse-jobs', { file_id: 'file_x', pages: [1] })), 'extra_forbidden');
  });

  it('an empty body is a 422 (missing fields), not a 500', async () => {
    const r1 = await storesNothing(() => raw('POST', '/v1/extraction-jobs', '', { 'content-type': 'application/json' }));
    expect(r1.status).toBe(422);
    const r2 = await storesNothing(() => raw('POST', '/v1/extraction-jobs', undefined));
    expect(r2.status).toBe(422);
    const r3 = await storesNothing(() => raw('PUT', '/v1/extractors/empty', '', { 'content-type': 'application/json' }));
    expect(r3.status).toBe(422);
    expect(r3.body.detail.map((d: any) => d.type)).toContain('missing');
  });

  it('a JSON body over the limit (2 MiB, 13 MiB for job creation) is a 413 payload_too_large', async () => {
    const big = JSON.stringify({ extractor_name: 'bad-input', text: 'x'.repeat(14 * 1024 * 1024) });
    const r = await storesNothing(() => json('POST', '/v1/extraction-jobs', big));
    expectCode(r, 413, 'payload_too_large');
    const bigDefinition = JSON.stringify({ display_name: 'x', instructions: 'x'.repeat(3 * 1024 * 1024), schema: {} });
    expectCode(await storesNothing(() => json('PUT', '/v1/extractors/bad-input-big', bigDefinition)), 413, 'payload_too_large');
    // Under the body limit but over the field's own bound: a 422, also when the text's JSON escapes
    // make the body larger than 2 MiB (1 000 001 characters of 6 bytes each).
    const long = JSON.stringify({ extractor_name: 'bad-input', text: 'x'.repeat(1_500_000) });
    expect422(await storesNothing(() => json('POST', '/v1/extraction-jobs', long)), 'too_big');
    const escaped = JSON.stringify({ extractor_name: 'bad-input', text: '\u0007'.repeat(1_000_001) });
    expect422(await storesNothing(() => json('POST', '/v1/extraction-jobs', escaped)), 'too_big');
  });

  it('deeply nested JSON bodies are refused quickly and the API stays up', async () => {
    for (const text of [
      `{"extractor_name":"bad-input","text":${deepArrayText(100_000)}}`,
      `{"extractor_name":"bad-input","text":"x","extra":${deepObjectText(100_000)}}`,
      deepArrayText(200_000),
    ]) {
      const r = await storesNothing(() => json('POST', '/v1/extraction-jobs', text));
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.ms).toBeLessThan(5000);
    }
    // A deep value where the contract takes any JSON object (an example's output) is bounded too.
    const deepExample = `{"display_name":"Deep","instructions":"x","model":"m","schema":${JSON.stringify(SCHEMA)},` +
      `"examples":[{"input":{"text":"x"},"output":${deepObjectText(50_000)}}]}`;
    const r = await storesNothing(() => json('PUT', '/v1/extractors/deep-example', deepExample));
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect((await call(base, 'GET', '/healthz')).status).toBe(200);
  });

  it('a "__proto__" key anywhere in a JSON body is a 422, never a prototype', async () => {
    const schemaWithProto = '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"],"additionalProperties":false}';
    const cases: Array<[string, string, string, string]> = [
      ['POST', '/v1/extraction-jobs', '{"extractor_name":"bad-input","text":"x","__proto__":{"polluted":true}}', 'json_invalid'],
      ['PUT', '/v1/extractors/proto', `{"display_name":"P","instructions":"x","model":"m","schema":${JSON.stringify(SCHEMA)},"__proto__":{"polluted":true}}`, 'json_invalid'],
      ['PUT', '/v1/extractors/proto', `{"display_name":"P","instructions":"x","model":"m","schema":${schemaWithProto}}`, 'json_invalid'],
      ['POST', '/v1/schemas/validate', `{"schema":${schemaWithProto}}`, 'json_invalid'],
      // The parser lets constructor.prototype through as plain data; the closed contract refuses it.
      ['POST', '/v1/extraction-jobs', '{"extractor_name":"bad-input","text":"x","constructor":{"prototype":{"polluted":true}}}', 'extra_forbidden'],
    ];
    for (const [method, path, text, type] of cases) {
      const r = await storesNothing(() => json(method, path, text));
      expect422(r, type);
    }
    // The API runs in this process: nothing reached Object.prototype.
    expect(({} as any).polluted).toBeUndefined();
  });

  it('property names that shadow Object.prototype members are ordinary names in a schema', async () => {
    const schema = {
      type: 'object',
      properties: { constructor: { type: 'string' }, toString: { type: ['string', 'null'] }, hasOwnProperty: { type: 'integer' } },
      required: ['constructor', 'toString', 'hasOwnProperty'],
      additionalProperties: false,
    };
    const check = await storesNothing(() => call(base, 'POST', '/v1/schemas/validate', { schema }));
    expect(check.status).toBe(200);
    expect(check.body.errors).toEqual([]);
  });
});

describe('schemas', () => {
  it('a schema nested thousands deep is refused as JSON too deep (422 json_too_deep) on both routes, quickly, storing nothing', async () => {
    const text = deepSchemaText(5000);
    const put = await storesNothing(() => json('PUT', '/v1/extractors/deep', `{"display_name":"Deep","instructions":"x","model":"m","schema":${text}}`));
    expectCode(put, 422, 'json_too_deep');
    expect(put.ms).toBeLessThan(5000);
    expect(JSON.stringify(put.body).length).toBeLessThan(200_000);

    const check = await storesNothing(() => json('POST', '/v1/schemas/validate', `{"schema":${text}}`));
    expectCode(check, 422, 'json_too_deep');
    expect(check.ms).toBeLessThan(5000);
  });

  it('a schema deeper than the dialect allows but within the JSON limit: extractor PUT 400 invalid_schema, /v1/schemas/validate 200 with schema_too_deep', async () => {
    // 40 schema levels: 81 JSON levels with the body around it, under 128.
    const text = deepSchemaText(40);
    const put = await storesNothing(() => json('PUT', '/v1/extractors/deep', `{"display_name":"Deep","instructions":"x","model":"m","schema":${text}}`));
    expectCode(put, 400, 'invalid_schema');
    const check = await storesNothing(() => json('POST', '/v1/schemas/validate', `{"schema":${text}}`));
    expect(check.status).toBe(200);
    expect(check.body.valid).toBe(false);
    expect(check.body.errors.map((e: any) => e.code)).toContain('schema_too_deep');
  });

  it('an enormous enum is refused with enum_too_large', async () => {
    const schema = {
      type: 'object',
      properties: { kind: { type: 'string', enum: Array.from({ length: 100_000 }, (_, i) => `v${i}`) } },
      required: ['kind'],
      additionalProperties: false,
    };
    const put = await storesNothing(() => call(base, 'PUT', '/v1/extractors/big-enum', { ...EXTRACTOR, schema }));
    expectCode(put, 400, 'invalid_schema');
    const check = await storesNothing(() => call(base, 'POST', '/v1/schemas/validate', { schema }));
    expect(check.status).toBe(200);
    expect(check.body.valid).toBe(false);
    expect(check.body.errors.map((e: any) => e.code)).toContain('enum_too_large');
  });

  it('/v1/schemas/validate without an object schema is a 422', async () => {
    for (const body of [{}, { schema: 'x' }, { schema: [] }, { schema: null }]) {
      expect422(await storesNothing(() => call(base, 'POST', '/v1/schemas/validate', body)));
    }
  });
});

describe('string lengths', () => {
  // openapi.yaml's minLength/maxLength count characters (code points), as JSON Schema does.
  const PARSER = { display_name: 'x', instructions: '', model: 'm' };
  it('limits count characters, not UTF-16 units: 200 emoji are a valid display_name, 201 are not', async () => {
    const ok = await call(base, 'PUT', '/v1/parsers/lengths', { ...PARSER, display_name: '😀'.repeat(200) });
    expect(ok.status).toBe(201);
    expect(ok.body.display_name).toBe('😀'.repeat(200));
    expect422(await call(base, 'PUT', '/v1/parsers/lengths', { ...PARSER, display_name: '😀'.repeat(201) }), 'too_big');
    expect422(await call(base, 'POST', '/v1/parse-jobs', { file_id: '😀'.repeat(129) }), 'too_big');
    expect((await call(base, 'DELETE', '/v1/parsers/lengths')).status).toBe(204);
  });

  it('a label is checked as sent and stored trimmed; whitespace alone is refused', async () => {
    const trimmed = await call(base, 'PUT', '/v1/parsers/lengths', { ...PARSER, display_name: ` ${'a'.repeat(198)} `, model: ' m ' });
    expect(trimmed.status).toBe(201);
    expect(trimmed.body).toMatchObject({ display_name: 'a'.repeat(198), model: 'm' });
    // 201 characters as sent, though 199 once trimmed: over the documented maxLength.
    expect422(await call(base, 'PUT', '/v1/parsers/lengths', { ...PARSER, display_name: ` ${'a'.repeat(199)} ` }), 'too_big');
    for (const blank of [' ', '\t\n', '\u00a0\u3000\ufeff']) {
      expect422(await storesNothing(() => call(base, 'POST', '/v1/parsers', { ...PARSER, name: 'blank', display_name: blank })), 'too_small');
    }
    expect((await call(base, 'DELETE', '/v1/parsers/lengths')).status).toBe(204);
  });
});

describe('paths', () => {
  it('an id with the wrong prefix is a 404, a value no id could have a 422', async () => {
    const ulid = '01hzzzzzzzzzzzzzzzzzzzzzzz';
    for (const path of [
      `/v1/extraction-jobs/file_${ulid}`,
      `/v1/parse-jobs/ejob_${ulid}`,
      `/v1/files/pjob_${ulid}`,
      `/v1/extractors/prs_${ulid}`,
    ]) {
      const r = await call(base, 'GET', path);
      expectCode(r, 404, 'not_found');
    }
    expectCode(await storesNothing(() => call(base, 'POST', `/v1/extraction-jobs/file_${ulid}/cancel`)), 404, 'not_found');
    expectCode(await storesNothing(() => call(base, 'DELETE', `/v1/parse-jobs/file_${ulid}`)), 404, 'not_found');
    expect422(await call(base, 'GET', '/v1/extraction-jobs/%2e%2e%2fetc%2fpasswd'));
    expect422(await call(base, 'GET', `/v1/files/${'f'.repeat(500)}`));
  });

  it('a name that is not a slug is a 422', async () => {
    for (const name of ['Bad%20Name', 'UPPER', '-leading-dash', 'a'.repeat(65), 'caf%C3%A9', `ext_01hzzzzzzzzzzzzzzzzzzzzzzz`]) {
      expect422(await storesNothing(() => call(base, 'PUT', `/v1/extractors/${name}`, EXTRACTOR)));
    }
    expect422(
      await storesNothing(() => call(base, 'PUT', '/v1/parsers/Bad%20Name', { display_name: 'P', instructions: 'x', model: 'm' })),
    );
  });
});

describe('integer parameters', () => {
  it('wait, limit and page take decimal digits only: an empty value, spaces, hex or an exponent is a 422', async () => {
    const job = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'bad-input', text: 'Title: integers' });
    expect(job.status).toBe(201);
    const file = await upload(base, makePdf(['One page']), 'one.pdf', 'application/pdf');
    for (const bad of ['', '%20', '%201', '0x1', '1e0', '1.0', 'one']) {
      for (const path of [`/v1/extraction-jobs/${job.body.id}?wait=${bad}`, `/v1/jobs/${job.body.id}?wait=${bad}`]) {
        const r = await call(base, 'GET', path);
        expect422(r);
        expect(r.body.detail[0].loc).toEqual(['query', 'wait']);
      }
      expect((await call(base, 'GET', `/v1/extraction-jobs?limit=${bad}`)).body.detail?.[0]?.loc).toEqual(['query', 'limit']);
      if (bad !== '') expect((await call(base, 'GET', `/v1/files/${file.body.id}/pages/${bad}`)).body.detail?.[0]?.loc).toEqual(['path', 'page']);
    }
    // Well-formed values still work.
    expect((await call(base, 'GET', `/v1/extraction-jobs/${job.body.id}?wait=0`)).status).toBe(200);
    const listed = await call(base, 'GET', '/v1/extraction-jobs?limit=1');
    expect([listed.status, listed.body.length]).toEqual([200, 1]);
    expect((await call(base, 'GET', '/v1/extraction-jobs')).status).toBe(200);
    // The job asked the provider; later tests count its requests from zero.
    await pollJob(base, `/v1/extraction-jobs/${job.body.id}`);
    provider.reset();
  });
});

describe('required bodies', () => {
  it('a PATCH without a body is a 422 (body missing), an empty object is a change of nothing', async () => {
    expect((await call(base, 'PUT', '/v1/parsers/bad-input', { display_name: 'P', instructions: 'x', model: 'm' })).status).toBe(201);
    for (const path of ['/v1/extractors/bad-input', '/v1/parsers/bad-input']) {
      const r = await storesNothing(() => call(base, 'PATCH', path));
      expect422(r, 'missing');
      expect(r.body.detail[0].loc).toEqual(['body']);
      expect((await call(base, 'PATCH', path, {})).status).toBe(200);
    }
  });
});

describe('uploads', () => {
  it('a zero-byte upload is a 400 empty_file', async () => {
    expectCode(await storesNothing(() => upload(base, Buffer.alloc(0), 'empty.pdf', 'application/pdf')), 400, 'empty_file');
  });

  it('bytes that do not match their claimed type are a 400 unsupported_media_type', async () => {
    const png = makePng(4, 4);
    expectCode(await storesNothing(() => upload(base, png, 'fake.pdf', 'application/pdf')), 400, 'unsupported_media_type');
    expectCode(await storesNothing(() => upload(base, makePdf(['x']), 'fake.png', 'image/png')), 400, 'unsupported_media_type');
    // Text is ambiguous bytes: a declared type that disagrees is overruled, the bytes win (issue 39).
    const text = Buffer.from('just some text, no signature at all\n'.repeat(100));
    const asText = await upload(base, text, 'notes.pdf', 'application/pdf');
    expect([asText.status, asText.body.media_type, asText.body.kind]).toEqual([201, 'text/plain', 'text']);
    expect((await call(base, 'DELETE', `/v1/files/${asText.body.id}`)).status).toBe(204);
    expectCode(await storesNothing(() => upload(base, png, 'a.svg', 'image/svg+xml')), 400, 'unsupported_media_type');
  });

  it('an upload over the size limit is a 413 file_too_large', async () => {
    const big = Buffer.concat([makePng(4, 4), Buffer.alloc(MAX_UPLOAD + 1024)]);
    expectCode(await storesNothing(() => upload(base, big, 'big.png', 'image/png')), 413, 'file_too_large');
  });

  it('a request that is not one "upload" file part is refused', async () => {
    expectCode(await storesNothing(() => call(base, 'POST', '/v1/files', { upload: 'x' })), 415, 'unsupported_media_type');
    const other = multipart(Buffer.from('a.png'), 'image/png', makePng(2, 2), 'document');
    expect422(await storesNothing(() => raw('POST', '/v1/files', other.body, { 'content-type': other.contentType })));
    const broken = multipart(Buffer.from('a.png'), 'image/png', makePng(2, 2));
    const truncated = broken.body.subarray(0, broken.body.length - 30);
    const r = await storesNothing(() => raw('POST', '/v1/files', truncated, { 'content-type': broken.contentType }));
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  it('a file part without Content-Type is still the file: its bytes tell the type', async () => {
    const { body, contentType } = multipart(Buffer.from('scan.png'), '', makePng(2, 2));
    const r = await raw('POST', '/v1/files', body, { 'content-type': contentType });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ filename: 'scan.png', media_type: 'image/png' });
    expect((await call(base, 'DELETE', `/v1/files/${r.body.id}`)).status).toBe(204);
  });

  it('a form with more text fields than are read is a 422, not a 413 file_too_large', async () => {
    const boundary = '----bad-input-many-fields';
    const fields = Array.from({ length: 12 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('');
    const r = await storesNothing(() =>
      raw('POST', '/v1/files', `${fields}--${boundary}--\r\n`, { 'content-type': `multipart/form-data; boundary=${boundary}` }),
    );
    expect422(r, 'value_error');
  });

  it('non-UTF-8 and path-like filenames are stored as a plain file name', async () => {
    const cases: Array<[Buffer, (name: string) => void]> = [
      [Buffer.from('caf\xe9 r\xe9sum\xe9.png', 'latin1'), (n) => expect(['café résumé.png', 'caf_ r_sum_.png']).toContain(n)],
      [Buffer.from('../../etc/passwd.png'), (n) => expect(n).toBe('passwd.png')],
      [Buffer.from('..\\..\\windows\\win.png'), (n) => expect(n).toBe('win.png')],
      [Buffer.from('/abs/path/x.png'), (n) => expect(n).toBe('x.png')],
      [Buffer.from('..'), (n) => expect(n).toBe('upload')],
      [Buffer.from('a\tb\x01c.png', 'latin1'), (n) => expect(n).toBe('abc.png')],
    ];
    for (const [filename, check] of cases) {
      const { body, contentType } = multipart(filename, 'image/png', makePng(3, 3));
      const r = await raw('POST', '/v1/files', body, { 'content-type': contentType });
      expect(r.status).toBe(201);
      check(r.body.filename);
      expect(r.body.filename).not.toMatch(/[/\\\u0000-\u001f]/);
      // The download header stays well-formed whatever the name.
      const download = await fetch(`${base}/v1/files/${r.body.id}/content`);
      expect(download.status).toBe(200);
      // Token or quoted ASCII fallback, plus an RFC 5987 form for non-ASCII names.
      expect(download.headers.get('content-disposition')).toMatch(
        /^attachment; filename=("[\x20-\x21\x23-\x7e]*"|[!#$%&'*+.^_`|~0-9A-Za-z-]+)(; filename\*=UTF-8''[!#$&+.^_`|~0-9A-Za-z%-]+)?$/,
      );
      expect((await call(base, 'DELETE', `/v1/files/${r.body.id}`)).status).toBe(204);
    }
  });
});

describe('documents past the configured limits', () => {
  it(`a ${MAX_PAGES * 3}-page PDF is accepted, and its jobs fail with document_too_many_pages without rendering it`, async () => {
    const pdf = makePdf(
      Array.from({ length: MAX_PAGES * 3 }, (_, i) => `p${i}`),
      { fontSize: 12 },
    );
    expect(pdf.length).toBeLessThan(MAX_UPLOAD);
    const file = await upload(base, pdf, 'many.pdf', 'application/pdf');
    expect(file.status).toBe(201);

    const parse = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    expect(parse.status).toBe(201);
    const extraction = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'bad-input', file_id: file.body.id });
    expect(extraction.status).toBe(201);
    for (const path of [`/v1/parse-jobs/${parse.body.id}`, `/v1/extraction-jobs/${extraction.body.id}`]) {
      const seen = await pollJob(base, path, undefined, 30_000);
      const job = seen[seen.length - 1];
      expect(job.status).toBe('failed');
      expect(job.error.code).toBe('document_too_many_pages');
    }
    expect(provider.requests).toHaveLength(0);
    expect(await stack.db('parse_pages').where({ job_id: parse.body.id }).count({ n: '*' }).first()).toEqual({ n: 0 });
  }, 60_000);

  it('a page too large to render legibly within the pixel limit fails with document_page_too_large', async () => {
    const file = await upload(base, makeHugePagePdf(), 'huge.pdf', 'application/pdf');
    expect(file.status).toBe(201);
    const parse = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
    const seen = await pollJob(base, `/v1/parse-jobs/${parse.body.id}`, undefined, 30_000);
    const job = seen[seen.length - 1];
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('document_page_too_large');
    expect(provider.requests).toHaveLength(0);
  });
});
