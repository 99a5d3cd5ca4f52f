// Workspaces (issue 42): nothing crosses between two workspaces. Every resource type of workspace
// A, called with B's admin, client and reviewer keys, answers exactly as a missing id does (same
// status, same body but for the id it names); lists and filters of B never show A's rows; a job of
// B naming A's file or extractor is 404. Keys: revoked and expired keys are refused on their next
// request, the database holds hashes only, a reviewer can review but not upload or create. The
// audit trail, quotas (requests_per_minute, max_running_jobs, max_storage_bytes), and the upgrade
// of a database from migration 022 with rows in it: everything lands in `default`.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import knexFactory, { type Knex } from 'knex';
import { migrateLatest, migrateUpTo } from '../../db/migrate.js';
import { jsonTokens, startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { makePng } from '../fixtures/documents.js';
import { startWebhookReceiver } from '../harness/webhook-receiver.js';

const OPERATOR = 'workspaces-operator-token-0123456789';
const SIMPLE = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false };

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

async function send(token: string | null, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
  let payload: RequestInit['body'];
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const r = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // an event stream, CSV, bytes
  }
  return { status: r.status, body: parsed, headers: r.headers };
}

const op = (method: string, path: string, body?: unknown) => send(OPERATOR, method, path, body);

function pngForm(name = 'page.png'): FormData {
  const form = new FormData();
  form.append('upload', new Blob([new Uint8Array(makePng(40, 20))], { type: 'image/png' }), name);
  return form;
}

interface Team {
  ws: any;
  admin: string;
  client: string;
  reviewer: string;
}

async function team(name: string): Promise<Team> {
  const created = await op('POST', '/v1/workspaces', { name, display_name: `Team ${name}` });
  expect(created.status).toBe(201);
  const key = async (scope: string) => {
    const r = await op('POST', `/v1/workspaces/${created.body.id}/keys`, { scope, label: `${name}-${scope}` });
    expect(r.status).toBe(201);
    return r.body.secret as string;
  };
  return { ws: created.body, admin: await key('admin'), client: await key('client'), reviewer: await key('reviewer') };
}

