// openapi.yaml is the machine-readable contract: it must lint clean with a real OpenAPI tool,
// describe exactly the routes the server registers, enumerate the codes the code can produce, and
// accept what the real serializers and the real app send (and nothing else).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lint, lintFromString } from '@redocly/openapi-core';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/index.js';
import { REASONING_EFFORTS } from '../../src/domain/definitions-common.js';
import type { z } from 'zod';
import { createExtractionJobBody, toExtractionJobResponse } from '../../src/domain/extraction-jobs.js';
import { reviewApproveBody, reviewPatchBody, reviewRejectBody } from '../../src/domain/extraction-review.js';
import { extractorDefinitionSchema, extractorPatchSchema, toExtractor } from '../../src/domain/extractors.js';
import { toFileRecord } from '../../src/domain/files.js';
import { newId } from '../../src/domain/ids.js';
import { JOB_STATUSES } from '../../src/domain/job-status.js';
import { ERROR_STATUS } from '../../src/http/error-status.js';
import { createParseJobBody, PAGE_BREAK, toParseJobResponse, toParseJobSummary } from '../../src/domain/parse-jobs.js';
import { parserCreateSchema, parserDefinitionSchema, parserPatchSchema, toParser } from '../../src/domain/parsers.js';
import { PROVIDER_NAMES, RECEIPT_SCHEMA } from '../../src/domain/prebuilt.js';
import { providerUpdateSchema, toProvider } from '../../src/domain/providers.js';
import { createApp } from '../../src/http/app.js';
import { createWebhookEndpointBody, updateWebhookEndpointBody } from '../../src/domain/webhook-endpoints.js';
import type { AppDeps } from '../../src/http/context.js';
import { appRouters } from '../../src/http/app.js';
import { DIAGNOSTIC_CODES, validateSchema } from '../../src/schema-dialect/index.js';
import { apiCall, expectMatchesOpenApi, findOperation, OPENAPI_PATH, openApiDocument } from '../harness/openapi-validator.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const doc = openApiDocument();
const schemas = doc.components.schemas as Record<string, any>;

describe('openapi.yaml lint (@redocly/openapi-core, recommended rules)', () => {
  it('has no errors', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lint({ ref: OPENAPI_PATH, config });
    const describe = (p: (typeof problems)[number]) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;
    const warnings = problems.filter((p) => p.severity !== 'error').map(describe);
    // Operations that can only fail on the server (health, the provider list) have no 4xx; that warning is expected.
    // A batch's if/then (without `source`, `inputs` is required) names properties of the enclosing
    // schema, which the rule does not look at: naming them again in the subschemas would close them
    // (the examples rule treats every object schema as closed) and break the examples.
    const batchItemsRule = (w: string) => w.includes('no-required-schema-properties-undefined at #/components/schemas/CreateBatchRequest/');
    expect(warnings.filter((w) => !w.includes('operation-4xx-response') && !batchItemsRule(w))).toEqual([]);
    expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
  });

  it('would report a broken document (the lint test can fail)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const broken = readFileSync(OPENAPI_PATH, 'utf8').replace("$ref: '#/components/schemas/FileResponse'", "$ref: '#/components/schemas/NoSuchSchema'");
    const problems = await lintFromString({ source: broken, absoluteRef: path.join(ROOT, 'broken.yaml'), config });
    expect(problems.some((p) => p.severity === 'error' && p.ruleId === 'no-unresolved-refs')).toBe(true);
  });
});

// ---- Route coverage ----

function fakeDeps(fail: () => Error = () => new Error('no database in this test')): AppDeps {
  const reject = () => Promise.reject(fail());
  const db = Object.assign(
    () => {
      throw fail();
    },
    { raw: reject, transaction: reject },
  );
  return {
    config: loadConfig({ SERVICE_DATA_DIR: path.join(ROOT, '.data-openapi-test-unused') }),
    db: db as unknown as AppDeps['db'],
    temporal: { connection: { workflowService: { getSystemInfo: reject } } } as unknown as AppDeps['temporal'],
    logger: pino({ level: 'silent' }),
  };
}

