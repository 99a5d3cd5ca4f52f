// Checks real API responses against openapi.yaml: the operation must exist, the status must be
// declared for it, the media type too, required response headers must be present, and a JSON body
// must satisfy the declared schema (Ajv, JSON Schema 2020-12, as OpenAPI 3.1 uses).
//
// API tests adopt it with one line: `import { apiCall as call } from '../harness/openapi-validator.js'`.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020Module, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

export const OPENAPI_PATH = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
// The id under which the whole document is registered with Ajv, so `#/components/...` refs resolve.
const DOC_ID = 'urn:docextract:openapi';

// ajv is CommonJS: under NodeNext the default import is its module.exports, whose `default` is the class.
const Ajv2020 = Ajv2020Module.default;
type Ajv = InstanceType<typeof Ajv2020>;

type Json = Record<string, any>;

export interface OperationMatch {
  method: string;
  /** The path template as written in openapi.yaml, e.g. `/v1/files/{file_id}`. */
  template: string;
  params: Record<string, string>;
  operation: Json;
  /** JSON pointer of the operation in the document. */
  pointer: string;
}

interface Route {
  template: string;
  regex: RegExp;
  paramNames: string[];
  literalLength: number;
}

interface Loaded {
  doc: Json;
  routes: Route[];
  ajv: Ajv;
  compiled: Map<string, ValidateFunction>;
}

let loaded: Loaded | undefined;

/** The parsed openapi.yaml (read once per test file). */
export function openApiDocument(): Json {
  return load().doc;
}

function load(): Loaded {
  if (loaded) return loaded;
  const doc = parsedOpenApi();
  // No optimisation passes over the generated code: compiling is what a test file pays (each compiles
  // the schemas of the responses it sees), validating a few hundred responses costs little either way.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, code: { optimize: false } });
  // ajv-formats is CommonJS; under ESM its function is the default export or the module itself.
  const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (a: Ajv) => void;
  addFormats(ajv);
  // OpenAPI-only annotations inside schemas, and the document's own top-level fields: the whole
  // document is registered as one schema resource, and strict mode rejects unknown keywords.
  const annotations = ['example', 'discriminator', 'xml', 'externalDocs', 'x-enum-descriptions'];
  const topLevel = Object.keys(doc).filter((k) => !['$id', '$schema'].includes(k));
  for (const keyword of new Set([...annotations, ...topLevel])) ajv.addKeyword({ keyword });
  ajv.addSchema({ ...doc, $id: DOC_ID }, DOC_ID);
  const routes = Object.keys(doc.paths ?? {})
    .map(compileTemplate)
    // Most literal first, so `/v1/jobs/{job_id}/cancel` wins over a more generic template.
    .sort((a, b) => b.literalLength - a.literalLength);
  loaded = { doc, routes, ajv, compiled: new Map() };
  return loaded;
}

/**
 * openapi.yaml parsed, through a JSON copy in the temp folder named by the file's hash: parsing the
 * YAML took half a second of CPU in every test file that checks responses (~100 files a run);
 * reading the JSON takes milliseconds.
 */