async function waitFor(token: string, path: string, done: (body: any) => boolean): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await send(token, 'GET', path);
    if (done(r.body)) return r.body;
    if (Date.now() > deadline) throw new Error(`${path}: still ${JSON.stringify(r.body).slice(0, 200)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}
const ended = (b: any) => ['completed', 'failed', 'canceled'].includes(b?.status);

let a: Team;
let b: Team;
/** A's resources, by kind. */
const A: Record<string, string> = {};

beforeAll(async () => {
  provider = await startScriptedProvider();
  stack = await startTestStack({ batches: true, env: { SERVICE_API_TOKENS: OPERATOR, SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true', SERVICE_METRICS_WORKSPACE_LABEL: 'true' } });
  base = stack.url;
  expect((await op('PUT', '/v1/providers/compatible_api', { base_url: provider.baseUrl })).status).toBe(200);
  a = await team('iso-a');
  b = await team('iso-b');

  // A's resources of every type, made with A's admin key.
  const file = await send(a.admin, 'POST', '/v1/files', pngForm());
  expect(file.status).toBe(201);
  A.file = file.body.id;
  const ext = await send(a.admin, 'PUT', '/v1/extractors/iso-ext', { display_name: 'Iso', instructions: 'Extract.', model: 'iso-model', schema: SIMPLE, review_threshold: 0.8 });
  expect(ext.status).toBe(201);
  A.extractor = ext.body.id;
  const parser = await send(a.admin, 'POST', '/v1/parsers', { name: 'iso-parser', display_name: 'Iso parser', model: 'iso-model' });
  expect(parser.status).toBe(201);
  A.parser = parser.body.id;
  const classifier = await send(a.admin, 'PUT', '/v1/classifiers/iso-cls', { display_name: 'Iso classifier', classes: [{ name: 'invoice', description: 'An invoice.', extractor_name: 'iso-ext' }, { name: 'letter', description: 'A letter.' }] });
  expect({ status: classifier.status, body: classifier.status === 201 ? null : classifier.body }).toEqual({ status: 201, body: null });
  A.classifier = classifier.body.id;

  // An extraction job that ends in review (low value confidence), and a parse job.
  const content = JSON.stringify({ name: 'Acme' });
  provider.enqueue({ kind: 'content', content, logprobs: jsonTokens(content, (_t, isValue) => (isValue ? 0.5 : 0.999)) });
  const job = await send(a.client, 'POST', '/v1/extraction-jobs', { extractor_name: 'iso-ext', text: 'Acme Ltd' });
  expect(job.status).toBe(201);
  A.extractionJob = job.body.id;
  await waitFor(a.client, `/v1/extraction-jobs/${A.extractionJob}`, ended);
  provider.enqueue({ kind: 'content', content: '# Page' });
  const parse = await send(a.client, 'POST', '/v1/parse-jobs', { parser_name: 'iso-parser', file_id: A.file });
  expect(parse.status).toBe(201);
  A.parseJob = parse.body.id;
  await waitFor(a.client, `/v1/parse-jobs/${A.parseJob}`, ended);
  provider.enqueue({ kind: 'content', content: JSON.stringify({ class: 'invoice', starts_document: true }) });
  const cls = await send(a.client, 'POST', '/v1/classification-jobs', { classifier_name: 'iso-cls', text: 'Invoice 1', mode: 'document' });
  expect(cls.status).toBe(201);
  A.classificationJob = cls.body.id;
  await waitFor(a.client, `/v1/classification-jobs/${A.classificationJob}`, ended);

  const batch = await send(a.admin, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'iso-ext', concurrency: 1, inputs: [{ custom_id: 'one', text: 'One' }] });
  expect(batch.status).toBe(201);
  A.batch = batch.body.id;
  await send(a.admin, 'POST', `/v1/batches/${A.batch}/cancel`);

  const set = await send(a.admin, 'POST', '/v1/evaluation-sets', { name: 'iso-set', display_name: 'Iso set' });
  expect(set.status).toBe(201);
  A.evaluationSet = set.body.id;
  const item = await send(a.admin, 'POST', '/v1/evaluation-sets/iso-set/items', { text: 'Acme', expected_output: { name: 'Acme' } });
  expect(item.status).toBe(201);
  A.evaluationItem = item.body.id;

  const hook = await send(a.admin, 'POST', '/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/hook', events: ['extraction_job.completed'] });
  expect(hook.status).toBe(201);
  A.webhookEndpoint = hook.body.id;
}, 240_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

/** A made-up id of the same kind as `id`: the same prefix, another random part. */
const missing = (id: string) => id.replace(/_[0-9a-z]{26}$/, '_00000000000000000000000000');

/** Every call on one of A's resources: method, path template (`{id}` is A's id), body. */
function calls(): Array<[string, string, string, unknown?]> {
  const f = A.file!;
  const ej = A.extractionJob!;
  const pj = A.parseJob!;
  const cj = A.classificationJob!;
  return [
    ['file', 'GET', `/v1/files/${f}`],
    ['file', 'GET', `/v1/files/${f}/content`],
    ['file', 'GET', `/v1/files/${f}/pages/1`],
    ['file', 'GET', `/v1/files/${f}/pages/1/text`],
    ['file', 'DELETE', `/v1/files/${f}`],
    ['extractor', 'GET', `/v1/extractors/${A.extractor}`],
    ['extractor', 'PATCH', `/v1/extractors/${A.extractor}`, { display_name: 'Taken over' }],
    ['extractor', 'DELETE', `/v1/extractors/${A.extractor}`],
    ['extractor', 'GET', `/v1/extractors/${A.extractor}/candidates`],
    ['parser', 'GET', `/v1/parsers/${A.parser}`],
    ['parser', 'PATCH', `/v1/parsers/${A.parser}`, { display_name: 'Taken over' }],
    ['parser', 'DELETE', `/v1/parsers/${A.parser}`],
    ['classifier', 'GET', `/v1/classifiers/${A.classifier}`],
    ['classifier', 'DELETE', `/v1/classifiers/${A.classifier}`],
    ['extractionJob', 'GET', `/v1/extraction-jobs/${ej}`],
    ['extractionJob', 'GET', `/v1/extraction-jobs/${ej}?wait=1`],
    ['extractionJob', 'GET', `/v1/jobs/${ej}`],
    ['extractionJob', 'GET', `/v1/extraction-jobs/${ej}/events`],
    ['extractionJob', 'POST', `/v1/extraction-jobs/${ej}/cancel`],
    ['extractionJob', 'POST', `/v1/jobs/${ej}/cancel`],
    ['extractionJob', 'POST', `/v1/extraction-jobs/${ej}/retry`],
    ['extractionJob', 'PATCH', `/v1/extraction-jobs/${ej}/review`, { revision: 1, fields: [{ path: '/name', action: 'accept' }] }],
    ['extractionJob', 'POST', `/v1/extraction-jobs/${ej}/review/approve`, { revision: 1 }],
    ['extractionJob', 'POST', `/v1/extraction-jobs/${ej}/review/reject`, { revision: 1 }],
    ['extractionJob', 'GET', `/v1/extraction-jobs/${ej}/review/events`],
    ['extractionJob', 'DELETE', `/v1/extraction-jobs/${ej}`],
    ['extractionJob', 'DELETE', `/v1/jobs/${ej}`],
    ['parseJob', 'GET', `/v1/parse-jobs/${pj}`],
    ['parseJob', 'GET', `/v1/parse-jobs/${pj}/events`],
    ['parseJob', 'GET', `/v1/parse-jobs/${pj}/chunks`],
    ['parseJob', 'GET', `/v1/parse-jobs/${pj}/tables`],
    ['parseJob', 'GET', `/v1/parse-jobs/${pj}/document`],
    ['parseJob', 'POST', `/v1/parse-jobs/${pj}/cancel`],
    ['parseJob', 'POST', `/v1/parse-jobs/${pj}/retry`],
    ['parseJob', 'DELETE', `/v1/parse-jobs/${pj}`],
    ['classificationJob', 'GET', `/v1/classification-jobs/${cj}`],
    ['classificationJob', 'GET', `/v1/classification-jobs/${cj}/events`],
    ['classificationJob', 'POST', `/v1/classification-jobs/${cj}/cancel`],
    ['classificationJob', 'POST', `/v1/classification-jobs/${cj}/retry`],
    ['classificationJob', 'GET', `/v1/classification-jobs/${cj}/review/events`],
    ['classificationJob', 'DELETE', `/v1/classification-jobs/${cj}`],
    ['batch', 'GET', `/v1/batches/${A.batch}`],
    ['batch', 'GET', `/v1/batches/${A.batch}/results`],
    ['batch', 'GET', `/v1/batches/${A.batch}/results.csv`],
    ['batch', 'POST', `/v1/batches/${A.batch}/cancel`],
    ['batch', 'POST', `/v1/batches/${A.batch}/retry`],
    ['batch', 'DELETE', `/v1/batches/${A.batch}`],
    ['evaluationSet', 'GET', `/v1/evaluation-sets/${A.evaluationSet}`],
    ['evaluationSet', 'GET', `/v1/evaluation-sets/${A.evaluationSet}/items`],
    ['evaluationSet', 'GET', `/v1/evaluation-sets/${A.evaluationSet}/items/${A.evaluationItem}`],
    ['evaluationSet', 'POST', `/v1/evaluation-sets/${A.evaluationSet}/items`, { text: 'x', expected_output: { name: 'x' } }],
    ['evaluationSet', 'DELETE', `/v1/evaluation-sets/${A.evaluationSet}/items/${A.evaluationItem}`],
    ['evaluationSet', 'DELETE', `/v1/evaluation-sets/${A.evaluationSet}`],
    ['webhookEndpoint', 'GET', `/v1/webhook-endpoints/${A.webhookEndpoint}`],
    ['webhookEndpoint', 'PATCH', `/v1/webhook-endpoints/${A.webhookEndpoint}`, { enabled: false }],
    ['webhookEndpoint', 'POST', `/v1/webhook-endpoints/${A.webhookEndpoint}/rotate-secret`],
    ['webhookEndpoint', 'GET', `/v1/webhook-endpoints/${A.webhookEndpoint}/deliveries`],
    ['webhookEndpoint', 'DELETE', `/v1/webhook-endpoints/${A.webhookEndpoint}`],
    ['workspace', 'GET', `/v1/workspaces/${'{A}'}`],
    ['workspace', 'GET', `/v1/workspaces/${'{A}'}/keys`],
    ['workspace', 'GET', `/v1/workspaces/${'{A}'}/usage`],
    ['workspace', 'GET', `/v1/workspaces/${'{A}'}/audit`],
    ['workspace', 'POST', `/v1/workspaces/${'{A}'}/keys`, { scope: 'admin', label: 'stolen' }],
  ];
}

/** The same call with every one of A's ids replaced by a missing one of the same kind. */
function asMissing(path: string): string {
  let out = path;
  for (const id of Object.values(A)) out = out.split(id).join(missing(id));
  return out;
}

/** A body with the ids it names replaced by `<id>`, to compare a foreign answer with a missing one's. */
function normalised(body: unknown, ids: string[]): unknown {
  let text = typeof body === 'string' ? body : JSON.stringify(body);
  for (const id of ids) text = text.split(id).join('<id>');
  return text;
}

describe('another workspace is indistinguishable from nothing', () => {
  it.each(['admin', 'client', 'reviewer'] as const)("B's %s key gets from each of A's resources exactly what a missing id gets", async (scope) => {
    const key = b[scope];
    const mismatches: string[] = [];
    for (const [, method, template, body] of calls()) {
      const foreignPath = template.replace('{A}', a.ws.id);
      const missingPath = asMissing(template).replace('{A}', 'ws_00000000000000000000000000x'.slice(0, 29));
      const foreign = await send(key, method, foreignPath, body);
      const absent = await send(key, method, missingPath, body);
      const ids = [...Object.values(A), ...Object.values(A).map(missing), a.ws.id, 'ws_00000000000000000000000000'];
      if (foreign.status !== absent.status || normalised(foreign.body, ids) !== normalised(absent.body, ids)) {
        mismatches.push(`${method} ${template}: ${foreign.status} ${JSON.stringify(foreign.body).slice(0, 160)} vs ${absent.status} ${JSON.stringify(absent.body).slice(0, 160)}`);
      }
      // Nothing of A's is ever answered: a 2xx would be a leak.
      expect(foreign.status).toBeGreaterThanOrEqual(400);
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("A's resources are all still there and unchanged", async () => {
    expect((await send(a.admin, 'GET', `/v1/files/${A.file}`)).status).toBe(200);
    expect((await send(a.admin, 'GET', `/v1/extractors/${A.extractor}`)).body.display_name).toBe('Iso');
    expect((await send(a.admin, 'GET', `/v1/parsers/${A.parser}`)).body.display_name).toBe('Iso parser');
    expect((await send(a.admin, 'GET', `/v1/webhook-endpoints/${A.webhookEndpoint}`)).body.enabled).toBe(true);
    expect((await send(a.admin, 'GET', `/v1/extraction-jobs/${A.extractionJob}`)).body.review).toMatchObject({ status: 'pending', revision: 1 });
    expect((await send(a.admin, 'GET', `/v1/evaluation-sets/${A.evaluationSet}/items`)).body).toHaveLength(1);
  });

  it("lists and filters of B show none of A's rows", async () => {
    const lists = ['/v1/files', '/v1/extractors', '/v1/parsers', '/v1/classifiers', '/v1/extraction-jobs', '/v1/parse-jobs', '/v1/classification-jobs', '/v1/jobs', '/v1/batches', '/v1/evaluation-sets', '/v1/evaluation-runs', '/v1/webhook-endpoints', `/v1/extraction-jobs?batch_id=${A.batch}`, `/v1/jobs?batch_id=${A.batch}`, '/v1/extraction-jobs?review_status=pending'];
    for (const list of lists) {
      const r = await send(b.admin, 'GET', `${list}${list.includes('?') ? '&' : '?'}limit=100`);
      expect([200, 422]).toContain(r.status);
      if (r.status !== 200) continue;
      const text = JSON.stringify(r.body);
      for (const id of Object.values(A)) expect({ list, leaked: text.includes(id) ? id : null }).toEqual({ list, leaked: null });
    }
    // Prebuilt definitions are every workspace's, read-only.
    const extractors = (await send(b.client, 'GET', '/v1/extractors?limit=100')).body.map((e: any) => e.name);
    expect(extractors).toContain('receipt');
    expect(extractors).not.toContain('iso-ext');
    expect((await send(b.admin, 'PATCH', '/v1/extractors/receipt', { display_name: 'Mine' })).body.code).toBe('prebuilt_read_only');
    // A's names are free in B: names are unique per workspace, not across them.
    expect((await send(b.admin, 'PUT', '/v1/extractors/iso-ext', { display_name: 'B too', instructions: 'Extract.', model: 'iso-model', schema: SIMPLE })).status).toBe(201);
    expect((await send(a.admin, 'GET', '/v1/extractors/iso-ext')).body.display_name).toBe('Iso');
    // A prebuilt name is nobody's to take.
    expect((await send(b.admin, 'PUT', '/v1/extractors/receipt', { display_name: 'Mine', instructions: 'x', model: 'm', schema: SIMPLE })).body.code).toBe('prebuilt_read_only');
  });

  it("a job of B naming A's file or extractor is 404, as a batch naming them is", async () => {
    const byFile = await send(b.client, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt', file_id: A.file });
    expect(byFile).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const byId = await send(b.client, 'POST', '/v1/extraction-jobs', { extractor_id: A.extractor, text: 'x' });
    expect(byId).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const parse = await send(b.client, 'POST', '/v1/parse-jobs', { parser_id: A.parser, file_id: A.file });
    expect(parse).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const cls = await send(b.client, 'POST', '/v1/classification-jobs', { classifier_name: 'iso-cls', text: 'x', mode: 'document' });
    expect(cls).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const batch = await send(b.admin, 'POST', '/v1/batches', { kind: 'parse', parser_name: 'document-to-markdown', inputs: [{ custom_id: 'x', file_id: A.file }] });
    expect(batch).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const item = await send(b.admin, 'POST', '/v1/evaluation-sets', { name: 'b-set', display_name: 'B set' });
    expect(item.status).toBe(201);
    expect(await send(b.admin, 'POST', '/v1/evaluation-sets/b-set/items', { file_id: A.file, expected_output: { name: 'x' } })).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it('the worker checks again: a job whose file is another workspace\'s fails not_found without reading it', async () => {
    const knex = knexFactory({ client: 'pg', connection: stack.config.databaseUrl! });
    try {
      // Written past the API (as a bug or a crafted row would): a job of B that names A's file.
      const created = await send(b.client, 'POST', '/v1/parse-jobs', { parser_name: 'document-to-markdown', file_id: (await send(b.client, 'POST', '/v1/files', pngForm())).body.id });
      expect(created.status).toBe(201);
      await waitFor(b.client, `/v1/parse-jobs/${created.body.id}`, (j) => j.status !== 'queued');
      await waitFor(b.client, `/v1/parse-jobs/${created.body.id}`, ended);
      const row = await knex('parse_jobs').where({ id: created.body.id }).first();
      const forged = { ...row, id: created.body.id.replace(/.$/, (c: string) => (c === '0' ? '1' : '0')), file_id: A.file, status: 'queued', error: null, completed_at: null, started_at: null, usage: null, pages_total: null };
      for (const k of ['usage', 'error', 'parser_snapshot']) if (forged[k] !== null && typeof forged[k] === 'object') forged[k] = JSON.stringify(forged[k]);
      await knex('parse_jobs').insert(forged);
      const retried = await send(b.client, 'POST', `/v1/parse-jobs/${forged.id}/retry`);
      // A queued job cannot be retried; recovery or a start is what runs it: start it as the API would.
      expect([200, 409]).toContain(retried.status);
      const { startJobWorkflow } = await import('../../src/temporal/job-workflows.js');
      const { connectTemporalClient } = await import('../../src/temporal/client.js');
      const temporal = await connectTemporalClient(stack.config.temporal.address!, stack.config.temporal.namespace);
      try {
        await startJobWorkflow(temporal, stack.config, 'parse', forged.id, { job_kind: 'parse', definition_name: 'document-to-markdown', file_id: A.file! });
      } finally {
        await temporal.connection.close();
      }
      const job = await waitFor(b.client, `/v1/parse-jobs/${forged.id}`, ended);
      expect(job).toMatchObject({ status: 'failed', error: { code: 'not_found' } });
    } finally {
      await knex.destroy();
    }
  }, 120_000);
});

describe('keys', () => {
  it('are answered with their secret once, listed without it, and stored as a hash only', async () => {
    const r = await op('POST', `/v1/workspaces/${b.ws.id}/keys`, { scope: 'client', label: 'hash-check' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(String), label: 'hash-check', scope: 'client', prefix: r.body.secret.slice(0, 10), created_at: expect.any(String), last_used_at: null, expires_at: null, secret: expect.stringMatching(/^dx_[A-Za-z0-9_-]{43}$/) });
    const listed = await send(b.admin, 'GET', `/v1/workspaces/${b.ws.id}/keys`);
    expect(listed.status).toBe(200);
    const mine = listed.body.find((k: any) => k.id === r.body.id);
    expect(mine).toEqual({ id: r.body.id, label: 'hash-check', scope: 'client', prefix: r.body.prefix, created_at: r.body.created_at, last_used_at: null, expires_at: null });
    expect(JSON.stringify(listed.body)).not.toContain(r.body.secret);
    const knex = knexFactory({ client: 'pg', connection: stack.config.databaseUrl! });
    try {
      const rows = await knex('workspace_keys').select('*');
      const dump = JSON.stringify(rows);
      for (const secret of [r.body.secret, a.admin, a.client, a.reviewer, b.admin, b.client, b.reviewer]) {
        expect(dump.includes(secret)).toBe(false);
        expect(dump.includes(secret.slice(3))).toBe(false);
      }
      const audit = JSON.stringify(await knex('audit_events').select('*'));
      expect(audit.includes(r.body.secret)).toBe(false);
    } finally {
      await knex.destroy();
    }
  });

  it('a revoked key is refused on its next request', async () => {
    const r = await send(b.admin, 'POST', `/v1/workspaces/${b.ws.id}/keys`, { scope: 'client', label: 'to-revoke' });
    expect(r.status).toBe(201);
    expect((await send(r.body.secret, 'GET', '/v1/files')).status).toBe(200);
    expect((await send(b.admin, 'DELETE', `/v1/workspaces/${b.ws.id}/keys/${r.body.id}`)).status).toBe(204);
    const after = await send(r.body.secret, 'GET', '/v1/files');
    expect(after).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(after.headers.get('www-authenticate')).toContain('invalid_token');
    // Revoking again, or A's key through B's path, is 404 as a missing key.
    expect((await send(b.admin, 'DELETE', `/v1/workspaces/${b.ws.id}/keys/${r.body.id}`)).status).toBe(404);
    const aKeys = (await op('GET', `/v1/workspaces/${a.ws.id}/keys`)).body;
    expect((await send(b.admin, 'DELETE', `/v1/workspaces/${b.ws.id}/keys/${aKeys[0].id}`)).status).toBe(404);
    expect((await send(a.client, 'GET', '/v1/files')).status).toBe(200);
  });

  it('an expired key is refused', async () => {
    const r = await op('POST', `/v1/workspaces/${b.ws.id}/keys`, { scope: 'client', label: 'short', expires_at: new Date(Date.now() + 1500).toISOString() });
    expect(r.status).toBe(201);
    expect((await send(r.body.secret, 'GET', '/v1/files')).status).toBe(200);
    await new Promise((res) => setTimeout(res, 2000));
    expect(await send(r.body.secret, 'GET', '/v1/files')).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });

  it('a reviewer can read and review, but not upload or create', async () => {
    const job = `/v1/extraction-jobs/${A.extractionJob}`;
    expect((await send(a.reviewer, 'GET', job)).status).toBe(200);
    expect((await send(a.reviewer, 'GET', `/v1/files/${A.file}/pages/1`)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/v1/files', pngForm()],
      ['POST', '/v1/extraction-jobs', { extractor_name: 'iso-ext', text: 'x' }],
      ['POST', '/v1/parse-jobs', { parser_name: 'iso-parser', file_id: A.file }],
      ['PUT', '/v1/extractors/rev', { display_name: 'R', instructions: 'x', model: 'm', schema: SIMPLE }],
      ['POST', '/v1/batches', { kind: 'extraction', extractor_name: 'iso-ext', inputs: [{ custom_id: 'x', text: 'x' }] }],
      ['DELETE', `/v1/files/${A.file}`, undefined],
      ['POST', '/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/x', events: ['extraction_job.completed'] }],
      ['POST', `/v1/workspaces/${a.ws.id}/keys`, { scope: 'admin', label: 'escalate' }],
    ] as const) {
      expect({ method, path, r: (await send(a.reviewer, method, path, body)).status }).toEqual({ method, path, r: 403 });
    }
    // A client key may not issue keys nor act on definitions either.
    expect((await send(a.client, 'POST', `/v1/workspaces/${a.ws.id}/keys`, { scope: 'admin', label: 'escalate' })).status).toBe(403);
    const decided = await send(a.reviewer, 'PATCH', `${job}/review`, { revision: 1, fields: [{ path: '/name', action: 'accept' }] });
    expect(decided.status).toBe(200);
    const approved = await send(a.reviewer, 'POST', `${job}/review/approve`, { revision: 2 });
    expect(approved.status).toBe(200);
    expect(approved.body.review.status).toBe('approved');
    // add_as_example changes the extractor: an admin's, not a reviewer's.
    expect((await send(a.reviewer, 'POST', `${job}/review/approve`, { revision: 3, add_as_example: true })).status).toBe(403);
  });

  it('a key acts in its own workspace only: the header naming another is 404; an operator picks any', async () => {
    expect((await send(b.client, 'GET', '/v1/files', undefined, { 'x-docextract-workspace': 'iso-a' })).status).toBe(404);
    const own = await send(b.client, 'GET', '/v1/files', undefined, { 'x-docextract-workspace': 'iso-b' });
    expect(own.status).toBe(200);
    expect(own.headers.get('x-docextract-workspace')).toBe('iso-b');
    const asA = await send(OPERATOR, 'GET', `/v1/files/${A.file}`, undefined, { 'x-docextract-workspace': 'iso-a' });
    expect(asA.status).toBe(200);
    expect((await send(OPERATOR, 'GET', `/v1/files/${A.file}`)).status).toBe(404);
    expect((await send(OPERATOR, 'GET', '/v1/files', undefined, { 'x-docextract-workspace': 'nope' })).body.code).toBe('not_found');
    // Given empty, the header names nothing: 422, not `default` (found by the fuzzer).
    for (const token of [OPERATOR, b.client]) {
      const empty = await send(token, 'GET', '/v1/files', undefined, { 'x-docextract-workspace': '' });
      expect([empty.status, empty.body.code]).toEqual([422, 'validation_error']);
    }
    // Workspaces themselves are the operator's: a workspace admin may not list or create them.
    expect((await send(a.admin, 'GET', '/v1/workspaces')).status).toBe(403);
    expect((await send(a.admin, 'POST', '/v1/workspaces', { name: 'mine', display_name: 'Mine' })).status).toBe(403);
    expect((await send(a.admin, 'PATCH', `/v1/workspaces/${a.ws.id}`, { max_running_jobs: null })).status).toBe(403);
    expect((await send(a.admin, 'GET', `/v1/workspaces/${a.ws.id}`)).body.name).toBe('iso-a');
    expect((await send(a.admin, 'GET', '/metrics')).status).toBe(403);
    expect((await send(a.admin, 'PATCH', '/v1/providers/compatible_api', { base_url: 'http://127.0.0.1:1/v1' })).status).toBe(403);
  });
});

describe('audit', () => {
  it('lists key issuance and revocation, definition changes, deletions and review decisions with the key label, time and request id', async () => {
    const changed = await send(a.admin, 'PATCH', `/v1/parsers/${A.parser}`, { display_name: 'Iso parser 2' }, { 'x-request-id': 'audit-req-1' });
    expect(changed.status).toBe(200);
    const extra = await send(a.client, 'POST', '/v1/files', pngForm());
    expect((await send(a.client, 'DELETE', `/v1/files/${extra.body.id}`, undefined, { 'x-request-id': 'audit-req-2' })).status).toBe(204);
    const events = await send(a.admin, 'GET', `/v1/workspaces/${a.ws.id}/audit?limit=100`);
    expect(events.status).toBe(200);
    const actions = events.body.map((e: any) => `${e.action} ${e.resource_type} ${e.actor}`);
    expect(actions).toEqual(expect.arrayContaining([
      'key.issued key operator:' + events.body.find((e: any) => e.action === 'key.issued').actor.split(':')[1],
      'definition.created extractor iso-a-admin',
      'definition.changed parser iso-a-admin',
      'resource.deleted file iso-a-client',
      'review.decided extraction_job iso-a-reviewer',
      'review.approve extraction_job iso-a-reviewer',
    ]));
    expect(events.body.find((e: any) => e.request_id === 'audit-req-1')).toMatchObject({ action: 'definition.changed', resource_id: A.parser, created_at: expect.any(String) });
    expect(events.body.find((e: any) => e.request_id === 'audit-req-2')).toMatchObject({ action: 'resource.deleted', resource_id: extra.body.id });
    // B's audit holds B's own events only.
    const bEvents = await send(b.admin, 'GET', `/v1/workspaces/${b.ws.id}/audit?limit=100`);
    expect(JSON.stringify(bEvents.body)).not.toContain(A.parser);
    expect(bEvents.body.some((e: any) => e.action === 'key.revoked')).toBe(true);
  });
});

describe('quotas', () => {
  it('requests_per_minute: 429 rate_limited with Retry-After and the limit in the detail', async () => {
    const ws = await team('iso-rate');
    expect((await op('PATCH', `/v1/workspaces/${ws.ws.id}`, { requests_per_minute: 5 })).body.requests_per_minute).toBe(5);
    const statuses: number[] = [];
    let limited: Reply | undefined;
    for (let i = 0; i < 7; i++) {
      const r = await send(ws.client, 'GET', '/v1/files');
      statuses.push(r.status);
      if (r.status === 429) limited = r;
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(limited!.body).toEqual({ code: 'rate_limited', detail: expect.stringContaining('requests_per_minute: 5') });
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another workspace is not limited by it.
    expect((await send(b.client, 'GET', '/v1/files')).status).toBe(200);
  });

  it('max_running_jobs: the job beyond it is refused 429 quota_exceeded (not queued), with Retry-After', async () => {
    const ws = await team('iso-jobs');
    await op('PATCH', `/v1/workspaces/${ws.ws.id}`, { max_running_jobs: 2 });
    provider.enqueue({ kind: 'content', content: JSON.stringify({ name: 'x' }), delayMs: 3000 });
    provider.enqueue({ kind: 'content', content: JSON.stringify({ name: 'y' }), delayMs: 3000 });
    const first = await send(ws.client, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt', text: 'one' });
    const second = await send(ws.client, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt', text: 'two' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await send(ws.client, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt', text: 'three' });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ code: 'quota_exceeded', detail: expect.stringContaining('max_running_jobs: 2') });
    expect(third.headers.get('retry-after')).toBeTruthy();
    const usage = await op('GET', `/v1/workspaces/${ws.ws.id}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body.quotas.max_running_jobs).toBe(2);
    await send(ws.client, 'POST', `/v1/extraction-jobs/${first.body.id}/cancel`);
    await send(ws.client, 'POST', `/v1/extraction-jobs/${second.body.id}/cancel`);
    await waitFor(ws.client, `/v1/extraction-jobs/${first.body.id}`, ended);
    await waitFor(ws.client, `/v1/extraction-jobs/${second.body.id}`, ended);
    expect((await send(ws.client, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt', text: 'four' })).status).toBe(201);
  }, 60_000);

  it('max_storage_bytes: an upload beyond it is 429 quota_exceeded and is not kept; usage counts the bytes', async () => {
    const ws = await team('iso-store');
    const one = await send(ws.client, 'POST', '/v1/files', pngForm());
    expect(one.status).toBe(201);
    await op('PATCH', `/v1/workspaces/${ws.ws.id}`, { max_storage_bytes: one.body.size_bytes + 10 });
    await new Promise((res) => setTimeout(res, 1100)); // the API keeps a workspace's settings a second
    const two = await send(ws.client, 'POST', '/v1/files', pngForm('second.png'));
    expect(two.status).toBe(429);
    expect(two.body).toEqual({ code: 'quota_exceeded', detail: expect.stringContaining(`max_storage_bytes: ${one.body.size_bytes + 10}`) });
    const files = (await send(ws.client, 'GET', '/v1/files')).body;
    expect(files.map((f: any) => f.id)).toEqual([one.body.id]);
    const usage = (await op('GET', `/v1/workspaces/${ws.ws.id}/usage`)).body;
    expect(usage).toMatchObject({ storage_bytes: one.body.size_bytes, files: 1 });
  });
});

