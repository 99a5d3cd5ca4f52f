// Scopes hold on every path (issue 38): one table of every operation in openapi.yaml with the
// token scopes allowed to call it, checked against the running API with an admin and a client
// token. An operation missing from the table fails the first test, so an endpoint added later
// gets its row when it is merged. Beside it, the paths the fault drills found: a client approving
// a review with add_as_example (403, nothing changes), and a batch item deleted on its own (409).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { OPENAPI_PATH } from '../harness/openapi-validator.js';
import { jsonTokens, startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { makePng } from '../fixtures/documents.js';

const ADMIN = 'scopes-admin-token-0123456789';
const CLIENT = 'scopes-client-token-0123456789';

type Who = 'public' | 'client' | 'admin';
/** Who may call each operation: `public` needs no token, `client` any token, `admin` an admin token. */
const ALLOWED: Record<string, Who> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /openapi.yaml': 'public',
  'GET /docs': 'public',
  'GET /docs/assets/{asset}': 'public',
  'GET /studio': 'public',
  'GET /favicon.ico': 'public',
  'GET /studio/assets/{asset}': 'public',
  'GET /metrics': 'client',
  'POST /v1/schemas/validate': 'client',
  'GET /v1/files': 'client',
  'POST /v1/files': 'client',
  'GET /v1/files/{file_id}': 'client',
  'DELETE /v1/files/{file_id}': 'client',
  'GET /v1/files/{file_id}/content': 'client',
  'GET /v1/files/{file_id}/pages/{page}': 'client',
  'POST /v1/uploads': 'client',
  'POST /v1/uploads/{upload_id}/complete': 'client',
  'GET /v1/providers': 'client',
  'GET /v1/providers/{name}': 'client',
  'PUT /v1/providers/{name}': 'admin',
  'PATCH /v1/providers/{name}': 'admin',
  'GET /v1/providers/{name}/models': 'client',
  'GET /v1/providers/{name}/status': 'client',
  'GET /v1/extractors': 'client',
  'GET /v1/extractors/{extractor_ref}': 'client',
  'PUT /v1/extractors/{extractor_ref}': 'admin',
  'PATCH /v1/extractors/{extractor_ref}': 'admin',
  'DELETE /v1/extractors/{extractor_ref}': 'admin',
  'GET /v1/parsers': 'client',
  'POST /v1/parsers': 'admin',
  'GET /v1/parsers/{parser_ref}': 'client',
  'PUT /v1/parsers/{parser_ref}': 'admin',
  'PATCH /v1/parsers/{parser_ref}': 'admin',
  'DELETE /v1/parsers/{parser_ref}': 'admin',
  'GET /v1/extraction-jobs': 'client',
  'POST /v1/extraction-jobs': 'client',
  'GET /v1/extraction-jobs/{job_id}': 'client',
  'DELETE /v1/extraction-jobs/{job_id}': 'client',
  'POST /v1/extraction-jobs/{job_id}/cancel': 'client',
  'GET /v1/extraction-jobs/{job_id}/events': 'client',
  'POST /v1/extraction-jobs/{job_id}/retry': 'client',
  'PATCH /v1/extraction-jobs/{job_id}/review': 'client',
  // Without add_as_example; with it, admin only (tested below on a real review).
  'POST /v1/extraction-jobs/{job_id}/review/approve': 'client',
  'POST /v1/extraction-jobs/{job_id}/review/reject': 'client',
  'GET /v1/extraction-jobs/{job_id}/review/events': 'client',
  'GET /v1/jobs': 'client',
  'POST /v1/jobs': 'client',
  'GET /v1/jobs/{job_id}': 'client',
  'DELETE /v1/jobs/{job_id}': 'client',
  'POST /v1/jobs/{job_id}/cancel': 'client',
  'POST /v1/jobs/{job_id}/retry': 'client',
  'GET /v1/parse-jobs': 'client',
  'POST /v1/parse-jobs': 'client',
  'GET /v1/parse-jobs/{job_id}': 'client',
  'DELETE /v1/parse-jobs/{job_id}': 'client',
  'POST /v1/parse-jobs/{job_id}/cancel': 'client',
  'POST /v1/parse-jobs/{job_id}/retry': 'client',
  'GET /v1/parse-jobs/{job_id}/events': 'client',
  'GET /v1/batches': 'admin',
  'POST /v1/batches': 'admin',
  'GET /v1/batches/{batch_id}': 'admin',
  'DELETE /v1/batches/{batch_id}': 'admin',
  'POST /v1/batches/{batch_id}/cancel': 'admin',
  'POST /v1/batches/{batch_id}/retry': 'admin',
  'GET /v1/batches/{batch_id}/results': 'admin',
  'GET /v1/batches/{batch_id}/results.csv': 'admin',
  'GET /v1/webhook-endpoints': 'admin',
  'POST /v1/webhook-endpoints': 'admin',
  'GET /v1/webhook-endpoints/{endpoint_id}': 'admin',
  'PATCH /v1/webhook-endpoints/{endpoint_id}': 'admin',
  'DELETE /v1/webhook-endpoints/{endpoint_id}': 'admin',
  'POST /v1/webhook-endpoints/{endpoint_id}/rotate-secret': 'admin',
  'GET /v1/webhook-endpoints/{endpoint_id}/deliveries': 'admin',
  'GET /v1/evaluation-sets': 'admin',
  'POST /v1/evaluation-sets': 'admin',
  'GET /v1/evaluation-sets/{set_ref}': 'admin',
  'DELETE /v1/evaluation-sets/{set_ref}': 'admin',
  'GET /v1/evaluation-sets/{set_ref}/items': 'admin',
  'POST /v1/evaluation-sets/{set_ref}/items': 'admin',
  'GET /v1/evaluation-sets/{set_ref}/items/{item_id}': 'admin',
  'PUT /v1/evaluation-sets/{set_ref}/items/{item_id}': 'admin',
  'DELETE /v1/evaluation-sets/{set_ref}/items/{item_id}': 'admin',
  'GET /v1/evaluation-runs': 'admin',
  'POST /v1/evaluation-runs': 'admin',
  'GET /v1/evaluation-runs/{run_id}': 'admin',
  'DELETE /v1/evaluation-runs/{run_id}': 'admin',
  'POST /v1/evaluation-runs/{run_id}/cancel': 'admin',
  'GET /v1/evaluation-runs/{run_id}/compare/{other_run_id}': 'admin',
  'POST /v1/evaluation-runs/{run_id}/thresholds': 'admin',
  'GET /v1/files/{file_id}/pages/{page}/text': 'client',
  'GET /v1/files/{file_id}/form-fields': 'client',
  'GET /v1/files/{file_id}/searchable.pdf': 'client',
  'GET /v1/parse-jobs/{job_id}/chunks': 'client',
  'GET /v1/parse-jobs/{job_id}/tables': 'client',
  'GET /v1/parse-jobs/{job_id}/tables/{index}.csv': 'client',
  'GET /v1/parse-jobs/{job_id}/document': 'client',
  'GET /v1/classifiers': 'client',
  'GET /v1/classifiers/{classifier_ref}': 'client',
  'PUT /v1/classifiers/{classifier_ref}': 'admin',
  'DELETE /v1/classifiers/{classifier_ref}': 'admin',
  'GET /v1/classification-jobs': 'client',
  'POST /v1/classification-jobs': 'client',
  'GET /v1/classification-jobs/{job_id}': 'client',
  'DELETE /v1/classification-jobs/{job_id}': 'client',
  'POST /v1/classification-jobs/{job_id}/cancel': 'client',
  'GET /v1/classification-jobs/{job_id}/events': 'client',
  'POST /v1/classification-jobs/{job_id}/retry': 'client',
  'PATCH /v1/classification-jobs/{job_id}/review': 'client',
  'POST /v1/classification-jobs/{job_id}/review/approve': 'client',
  'POST /v1/classification-jobs/{job_id}/review/reject': 'client',
  'GET /v1/classification-jobs/{job_id}/review/events': 'client',
  'GET /v1/schema-suggestions': 'client',
  'POST /v1/schema-suggestions': 'client',
  'GET /v1/schema-suggestions/{suggestion_id}': 'client',
  'DELETE /v1/schema-suggestions/{suggestion_id}': 'client',
  'POST /v1/schema-suggestions/{suggestion_id}/cancel': 'client',
  'GET /v1/extractors/{extractor_ref}/candidates': 'admin',
  'POST /v1/extractors/{extractor_ref}/candidates': 'admin',
  'GET /v1/extractors/{extractor_ref}/candidates/{candidate_id}': 'admin',
  'POST /v1/extractors/{extractor_ref}/candidates/{candidate_id}/cancel': 'admin',
  'POST /v1/extractors/{extractor_ref}/candidates/{candidate_id}/promote': 'admin',
  // The MCP endpoint takes any token; its tool list is filtered by scope (test/mcp/mcp.test.ts).
  // Workspaces (issue 42): operator tokens only (the admin entry of SERVICE_API_TOKENS is one); a
  // workspace's own keys, usage and audit are also its admin key's (test/api/workspaces-isolation.test.ts).
  'POST /v1/workspaces': 'admin',
  'GET /v1/workspaces': 'admin',
  'GET /v1/workspaces/{workspace_id}': 'admin',
  'PATCH /v1/workspaces/{workspace_id}': 'admin',
  'DELETE /v1/workspaces/{workspace_id}': 'admin',
  'POST /v1/workspaces/{workspace_id}/keys': 'admin',
  'GET /v1/workspaces/{workspace_id}/keys': 'admin',
  'DELETE /v1/workspaces/{workspace_id}/keys/{key_id}': 'admin',
  'GET /v1/workspaces/{workspace_id}/usage': 'admin',
  'GET /v1/workspaces/{workspace_id}/audit': 'admin',
  'GET /mcp': 'client',
  'POST /mcp': 'client',
  'DELETE /mcp': 'client',
};

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const document = parse(readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
const operations = Object.entries(document.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`));

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

/** A request with a bearer token (or none); bodies as JSON. The raw status and body, unchecked. */
async function send(token: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (a page, a YAML document, an event stream)
  }
  return { status: r.status, body: parsed };
}
const asAdmin = (method: string, path: string, body?: unknown) => send(ADMIN, method, path, body);
const asClient = (method: string, path: string, body?: unknown) => send(CLIENT, method, path, body);

beforeAll(async () => {
  provider = await startScriptedProvider();
  stack = await startTestStack({ batches: true, env: { SERVICE_API_TOKENS: `${ADMIN}:admin,${CLIENT}:client` } });
  base = stack.url;
  expect((await asAdmin('PUT', '/v1/providers/compatible_api', { base_url: provider.baseUrl })).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

describe('the scope table', () => {
  it('has a row for every operation in openapi.yaml, and only for those', () => {
    expect(operations.filter((op) => !(op in ALLOWED)).sort()).toEqual([]);
    expect(Object.keys(ALLOWED).filter((op) => !operations.includes(op)).sort()).toEqual([]);
  });

  it.each(Object.entries(ALLOWED))('%s: %s', async (operation, who) => {
    const [method, template] = operation.split(' ') as [string, string];
    // Unknown ids: an allowed call gets as far as the route (404, 422, 415 ...), a refused one 403.
    const path = template.replace(/\{page\}/, '1').replace(/\{[a-z_]+\}/g, 'scope-probe');
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
    const admin = await send(ADMIN, method, path, body);
    const client = await send(CLIENT, method, path, body);
    const anonymous = await send(null, method, path, body);
    expect(admin.status).not.toBe(403);
    expect(admin.status).not.toBe(401);
    if (who === 'public') expect(anonymous.status).not.toBe(401);
    else expect(anonymous).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    if (who === 'admin') expect(client).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    else expect([401, 403]).not.toContain(client.status);
  }, 30_000);
});

describe('workspace keys (issue 42): the same table, with an admin, a client and a reviewer key', () => {
  const keys: Record<string, string> = {};
  let workspaceId = '';
  // Only an operator token (SERVICE_API_TOKENS) may: workspaces themselves, provider changes, metrics.
  const OPERATOR_ONLY = /^(?:POST|GET) \/v1\/workspaces$|^(?:PATCH|DELETE) \/v1\/workspaces\/\{workspace_id\}$|^(?:PUT|PATCH) \/v1\/providers\/|^GET \/metrics$/;
  // Any key reads its own workspace.
  const OWN_WORKSPACE = /^GET \/v1\/workspaces\/\{workspace_id\}$/;
  // A reviewer: reads of jobs, results, batches and files; review decisions; the MCP endpoint.
  const REVIEWER = /^GET \/v1\/(?:extraction-jobs|parse-jobs|classification-jobs|schema-suggestions|jobs|batches|files)(?:$|\/)|^(?:PATCH|POST) \/v1\/(?:extraction-jobs|classification-jobs)\/\{job_id\}\/review(?:\/(?:approve|reject))?$|^(?:GET|POST|DELETE) \/mcp$/;

  beforeAll(async () => {
    const ws = await asAdmin('POST', '/v1/workspaces', { name: 'scopes-keys', display_name: 'Scopes keys' });
    expect(ws.status).toBe(201);
    workspaceId = ws.body.id;
    for (const scope of ['admin', 'client', 'reviewer']) {
      const key = await asAdmin('POST', `/v1/workspaces/${workspaceId}/keys`, { scope, label: `scopes-${scope}` });
      expect(key.status).toBe(201);
      keys[scope] = key.body.secret;
    }
  });

  it.each(Object.entries(ALLOWED).filter(([, who]) => who !== 'public'))('%s', async (operation, who) => {
    const [method, template] = operation.split(' ') as [string, string];
    const path = template.replace('{workspace_id}', workspaceId).replace(/\{page\}/, '1').replace(/\{[a-z_]+\}/g, 'scope-probe');
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
    const allowed = {
      admin: !OPERATOR_ONLY.test(operation),
      client: OWN_WORKSPACE.test(operation) || (who === 'client' && !OPERATOR_ONLY.test(operation)),
      reviewer: OWN_WORKSPACE.test(operation) || REVIEWER.test(operation),
    };
    for (const scope of ['admin', 'client', 'reviewer'] as const) {
      const r = await send(keys[scope]!, method, path, body);
      expect(r.status).not.toBe(401);
      if (allowed[scope]) expect({ scope, status: r.status }).not.toEqual({ scope, status: 403 });
      else expect({ scope, status: r.status, code: r.body?.code }).toEqual({ scope, status: 403, code: 'forbidden' });
    }
  }, 30_000);
});

describe('review approval with add_as_example', () => {
  const SIMPLE = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false };

  it('is 403 forbidden for a client token and changes nothing, not even the approval; an admin token may', async () => {
    const put = await asAdmin('PUT', '/v1/extractors/scopes-review', { display_name: 'Scopes', instructions: 'Extract.', model: 'scopes-model', schema: SIMPLE, review_threshold: 0.8 });
    expect(put.status).toBe(201);
    const content = JSON.stringify({ name: 'Acme' });
    provider.enqueue({ kind: 'content', content, logprobs: jsonTokens(content, (_t, isValue) => (isValue ? 0.5 : 0.999)) });
    const created = await asClient('POST', '/v1/extraction-jobs', { extractor_name: 'scopes-review', text: 'Acme Ltd' });
    expect(created.status).toBe(201);
    const path = `/v1/extraction-jobs/${created.body.id}`;
    const job = await waitForJob(path);
    expect(job.review).toMatchObject({ status: 'pending', revision: 1 });
    const decided = await asClient('PATCH', `${path}/review`, { revision: 1, fields: [{ path: '/name', action: 'accept' }] });
    expect(decided.status).toBe(200);
    const before = (await asAdmin('GET', '/v1/extractors/scopes-review')).body;

    const refused = await asClient('POST', `${path}/review/approve`, { revision: 2, add_as_example: true });
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await asAdmin('GET', path)).body.review).toMatchObject({ status: 'pending', revision: 2 });
    expect((await asAdmin('GET', '/v1/extractors/scopes-review')).body).toEqual(before);
    expect((await asClient('GET', `${path}/review/events`)).body.map((e: any) => e.action)).toEqual(['accept']);

    const approved = await asAdmin('POST', `${path}/review/approve`, { revision: 2, add_as_example: true });
    expect(approved.status).toBe(200);
    const after = (await asAdmin('GET', '/v1/extractors/scopes-review')).body;
    expect(after.examples).toHaveLength(before.examples.length + 1);
  }, 120_000);
});

async function waitForJob(path: string): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await asAdmin('GET', path);
    if (['completed', 'failed', 'canceled'].includes(r.body.status)) return r.body;
    if (Date.now() > deadline) throw new Error(`${path} still ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

describe('batch items', () => {
  it('are listed by batch_id; deleted on their own they are 409 job_in_batch on every path, whatever the token; canceled they may be', async () => {
    const form = new FormData();
    form.append('upload', new Blob([new Uint8Array(makePng(40, 20))], { type: 'image/png' }), 'page.png');
    const file = await fetch(`${base}/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` }, body: form });
    expect(file.status).toBe(201);
    const fileId = ((await file.json()) as { id: string }).id;
    const lone = await asClient('POST', '/v1/extraction-jobs', { extractor_name: 'receipt', text: 'not in a batch' });
    expect(lone.status).toBe(201);

    const extraction = await asAdmin('POST', '/v1/batches', { kind: 'extraction', extractor_name: 'receipt', concurrency: 1, inputs: [{ custom_id: 'a', text: 'A' }, { custom_id: 'b', text: 'B' }] });
    expect(extraction.status).toBe(201);
    const parse = await asAdmin('POST', '/v1/batches', { kind: 'parse', parser_name: 'document-to-markdown', concurrency: 1, inputs: [{ custom_id: 'p', file_id: fileId }] });
    expect(parse.status).toBe(201);

    for (const list of ['/v1/extraction-jobs', '/v1/jobs']) {
      const listed = await asClient('GET', `${list}?batch_id=${extraction.body.id}&limit=100`);
      expect(listed.status).toBe(200);
      expect(listed.body.map((j: any) => j.custom_id).sort()).toEqual(['a', 'b']);
      expect(listed.body.every((j: any) => j.batch_id === extraction.body.id)).toBe(true);
    }
    const parseItems = await asClient('GET', `/v1/parse-jobs?batch_id=${parse.body.id}`);
    expect(parseItems.body.map((j: any) => j.custom_id)).toEqual(['p']);
    expect((await asClient('GET', `/v1/parse-jobs?batch_id=${extraction.body.id}`)).body).toEqual([]);

    const [itemA, itemB] = (await asAdmin('GET', `/v1/extraction-jobs?batch_id=${extraction.body.id}`)).body as any[];
    for (const [send, path] of [
      [asClient, `/v1/extraction-jobs/${itemA.id}`],
      [asAdmin, `/v1/extraction-jobs/${itemA.id}`],
      [asClient, `/v1/jobs/${itemB.id}`],
      [asClient, `/v1/parse-jobs/${parseItems.body[0].id}`],
    ] as const) {
      const r = await send('DELETE', path);
      expect(r).toMatchObject({ status: 409, body: { code: 'job_in_batch' } });
    }
    expect((await asAdmin('GET', `/v1/batches/${extraction.body.id}`)).body.request_counts.total).toBe(2);
    expect((await asAdmin('GET', `/v1/extraction-jobs/${itemA.id}`)).status).toBe(200);
    // Cancel stays open to an item; a job outside a batch is deleted as before.
    expect((await asClient('POST', `/v1/extraction-jobs/${itemA.id}/cancel`)).status).toBe(200);
    expect([202, 204]).toContain((await asClient('DELETE', `/v1/extraction-jobs/${lone.body.id}`)).status);
    await asAdmin('POST', `/v1/batches/${extraction.body.id}/cancel`);
    await asAdmin('POST', `/v1/batches/${parse.body.id}/cancel`);
  }, 120_000);
});