/** `METHOD /path/{}/...` for every route the server registers (HEAD is implied by GET). */
function serverRoutes(): string[] {
  const deps = fakeDeps();
  const routes: string[] = [];
  for (const router of appRouters(deps)) {
    for (const layer of (router as unknown as { stack: { path: string; methods: string[] }[] }).stack) {
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
        routes.push(`${method} ${layer.path.replace(/:[A-Za-z0-9_]+/g, '{}')}`);
      }
    }
  }
  return [...new Set(routes)].sort();
}

function documentedRoutes(): string[] {
  const routes: string[] = [];
  for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const method of Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k))) {
      routes.push(`${method.toUpperCase()} ${template.replace(/\{[^}]+\}/g, '{}')}`);
    }
  }
  return routes.sort();
}

describe('route coverage', () => {
  it('documents every route the server registers, and nothing else', () => {
    const served = serverRoutes();
    const documented = documentedRoutes();
    expect(served.length).toBeGreaterThan(30);
    expect({ undocumented: served.filter((r) => !documented.includes(r)), notServed: documented.filter((r) => !served.includes(r)) }).toEqual({
      undocumented: [],
      notServed: [],
    });
  });

  it('marks exactly the /v1/jobs aliases deprecated', () => {
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (method === 'parameters') continue;
        expect(`${method} ${template} ${Boolean(op.deprecated)}`).toBe(`${method} ${template} ${template.startsWith('/v1/jobs')}`);
      }
    }
  });

  it('declares 503 persistence_busy with Retry-After and 500 on every /v1 operation', () => {
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (method === 'parameters') continue;
        expect(op.responses['500']).toBeDefined();
        if (!template.startsWith('/v1/')) continue;
        const busy = op.responses['503']?.$ref;
        expect([`${method} ${template}`, busy]).toEqual([`${method} ${template}`, expect.stringMatching(/PersistenceBusy|JobCreationUnavailable/)]);
      }
    }
    expect(doc.components.responses.PersistenceBusy.headers['Retry-After']).toBeDefined();
  });
});

// ---- Enumerations stay in sync with the code ----

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