describe('workspaces', () => {
  it('usage counts jobs by status, pages and tokens of the month, and storage', async () => {
    const usage = await send(a.admin, 'GET', `/v1/workspaces/${a.ws.id}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body.jobs.extraction.completed).toBeGreaterThanOrEqual(1);
    expect(usage.body.jobs.parse.completed).toBe(1);
    expect(usage.body.month.pages).toBeGreaterThanOrEqual(1);
    expect(usage.body.storage_bytes).toBeGreaterThan(0);
  });

  it('DELETE is 409 while jobs run, removes everything once they ended; default cannot be deleted', async () => {
    const ws = await team('iso-gone');
    provider.enqueue({ kind: 'content', content: JSON.stringify({ name: 'x' }), delayMs: 3000 });
    const file = await send(ws.admin, 'POST', '/v1/files', pngForm());
    const job = await send(ws.client, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt', text: 'slow' });
    expect(job.status).toBe(201);
    await waitFor(ws.client, `/v1/extraction-jobs/${job.body.id}`, (j) => j.status === 'running');
    expect(await op('DELETE', `/v1/workspaces/${ws.ws.id}`)).toMatchObject({ status: 409, body: { code: 'workspace_has_running_jobs' } });
    await waitFor(ws.client, `/v1/extraction-jobs/${job.body.id}`, ended);
    expect((await op('DELETE', `/v1/workspaces/${ws.ws.id}`)).status).toBe(204);
    expect((await op('GET', `/v1/workspaces/${ws.ws.id}`)).status).toBe(404);
    expect((await send(ws.admin, 'GET', '/v1/files')).status).toBe(401);
    expect((await send(OPERATOR, 'GET', `/v1/files/${file.body.id}`)).status).toBe(404);
    expect(await op('DELETE', '/v1/workspaces/default')).toMatchObject({ status: 409, body: { code: 'workspace_is_default' } });
    expect((await op('POST', '/v1/workspaces', { name: 'iso-a', display_name: 'Again' })).body.code).toBe('name_taken');
  }, 60_000);
});

describe('webhooks', () => {
  it("a job's event goes to its own workspace's endpoints only, and only they list the delivery", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const ws = await team('iso-hooks');
      const mine = await send(ws.admin, 'POST', '/v1/webhook-endpoints', { url: `${receiver.url}/mine`, events: ['extraction_job.completed', 'extraction_job.failed'] });
      const theirs = await send(b.admin, 'POST', '/v1/webhook-endpoints', { url: `${receiver.url}/theirs`, events: ['extraction_job.completed', 'extraction_job.failed'] });
      expect([mine.status, theirs.status]).toEqual([201, 201]);
      provider.enqueue({ kind: 'content', content: JSON.stringify({ merchant_name: 'x' }) });
      const job = await send(ws.client, 'POST', '/v1/extraction-jobs', { extractor_name: 'receipt', text: 'hook me' });
      expect(job.status).toBe(201);
      await waitFor(ws.client, `/v1/extraction-jobs/${job.body.id}`, ended);
      await receiver.waitFor((r) => r.some((w) => w.path.endsWith('/mine') && w.body.includes(job.body.id)), 30_000);
      await new Promise((res) => setTimeout(res, 1000));
      expect(receiver.received.filter((w) => w.body.includes(job.body.id)).map((w) => w.path.replace(/^.*\//, '/'))).toEqual(['/mine']);
      const deliveries = await send(ws.admin, 'GET', `/v1/webhook-endpoints/${mine.body.id}/deliveries`);
      expect(deliveries.body.map((d: any) => d.job_id)).toContain(job.body.id);
      expect((await send(b.admin, 'GET', `/v1/webhook-endpoints/${theirs.body.id}/deliveries`)).body.map((d: any) => d.job_id)).not.toContain(job.body.id);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});

describe('metrics by workspace (SERVICE_METRICS_WORKSPACE_LABEL=true)', () => {
  it('counts requests and job creations by workspace name, for the operator only', async () => {
    const metrics = await send(OPERATOR, 'GET', '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/docextract_workspace_requests_total\{workspace="iso-a",status_class="2xx"\} [1-9]/);
    expect(metrics.body).toMatch(/docextract_workspace_jobs_created_total\{workspace="iso-a",kind="extraction"\} [1-9]/);
    expect(metrics.body).not.toMatch(/workspace="ws_/);
    expect((await send(a.client, 'GET', '/metrics')).status).toBe(403);
  });
});

describe('the upgrade from migration 022', () => {
  it('keeps every file, job and definition, now in default', async () => {
    const admin = knexFactory({ client: 'pg', connection: stack.config.databaseUrl! });
    const name = `upgrade_${Date.now()}`;
    await admin.raw(`CREATE DATABASE ${name}`);
    const url = new URL(stack.config.databaseUrl!);
    url.pathname = `/${name}`;
    const knex: Knex = knexFactory({ client: 'pg', connection: url.toString() });
    try {
      await migrateUpTo(knex, '022_batch_failed');
      await knex('providers').insert({ name: 'compatible_api', configuration: {} });
      await knex('files').insert({ id: 'file_old', filename: 'old.pdf', media_type: 'application/pdf', kind: 'pdf', size_bytes: 3, sha256: 'x' });
      await knex('extractors').insert({ id: 'ext_old', name: 'old', display_name: 'Old', instructions: 'x', schema: JSON.stringify(SIMPLE), examples: '[]', provider_name: 'compatible_api', model: 'm', source: 'user' });
      await knex('extraction_jobs').insert({ id: 'ejob_old', extractor_id: 'ext_old', extractor_snapshot: '{}', file_id: 'file_old', status: 'completed' });
      await knex('evaluation_sets').insert({ id: 'evset_old', name: 'old-set', display_name: 'Old set' });
      await migrateLatest(knex);
      for (const [table, id] of [['files', 'file_old'], ['extractors', 'ext_old'], ['extraction_jobs', 'ejob_old'], ['evaluation_sets', 'evset_old']] as const) {
        expect(await knex(table).where({ id }).first('id', 'workspace_id')).toEqual({ id, workspace_id: 'ws_00000000000000000000000000' });
      }
      expect(await knex('workspaces').select('name')).toEqual([{ name: 'default' }]);
      // Names are now unique per workspace.
      await knex('workspaces').insert({ id: 'ws_other', name: 'other', display_name: 'Other' });
      await knex('extractors').insert({ id: 'ext_other', workspace_id: 'ws_other', name: 'old', display_name: 'Old', instructions: 'x', schema: JSON.stringify(SIMPLE), examples: '[]', provider_name: 'compatible_api', model: 'm', source: 'user' });
      await expect(knex('extractors').insert({ id: 'ext_dup', name: 'old', display_name: 'Old', instructions: 'x', schema: JSON.stringify(SIMPLE), examples: '[]', provider_name: 'compatible_api', model: 'm', source: 'user' })).rejects.toThrow(/unique/);
    } finally {
      await knex.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name}`);
      await admin.destroy();
    }
  }, 60_000);
});