function parsedOpenApi(): Json {
  const text = readFileSync(OPENAPI_PATH, 'utf8');
  const cache = path.join(os.tmpdir(), `docextract-openapi-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`);
  try {
    return JSON.parse(readFileSync(cache, 'utf8')) as Json;
  } catch {
    const doc = parseYaml(text) as Json;
    // Written whole under another name first: a file running at the same time never reads half of it.
    const temp = `${cache}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temp, JSON.stringify(doc));
    renameSync(temp, cache);
    return doc;
  }
}

function compileTemplate(template: string): Route {
  const paramNames: string[] = [];
  let literalLength = 0;
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const param = /^\{([^}]+)\}$/.exec(part);
      if (param) {
        paramNames.push(param[1]!);
        return '([^/]+)';
      }
      literalLength += part.length;
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  // Koa's router is not strict about one trailing slash; neither are we.
  return { template, regex: new RegExp(`^${source}/?$`), paramNames, literalLength };
}

/** The path part of a URL or path (no origin, query or fragment). */
function pathOf(pathTemplateOrUrl: string): string {
  const url = new URL(pathTemplateOrUrl, 'http://placeholder');
  return url.pathname;
}

/** Find the operation a concrete request (or a path template) maps to. */
export function findOperation(method: string, pathTemplateOrUrl: string): OperationMatch | undefined {
  const { doc, routes } = load();
  // Path templates may be passed as is; decode only concrete paths.
  const path = pathTemplateOrUrl.includes('{') ? pathTemplateOrUrl.split('?')[0]! : pathOf(pathTemplateOrUrl);
  const m = method.toLowerCase();
  for (const route of routes) {
    const found = route.regex.exec(path);
    if (!found) continue;
    const item = doc.paths[route.template] as Json;
    // HEAD is answered by the GET handler (koa-router), without a body.
    const op = item[m] ?? (m === 'head' ? item.get : undefined);
    if (!op) continue;
    const params = Object.fromEntries(route.paramNames.map((n, i) => [n, decodeURIComponent(found[i + 1]!)]));
    const opMethod = item[m] ? m : 'get';
    return { method: opMethod, template: route.template, params, operation: op, pointer: `/paths/${escapePointer(route.template)}/${opMethod}` };
  }
  return undefined;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Follow a local `$ref` (e.g. to `#/components/responses/NotFound`); returns the object and its pointer. */
function deref(obj: Json, pointer: string): { obj: Json; pointer: string } {
  let current = obj;
  let at = pointer;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 10 || !current.$ref.startsWith('#/')) throw new Error(`Unsupported $ref ${current.$ref} at ${at}`);
    at = current.$ref.slice(1);
    current = at
      .split('/')
      .slice(1)
      .reduce((o: any, part) => o?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], load().doc);
    if (current === undefined) throw new Error(`Dangling $ref ${at}`);
  }
  return { obj: current, pointer: at };
}

const isJsonMediaType = (t: string) => t === 'application/json' || /^application\/[\w.+-]+\+json$/.test(t);

type HeaderSource = Headers | Record<string, string | undefined>;

function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : ((headers as Record<string, string | undefined>)[key] ?? undefined);
}