function matchesIn(files: string[], pattern: RegExp): Set<string> {
  const found = new Set<string>();
  for (const file of files) for (const m of readFileSync(file, 'utf8').matchAll(pattern)) found.add(m[1]!);
  return found;
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('enumerations', () => {
  it('match the code: ProviderName, ReasoningEffort, JobStatus', () => {
    expect(schemas.ProviderName.enum).toEqual([...PROVIDER_NAMES]);
    expect(schemas.ReasoningEffort.enum).toEqual([...REASONING_EFFORTS]);
    expect(schemas.JobStatus.enum).toEqual([...JOB_STATUSES]);
  });

  it('DiagnosticCode lists DIAGNOSTIC_CODES with their descriptions', () => {
    expect(schemas.DiagnosticCode.enum).toEqual(DIAGNOSTIC_CODES.map((d) => d.code));
    expect(schemas.DiagnosticCode['x-enum-descriptions']).toEqual(Object.fromEntries(DIAGNOSTIC_CODES.map((d) => [d.code, d.description])));
  });

  it.each(['ErrorCode', 'JobErrorCode', 'DiagnosticCode'])('%s describes every value and only those', (name) => {
    expect(sorted(Object.keys(schemas[name]['x-enum-descriptions']))).toEqual(sorted(schemas[name].enum));
    for (const code of schemas[name].enum) expect(schemas[name].description).toContain(`| \`${code}\` |`);
  });

  it('ErrorCode holds every code an error response can carry, and each is produced somewhere', () => {
    const src = sourceFiles('src');
    const produced = new Set([
      ...matchesIn(src, /new ApiError\(\s*\d{3},\s*'([a-z_]+)'/g),
      ...matchesIn(src, /(?:badRequest|conflict)\(\s*'([a-z_]+)'/g),
      // Below HTTP: serviceError('code', ...), each code mapped to its status in src/http/error-status.ts.
      ...matchesIn(src, /serviceError\(\s*'([a-z_]+)'/g),
      ...matchesIn(src, /inUseCode:\s*'([a-z_]+)'/g),
      // A 422 with a code of its own: new RequestValidationError([...], 'code').
      ...matchesIn(src, /RequestValidationError\([\s\S]{0,400}?\],\s*'([a-z_]+)',?\s*\)/g),
      ...matchesIn([path.join(ROOT, 'src/http/middleware/error-handler.ts')], /code:\s*'([a-z_]+)'/g),
      // A document that cannot be rendered answers its DocumentError code (GET /v1/files/{id}/pages/{n}).
      ...matchesIn([path.join(ROOT, 'src/documents/errors.ts')], /\|\s*'([a-z_]+)'/g),
    ]);
    expect(produced.size).toBeGreaterThan(15);
    expect(sorted([...produced].filter((c) => !schemas.ErrorCode.enum.includes(c)))).toEqual([]);
    expect(sorted(schemas.ErrorCode.enum.filter((c: string) => !produced.has(c)))).toEqual([]);
  });

  it('ERROR_STATUS maps only documented codes', () => {
    expect(sorted(Object.keys(ERROR_STATUS).filter((c) => !schemas.ErrorCode.enum.includes(c)))).toEqual([]);
  });

  it('JobErrorCode holds every code a failed job can carry, and each is produced somewhere', () => {
    const typedErrors = ['src/providers/errors.ts', 'src/documents/errors.ts'].map((f) => readFileSync(path.join(ROOT, f), 'utf8'));
    const unionCodes = typedErrors.flatMap((text) =>
      [...text.matchAll(/export type \w+ErrorCode =([^;]+);/g)].flatMap((m) => [...m[1]!.matchAll(/'([a-z_]+)'/g)].map((c) => c[1]!)),
    );
    const produced = new Set([
      ...unionCodes,
      ...matchesIn(sourceFiles('activities'), /jobFailure\(\s*(?:[\w?.]+\s*\?\?\s*)?'([a-z_]+)'/g),
      // A retryable failure a job may end with once its retries run out (e.g. storage_unavailable).
      ...matchesIn(sourceFiles('activities'), /ApplicationFailure\.create\(\{[^}]*type: '([a-z_]+)'/g),
      ...matchesIn(sourceFiles('workflows'), /code: '([a-z_]+)'/g),
      ...matchesIn(sourceFiles('workflows'), /\?\? '([a-z_]+)'/g),
      ...matchesIn([path.join(ROOT, 'src/storage/secrets.ts')], /readonly code = '([a-z_]+)'/g),
    ]);
    expect(unionCodes.length).toBeGreaterThan(10);
    expect(sorted([...produced].filter((c) => !schemas.JobErrorCode.enum.includes(c)))).toEqual([]);
    expect(sorted(schemas.JobErrorCode.enum.filter((c: string) => !produced.has(c)))).toEqual([]);
  });
});

// ---- Request bodies agree with the zod schemas the routes parse them with ----

describe('request body schemas', () => {
  it.each<[string, z.ZodObject]>([
    ['CreateExtractionJobRequest', createExtractionJobBody],
    ['CreateParseJobRequest', createParseJobBody],
    ['ExtractorDefinitionInput', extractorDefinitionSchema],
    ['ExtractorUpdateInput', extractorPatchSchema],
    ['ParserCreateInput', parserCreateSchema],
    ['ParserDefinitionInput', parserDefinitionSchema],
    ['ParserUpdateInput', parserPatchSchema],
    ['ProviderUpdateInput', providerUpdateSchema],
    ['WebhookEndpointCreateInput', createWebhookEndpointBody],
    ['WebhookEndpointUpdateInput', updateWebhookEndpointBody],
    ['ReviewPatchRequest', reviewPatchBody],
    ['ReviewApproveRequest', reviewApproveBody],
    ['ReviewRejectRequest', reviewRejectBody],
  ])('%s has the same fields, required ones and closedness as the server', (name, zodSchema) => {
    const shape = zodSchema.shape as Record<string, z.ZodType>;
    const required = Object.keys(shape).filter((k) => !shape[k]!.safeParse(undefined).success);
    expect(sorted(Object.keys(schemas[name].properties))).toEqual(sorted(Object.keys(shape)));
    expect(sorted(schemas[name].required ?? [])).toEqual(sorted(required));
    // A z.strictObject (catchall never) rejects unknown fields with a 422: the document says so.
    const strict = (zodSchema._zod.def as { catchall?: z.ZodType }).catchall?._zod.def.type === 'never';
    expect(schemas[name].additionalProperties === false).toBe(strict);
  });
});

// ---- The validator, against the real serializers ----

const now = new Date('2026-03-01T10:15:30.123Z');
const later = new Date('2026-03-01T10:15:36.870Z');
const fileRow = {
  id: newId('file'),
  filename: 'receipt.pdf',
  media_type: 'application/pdf',
  size_bytes: '48213', // pg returns bigint as a string; the mapper turns it into a number
  sha256: 'ab'.repeat(32),
  created_at: now,
};
const definition = {
  display_name: 'Receipt',
  instructions: 'Extract the receipt.',
  reasoning_effort: null,
  provider_name: 'compatible_api' as const,
  model: 'numind/NuExtract-2.0-8B',
  source: 'prebuilt' as const,
  created_at: now,
  updated_at: later,
};
const extractor = toExtractor({
  ...definition,
  id: newId('extractor'),
  name: 'receipt',
  schema: RECEIPT_SCHEMA,
  examples: [{ id: 'exm_01jqz8m4x5v6w7y8z9a0b1c2d3', source_job_id: null, added_at: now.toISOString(), input: { type: 'text', text: 'Cafe, total 3', file_id: null }, output: { total: 3 } }],
  review_threshold: null,
  review_thresholds: { '/total': 0.9, '/items/*/amount': null },
  version: 3,
  examples_strategy: 'similar',
  max_examples: 3,
  evaluation_set: 'receipts-gold',
});
const parser = toParser({ ...definition, id: newId('parser'), name: 'document-to-markdown', output_format: 'markdown', instructions: '', reasoning_effort: 'low' });
const provider = toProvider({
  name: 'hosted_project_api',
  base_url: null,
  configuration: { project_url: 'https://project.example.test' },
  api_key_ciphertext: 'v1:iv:tag:ct',
  api_key_env: null,
  created_at: now,
  updated_at: later,
});

const extractionRow = (over: Record<string, unknown>) => ({
  id: newId('extractionJob'),
  extractor_id: extractor.id,
  extractor_snapshot: extractor,
  file_id: fileRow.id,
  source_text: null,
  status: 'queued',
  provider_name_used: null,
  model_used: null,
  result: null,
  error: null,
  usage: null,
  created_at: now,
  started_at: null,
  completed_at: null,
  ...over,
});
const snapshot = { parser_id: parser.id, name: parser.name, display_name: parser.display_name, output_format: 'markdown', instructions: '', reasoning_effort: null, provider_name: 'compatible_api', model: parser.model };
const parseRow = (over: Record<string, unknown>) => ({
  id: newId('parseJob'),
  parser_id: parser.id,
  parser_snapshot: snapshot,
  file_id: fileRow.id,
  status: 'queued',
  provider_name_used: null,
  model_used: null,
  reasoning_effort_used: null,
  model_adapter_used: null,
  pages_total: null,
  error: null,
  usage: null,
  created_at: now,
  started_at: null,
  completed_at: null,
  ...over,
});
const ran = { started_at: now, provider_name_used: 'compatible_api', model_used: 'numind/NuExtract-2.0-8B' };
const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
const pages = [
  { page_number: 1, content: '# Page one' },
  { page_number: 2, content: 'Page two' },
];

const completedExtraction = toExtractionJobResponse(extractionRow({ ...ran, status: 'completed', result: { data: { total: 3 } }, usage, completed_at: later }));
const failedExtraction = toExtractionJobResponse(extractionRow({ ...ran, status: 'failed', error: { code: 'provider_rejected', message: 'model not found' }, completed_at: later }));

describe('expectMatchesOpenApi accepts what the serializers produce', () => {
  const parseRan = { ...ran, reasoning_effort_used: null, model_adapter_used: 'nuextract-markdown', pages_total: 2 };
  it.each<[string, string, number, unknown]>([
    ['POST', '/v1/files', 201, toFileRecord(fileRow)],
    ['GET', `/v1/files?limit=5&cursor=abc`, 200, [toFileRecord(fileRow)]],
    ['GET', `/v1/files/${fileRow.id}`, 200, toFileRecord(fileRow)],
    ['GET', '/v1/extractors/receipt', 200, extractor],
    ['PUT', '/v1/extractors/invoice', 201, { ...extractor, source: 'user', is_prebuilt: false }],
    ['GET', '/v1/extractors', 200, [extractor]],
    ['POST', '/v1/parsers', 201, parser],
    ['PATCH', `/v1/parsers/${parser.id}`, 200, parser],
    ['GET', '/v1/providers', 200, [provider]],
    ['PATCH', '/v1/providers/hosted_project_api', 200, provider],
    ['GET', '/v1/providers/compatible_api/models', 200, { models: ['a', 'b'] }],
    ['POST', '/v1/extraction-jobs', 201, toExtractionJobResponse(extractionRow({}))],
    ['POST', '/v1/extraction-jobs', 201, toExtractionJobResponse(extractionRow({ file_id: null, source_text: 'Cafe, total 3' }))],
    ['GET', '/v1/extraction-jobs/ejob_x', 200, toExtractionJobResponse(extractionRow({ ...ran, status: 'running' }))],
    ['GET', '/v1/extraction-jobs/ejob_x', 200, completedExtraction],
    ['GET', '/v1/extraction-jobs/ejob_x', 200, failedExtraction],
    ['POST', '/v1/extraction-jobs/ejob_x/cancel', 200, toExtractionJobResponse(extractionRow({ status: 'canceled', completed_at: later }))],
    ['DELETE', '/v1/extraction-jobs/ejob_x', 202, toExtractionJobResponse(extractionRow({ ...ran, status: 'deleting' }))],
    ['GET', '/v1/extraction-jobs?status=completed', 200, [completedExtraction, failedExtraction]],
    ['POST', '/v1/parse-jobs', 201, toParseJobResponse(parseRow({}), [], 0)],
    ['GET', '/v1/parse-jobs/pjob_x', 200, toParseJobResponse(parseRow({ ...parseRan, status: 'running' }), undefined, 1)],
    ['GET', '/v1/parse-jobs/pjob_x', 200, toParseJobResponse(parseRow({ ...parseRan, status: 'completed', usage, completed_at: later }), pages)],
    ['GET', '/v1/parse-jobs/pjob_x', 200, toParseJobResponse(parseRow({ ...parseRan, status: 'failed', error: { code: 'document_corrupt', message: 'x' } }), undefined, 0)],
    ['POST', '/v1/parse-jobs/pjob_x/cancel', 200, toParseJobResponse(parseRow({ status: 'canceling' }), undefined, 0)],
    ['DELETE', '/v1/parse-jobs/pjob_x', 202, toParseJobResponse(parseRow({ ...parseRan, status: 'deleting' }), undefined, 1)],
    ['GET', '/v1/parse-jobs', 200, [toParseJobSummary(parseRow({ ...parseRan, status: 'completed', usage, completed_at: later }), 2), toParseJobSummary(parseRow({ ...parseRan, status: 'running' }), 1)]],
    ['POST', '/v1/schemas/validate', 200, validateSchema(RECEIPT_SCHEMA)],
    ['POST', '/v1/schemas/validate', 200, validateSchema({ type: 'object', properties: { a: { type: 'date' } }, extra: 1 })],
    ['PUT', '/v1/extractors/x', 400, { detail: { message: 'bad', ...validateSchema({ type: 'array' }) }, code: 'invalid_schema' }],
    ['DELETE', '/v1/files/file_x', 204, undefined],
  ])('%s %s → %i', (method, url, status, body) => {
    expect(() => expectMatchesOpenApi(method, url, status, body)).not.toThrow();
  });

  it('the completed parse result joins the pages as the contract says', () => {
    const job = toParseJobResponse(parseRow({ status: 'completed' }), pages);
    expect(job.result?.content).toBe(`# Page one${PAGE_BREAK}Page two`);
    expect(() => expectMatchesOpenApi('GET', '/v1/parse-jobs/pjob_x', 200, job)).not.toThrow();
  });
});

describe('expectMatchesOpenApi rejects what breaks the contract', () => {
  const file = toFileRecord(fileRow);
  const { sha256: _dropped, ...withoutSha } = file;
  it.each<[string, () => void, RegExp]>([
    ['an unknown path', () => expectMatchesOpenApi('GET', '/v1/nope', 200, {}), /no operation for GET \/v1\/nope/],
    ['an undocumented method', () => expectMatchesOpenApi('PATCH', '/v1/files/file_x', 200, file), /no operation/],
    ['an undeclared status', () => expectMatchesOpenApi('GET', '/v1/files/file_x', 201, file), /status 201 is not declared/],
    ['a missing required field', () => expectMatchesOpenApi('GET', '/v1/files/file_x', 200, withoutSha), /required property 'sha256'/],
    ['a wrong type', () => expectMatchesOpenApi('GET', '/v1/files/file_x', 200, { ...file, size_bytes: '48213' }), /size_bytes must be integer/],
    ['an undocumented field', () => expectMatchesOpenApi('GET', '/v1/files/file_x', 200, { ...file, path: '/tmp/x' }), /additional properties/],
    ['null where not nullable', () => expectMatchesOpenApi('GET', '/v1/extractors/receipt', 200, { ...extractor, model: null }), /\/model must be string/],
    ['a body on 204', () => expectMatchesOpenApi('DELETE', '/v1/files/file_x', 204, { ok: true }), /declares no body/],
    ['no body where one is declared', () => expectMatchesOpenApi('GET', '/v1/files/file_x', 200, undefined), /got none/],
    ['an undeclared media type', () => expectMatchesOpenApi('GET', '/v1/files/file_x', 200, '<html/>', 'text/html'), /media type text\/html/],
    ['the wrong error code for the status', () => expectMatchesOpenApi('GET', '/v1/files/file_x', 404, { detail: 'x', code: 'internal_error' }), /\/code/],
    ['an undocumented error code', () => expectMatchesOpenApi('PUT', '/v1/extractors/x', 400, { detail: 'x', code: 'oops' }), /\/code/],
    ['an error body without code', () => expectMatchesOpenApi('GET', '/v1/files/file_x', 500, { detail: 'x' }), /required property 'code'/],
    ['a job failure code outside JobErrorCode', () => expectMatchesOpenApi('GET', '/v1/extraction-jobs/e', 200, { ...failedExtraction, error: { code: 'Error', message: 'x' } }), /\/error/],
    ['a missing Retry-After on 503', () => expectMatchesOpenApi('GET', '/v1/files', 503, { detail: 'x', code: 'persistence_busy' }, 'application/json', new Headers()), /Retry-After is missing/],
    ['a missing Deprecation header on an alias', () => expectMatchesOpenApi('GET', '/v1/jobs/e', 200, completedExtraction, 'application/json', new Headers()), /Deprecation is missing/],
    ['a 422 body that is not HTTPValidationError', () => expectMatchesOpenApi('GET', '/v1/parsers/x', 422, { detail: 'bad', code: 'bad_request' }), /\/detail must be array/],
  ])('%s', (_name, check, message) => {
    expect(check).toThrow(message);
  });

  // Free-form JSON (JsonObject, JsonValue): one schema without `type` whose keywords each apply to
  // their own kind of value; every kind passes and NUL is refused at any depth, as the union did.
  const mcpResult = (result: unknown) => () => expectMatchesOpenApi('POST', '/mcp', 200, { jsonrpc: '2.0', id: 1, result });
  it('free-form JSON takes every kind of value at any depth', () => {
    expect(mcpResult({ s: 'text', n: 1.5, i: -2, t: true, f: false, z: null, a: [1, 'two', [null, { deep: ['x'] }]], o: { p: { q: 'r' } }, e: {}, l: [] })).not.toThrow();
  });
  it.each<[string, unknown]>([
    ['a NUL in a string of an array in an object', { o: { a: ['ok', 'n\u0000ul'] } }],
    ['a NUL in a string in nested arrays', { a: [[['\u0000']]] }],
    ['a NUL in a key of a nested object', { a: [{ 'k\u0000': 1 }] }],
    ['a __proto__ key in a nested object', { a: [JSON.parse('{"__proto__": 1}')] }],
  ])('free-form JSON refuses %s', (_name, result) => {
    expect(mcpResult(result)).toThrow(/\/result/);
  });

  it('matches concrete URLs to path templates', () => {
    expect(findOperation('POST', 'http://127.0.0.1:1/v1/jobs/ejob_1/cancel?x=1')?.operation.operationId).toBe('cancelExtractionJobDeprecated');
    expect(findOperation('GET', '/v1/files/file_1/content')?.params).toEqual({ file_id: 'file_1' });
    expect(findOperation('GET', '/v1/extractors/{extractor_ref}')?.operation.operationId).toBe('getExtractor');
    expect(findOperation('HEAD', '/healthz')?.operation.operationId).toBe('getHealth');
  });
});

// ---- Real responses of the real app (no database: failures are injected) ----

describe('real responses of the app validate through apiCall', () => {
  let server: Server;
  let base: string;
  let failure: () => Error = () => new Error('boom');

  beforeAll(async () => {
    server = createApp(fakeDeps(() => failure())).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const busy = () => Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' });

  it('health, readiness and the document itself', async () => {
    expect((await apiCall(base, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await apiCall(base, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'not_ready', checks: { database: 'unavailable', temporal: 'unavailable' } });
    const self = await apiCall(base, 'GET', '/openapi.yaml');
    expect(self.status).toBe(200);
    expect(self.text).toBe(readFileSync(OPENAPI_PATH, 'utf8'));
  });

  it('schema validation answers, accepted and rejected', async () => {
    expect((await apiCall(base, 'POST', '/v1/schemas/validate', { schema: RECEIPT_SCHEMA })).body.valid).toBe(true);
    const rejected = await apiCall(base, 'POST', '/v1/schemas/validate', { schema: { type: 'object', properties: { a: { format: 'x' } } } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.errors.length).toBeGreaterThan(0);
  });

  it.each<[string, string, unknown, number]>([
    ['POST', '/v1/schemas/validate', {}, 422],
    ['POST', '/v1/schemas/validate', '{"schema":', 422],
    ['POST', '/v1/extraction-jobs', {}, 422],
    ['POST', '/v1/jobs', { extractor_name: 'receipt', text: 'x', surprise: 1 }, 422],
    ['POST', '/v1/parse-jobs', { parser_id: 'a', parser_name: 'b', file_id: 'f' }, 422],
    ['GET', '/v1/files?limit=0', undefined, 422],
    ['GET', '/v1/files/bad%24id', undefined, 422],
    ['PUT', '/v1/extractors/Not_A_Slug!', { display_name: 'x', instructions: '', schema: {} }, 422],
    ['PATCH', '/v1/providers/nope', {}, 422],
    ['PATCH', '/v1/providers/hosted_api', { api_key: 5 }, 422],
    ['POST', '/v1/files', { upload: 'not multipart' }, 415],
  ])('%s %s %j → %i', async (method, url, body, status) => {
    const raw = typeof body === 'string';
    const r = await apiCall(base, method, url, body, raw ? { 'content-type': 'application/json' } : {});
    expect(r.status).toBe(status);
  });

  it('an upload without the "upload" part is a 422', async () => {
    const form = new FormData();
    form.append('other', 'x');
    expect((await apiCall(base, 'POST', '/v1/files', form)).status).toBe(422);
  });

  it('a JSON body over 8 MiB is a 413', async () => {
    const r = await apiCall(base, 'POST', '/v1/schemas/validate', { schema: { description: 'x'.repeat(9 * 1024 * 1024) } });
    expect(r.status).toBe(413);
  });

  it.each<[string, string, unknown]>([
    ['GET', '/v1/files/file_x', undefined],
    ['GET', '/v1/providers', undefined],
    ['GET', '/v1/jobs/ejob_x', undefined],
    ['POST', '/v1/parse-jobs', { file_id: 'file_x' }],
    ['DELETE', '/v1/extractors/invoice', undefined],
  ])('busy persistence: %s %s → 503 persistence_busy with Retry-After', async (method, url, body) => {
    failure = busy;
    const r = await apiCall(base, method, url, body);
    expect([r.status, r.body.code, r.headers.get('retry-after')]).toEqual([503, 'persistence_busy', '2']);
  });

  it.each<[string, string]>([
    ['GET', '/v1/parse-jobs/pjob_x'],
    ['DELETE', '/v1/extraction-jobs/ejob_x'],
  ])('unexpected failure: %s %s → 500 internal_error', async (method, url) => {
    failure = () => new Error('boom');
    const r = await apiCall(base, method, url);
    expect([r.status, r.body]).toEqual([500, { detail: 'Internal server error', code: 'internal_error' }]);
  });

  it('a route the document does not describe fails the call', async () => {
    await expect(apiCall(base, 'GET', '/v1/nope')).rejects.toThrow(/no operation for GET \/v1\/nope/);
  });
});

// ---- Error responses in the shape client generators read (see issue 19) ----

describe('error responses', () => {
  /** Every response object of the document (inline in operations, and the shared ones), with where it is. */
  function allResponses(): [string, Record<string, any>][] {
    const found: [string, Record<string, any>][] = [];
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (method === 'parameters') continue;
        for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
          if (!response.$ref) found.push([`${method.toUpperCase()} ${template} ${status}`, response]);
        }
      }
    }
    for (const [name, response] of Object.entries(doc.components.responses as Record<string, any>)) found.push([`#/components/responses/${name}`, response]);
    return found;
  }
  const apiError = "#/components/schemas/ApiErrorResponse";
  const usesApiError = (response: Record<string, any>) => JSON.stringify(response.content ?? {}).includes(apiError);

  it('each one is a plain ApiErrorResponse listing its codes in x-error-codes, all of them in ErrorCode', () => {
    const problems: string[] = [];
    for (const [where, response] of allResponses()) {
      if (!usesApiError(response)) continue;
      const schema = response.content?.['application/json']?.schema;
      // A 422 of job creation is a request-shape error or a reused Idempotency-Key: HTTPValidationError or ApiErrorResponse
      // (anyOf: an HTTPValidationError carries a `code` too, so it reads as both).
      const either = schema?.anyOf;
      const shapeOrApiError =
        Array.isArray(either) && either.length === 2 &&
        either.some((s: any) => s.$ref === '#/components/schemas/HTTPValidationError') && either.some((s: any) => s.$ref === apiError);
      if (!shapeOrApiError && (schema?.$ref !== apiError || Object.keys(schema).length !== 1)) problems.push(`${where}: schema is not just { $ref: ApiErrorResponse }`);
      const codes = response['x-error-codes'];
      if (!Array.isArray(codes) || codes.length === 0) problems.push(`${where}: no x-error-codes`);
      for (const code of codes ?? []) if (!schemas.ErrorCode.enum.includes(code)) problems.push(`${where}: ${code} is not in ErrorCode`);
    }
    expect(problems).toEqual([]);
    expect(allResponses().filter(([, r]) => usesApiError(r)).length).toBeGreaterThan(20);
  });

  it('the validator refuses a code outside the response\'s x-error-codes', () => {
    expect(() => expectMatchesOpenApi('DELETE', '/v1/files/file_x', 409, { detail: 'x', code: 'not_found' })).toThrow(/x-error-codes/);
    expect(() => expectMatchesOpenApi('DELETE', '/v1/files/file_x', 409, { detail: 'x', code: 'file_in_use' })).not.toThrow();
  });
});