function validator(pointer: string): ValidateFunction {
  const { ajv, compiled } = load();
  let fn = compiled.get(pointer);
  if (!fn) {
    fn = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
    compiled.set(pointer, fn);
  }
  return fn;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 12)
    .map((e) => `  ${e.instancePath || '(root)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('\n');
}

function preview(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text === undefined ? 'undefined' : text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/**
 * Throw (failing the test) unless `body` is what openapi.yaml declares for this method, URL and
 * status. `contentType` is the response's Content-Type (parameters ignored); it defaults to
 * application/json when there is a body. `headers`, when given, are checked against the declared
 * response headers (required ones must be present; present ones must match their schema).
 */
export function expectMatchesOpenApi(
  method: string,
  pathTemplateOrUrl: string,
  status: number,
  body: unknown,
  contentType?: string | null,
  headers?: HeaderSource,
): void {
  const where = `${method.toUpperCase()} ${pathOf(pathTemplateOrUrl)} → ${status}`;
  const match = findOperation(method, pathTemplateOrUrl);
  if (!match) throw new Error(`openapi.yaml has no operation for ${method.toUpperCase()} ${pathOf(pathTemplateOrUrl)}`);
  const label = `${match.method.toUpperCase()} ${match.template} (${match.operation.operationId ?? 'no operationId'})`;

  const responses = (match.operation.responses ?? {}) as Json;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
  if (!key) {
    throw new Error(`${where}: status ${status} is not declared for ${label} (declared: ${Object.keys(responses).join(', ')})\nbody: ${preview(body)}`);
  }
  const { obj: response, pointer: responsePointer } = deref(responses[key], `${match.pointer}/responses/${key}`);

  if (headers) checkHeaders(where, response, headers);

  const content = (response.content ?? {}) as Json;
  const hasBody = !(body === undefined || body === null || body === '' || (body instanceof Uint8Array && body.length === 0));
  if (Object.keys(content).length === 0) {
    if (hasBody) throw new Error(`${where}: ${label} declares no body for ${status}, got: ${preview(body)}`);
    return;
  }
  if (!hasBody && match.method !== 'head') {
    throw new Error(`${where}: ${label} declares a body (${Object.keys(content).join(', ')}) for ${status}, got none`);
  }
  if (!hasBody) return;

  const mediaType = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (!(mediaType in content)) {
    throw new Error(`${where}: media type ${mediaType} is not declared for ${label} ${status} (declared: ${Object.keys(content).join(', ')})`);
  }
  if (!isJsonMediaType(mediaType) || !content[mediaType].schema) return;

  const schemaPointer = `${responsePointer}/content/${escapePointer(mediaType)}/schema`;
  const validate = validator(schemaPointer);
  if (!validate(body)) {
    throw new Error(`${where}: body does not match ${label} ${status} ${mediaType}:\n${describeErrors(validate.errors)}\nbody: ${preview(body)}`);
  }
  // An error response lists the codes it may carry in `x-error-codes` (ApiErrorResponse.code itself is
  // a plain string, so generated clients parse every error into one model).
  const codes = response['x-error-codes'] as string[] | undefined;
  // Only bodies that carry a code (an ApiErrorResponse; an HTTPValidationError beside it in a
  // oneOf has none, and the schema check above already required it where it is due).
  if (codes && body && typeof body === 'object' && 'code' in body && !codes.includes((body as Json).code)) {
    throw new Error(`${where}: body /code ${JSON.stringify((body as Json)?.code)} is not in x-error-codes ${JSON.stringify(codes)} of ${label} ${status}\nbody: ${preview(body)}`);
  }
}

function checkHeaders(where: string, response: Json, headers: HeaderSource): void {
  const { ajv } = load();
  for (const [name, declared] of Object.entries((response.headers ?? {}) as Json)) {
    const { obj: header } = deref(declared as Json, '');
    const value = headerValue(headers, name);
    if (value === undefined) {
      if (header.required) throw new Error(`${where}: required response header ${name} is missing`);
      continue;
    }
    if (!header.schema) continue;
    const schema = header.schema as Json;
    const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
    if (!ajv.validate(schema, typed)) {
      throw new Error(`${where}: header ${name}: ${JSON.stringify(value)} does not match its schema:\n${describeErrors(ajv.errors)}`);
    }
  }
}

export interface ApiResult<T = any> {
  status: number;
  /** Parsed JSON for JSON responses, text for other text types, a Buffer for binary ones, undefined when empty. */
  body: T;
  headers: Headers;
  text: string;
}

/** Check a fetch result (status, headers, parsed body) against openapi.yaml. */
export function checkResponse(method: string, url: string, result: { status: number; headers: Headers; body: unknown }): void {
  expectMatchesOpenApi(method, url, result.status, result.body, result.headers.get('content-type'), result.headers);
}

/**
 * fetch + parse + validate. `body` is sent as JSON unless it is FormData, a Blob, bytes or a
 * string (sent as is). Never throws on an HTTP status; throws when the response breaks the contract.
 */
export async function apiCall<T = any>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    const raw = body instanceof FormData || body instanceof Blob || body instanceof Uint8Array || typeof body === 'string';
    init.body = raw ? (body as RequestInit['body']) : JSON.stringify(body);
    if (!raw && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
  }
  // `base + path`, as the other test helpers do: `path` starts with '/' and may carry a query.
  const res = await fetch(`${base.replace(/\/$/, '')}${path}`, init);
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const text = /^text\/|[/+](json|yaml|xml)$/.test(type) ? bytes.toString('utf8') : '';
  let parsed: unknown;
  if (bytes.length === 0) parsed = undefined;
  else if (isJsonMediaType(type)) parsed = JSON.parse(bytes.toString('utf8'));
  else if (text) parsed = text;
  else parsed = bytes;
  const result = { status: res.status, headers: res.headers, body: parsed as T, text };
  checkResponse(method, path, result);
  return result;
}

/** Same as apiCall; the name reads better where a test replaces a bare fetch. */
export const checkedFetch = apiCall;
