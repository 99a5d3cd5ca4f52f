// Open mode is one workspace (issue 48, deliverable 3). Without SERVICE_API_TOKENS nobody is an
// operator: creating workspaces and every key operation answer 403 `operator_token_required`, and an
// anonymous request naming a workspace other than `default` in X-Docextract-Workspace answers 403
// `workspace_requires_token` — so a file uploaded with a workspace key (issued while tokens were set)
// is never served to an anonymous caller. The key itself keeps acting in its own workspace. With
// tokens, nothing changes. Two APIs share one database: the stack's (tokens) and an open one.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { startApi, type RunningApi } from '../../src/runtime/api-process.js';
import { apiCall } from '../harness/openapi-validator.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { makePng } from '../fixtures/documents.js';

const OPERATOR = 'open-mode-operator-token-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let stack: TestStack;
let open: RunningApi;
let ws: { id: string; name: string };
let adminKey: string;
let keyId: string;
let fileId: string;

async function upload(url: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('upload', new Blob([new Uint8Array(makePng(40, 20))], { type: 'image/png' }), 'page.png');
  const r = await fetch(`${url}/v1/files`, { method: 'POST', headers, body: form });
  return { status: r.status, body: await r.json() };
}

beforeAll(async () => {
  stack = await startTestStack({ worker: false, env: { SERVICE_API_TOKENS: OPERATOR } });
  open = await startApi({ ...stack.config, apiTokens: undefined }, {
    databaseUrl: stack.config.databaseUrl!,
    temporalAddress: stack.config.temporal.address!,
    logger: pino({ level: 'silent' }),
    port: 0,
  });
  // A team set up while tokens were configured: its workspace, an admin key, a file.
  const created = await apiCall(stack.url, 'POST', '/v1/workspaces', { name: 'team-open', display_name: 'Team' }, bearer(OPERATOR));
  expect(created.status).toBe(201);
  ws = created.body;
  const key = await apiCall(stack.url, 'POST', `/v1/workspaces/${ws.id}/keys`, { scope: 'admin', label: 'team admin' }, bearer(OPERATOR));
  expect(key.status).toBe(201);
  adminKey = key.body.secret;
  keyId = key.body.id;
  const file = await upload(stack.url, bearer(adminKey));
  expect(file.status).toBe(201);
  fileId = file.body.id;
});

afterAll(async () => {
  await open?.close();
  await stack?.close();
});

const expectCode = (r: { status: number; body: any }, status: number, code: string) => {
  expect({ status: r.status, code: r.body?.code }).toEqual({ status, code });
  expect(typeof r.body.detail).toBe('string');
};

describe('without SERVICE_API_TOKENS (open mode)', () => {
  it('refuses to create a workspace, and every other workspace operation, with 403 operator_token_required', async () => {
    const before = await stack.db('workspaces').count<{ n: string }[]>({ n: '*' });
    expectCode(await apiCall(open.url, 'POST', '/v1/workspaces', { name: 'sneaky', display_name: 'Sneaky' }), 403, 'operator_token_required');
    expectCode(await apiCall(open.url, 'GET', '/v1/workspaces'), 403, 'operator_token_required');
    expectCode(await apiCall(open.url, 'GET', `/v1/workspaces/${ws.id}`), 403, 'operator_token_required');
    expectCode(await apiCall(open.url, 'PATCH', `/v1/workspaces/${ws.name}`, { display_name: 'Taken over' }), 403, 'operator_token_required');
    expectCode(await apiCall(open.url, 'DELETE', `/v1/workspaces/${ws.id}`), 403, 'operator_token_required');
    expectCode(await apiCall(open.url, 'GET', `/v1/workspaces/${ws.id}/usage`), 403, 'operator_token_required');
    expectCode(await apiCall(open.url, 'GET', `/v1/workspaces/${ws.id}/audit`), 403, 'operator_token_required');
    const after = await stack.db('workspaces').count<{ n: string }[]>({ n: '*' });
    expect(after[0]!.n).toBe(before[0]!.n);
    const kept = await apiCall(stack.url, 'GET', `/v1/workspaces/${ws.id}`, undefined, bearer(OPERATOR));
    expect(kept.body.display_name).toBe('Team');
  });

  it('refuses every key operation with 403 operator_token_required, anonymous or with a key', async () => {
    // Other files on this database may hold keys of their own: nothing is added, revoked or removed.
    const before = await stack.db('workspace_keys').orderBy('id').select('id', 'revoked_at');
    expect(before).toContainEqual({ id: keyId, revoked_at: null });
    for (const headers of [{}, bearer(adminKey)]) {
      expectCode(await apiCall(open.url, 'POST', `/v1/workspaces/${ws.id}/keys`, { scope: 'admin', label: 'x' }, headers), 403, 'operator_token_required');
      expectCode(await apiCall(open.url, 'POST', '/v1/workspaces/default/keys', { scope: 'client', label: 'x' }, headers), 403, 'operator_token_required');
      expectCode(await apiCall(open.url, 'GET', `/v1/workspaces/${ws.id}/keys`, undefined, headers), 403, 'operator_token_required');
      expectCode(await apiCall(open.url, 'DELETE', `/v1/workspaces/${ws.id}/keys/${keyId}`, undefined, headers), 403, 'operator_token_required');
    }
    const keys = await stack.db('workspace_keys').orderBy('id').select('id', 'revoked_at');
    expect(keys).toEqual(before);
  });

  it('refuses an anonymous X-Docextract-Workspace naming anything but default with 403 workspace_requires_token', async () => {
    for (const named of [ws.name, ws.id, 'no-such-workspace']) {
      const headers = { 'x-docextract-workspace': named };
      expectCode(await apiCall(open.url, 'GET', `/v1/files/${fileId}`, undefined, headers), 403, 'workspace_requires_token');
      expectCode(await apiCall(open.url, 'GET', '/v1/files', undefined, headers), 403, 'workspace_requires_token');
      expectCode(await apiCall(open.url, 'GET', `/v1/files/${fileId}/content`, undefined, headers), 403, 'workspace_requires_token');
    }
    // Without the header the team's file is simply not in `default`.
    expect((await apiCall(open.url, 'GET', `/v1/files/${fileId}`)).status).toBe(404);
  });

  it('lets anonymous callers work in default, named or not', async () => {
    const file = await upload(open.url, { 'x-docextract-workspace': 'default' });
    expect(file.status).toBe(201);
    for (const named of [undefined, 'default', 'ws_00000000000000000000000000']) {
      const r = await apiCall(open.url, 'GET', `/v1/files/${file.body.id}`, undefined, named ? { 'x-docextract-workspace': named } : {});
      expect(r.status).toBe(200);
      expect(r.headers.get('x-docextract-workspace')).toBe('default');
    }
  });

  it('lets a key issued earlier act in its own workspace only', async () => {
    const r = await apiCall(open.url, 'GET', `/v1/files/${fileId}`, undefined, bearer(adminKey));
    expect(r.status).toBe(200);
    expect(r.headers.get('x-docextract-workspace')).toBe(ws.name);
    expect((await apiCall(open.url, 'GET', `/v1/workspaces/${ws.id}`, undefined, bearer(adminKey))).status).toBe(200);
    expect((await apiCall(open.url, 'GET', `/v1/files/${fileId}`, undefined, { ...bearer(adminKey), 'x-docextract-workspace': 'default' })).status).toBe(404);
  });
});

describe('with SERVICE_API_TOKENS', () => {
  it('is unchanged: the operator creates workspaces and keys and reads any workspace by header', async () => {
    const created = await apiCall(stack.url, 'POST', '/v1/workspaces', { name: 'team-two', display_name: 'Two' }, bearer(OPERATOR));
    expect(created.status).toBe(201);
    const key = await apiCall(stack.url, 'POST', `/v1/workspaces/${created.body.id}/keys`, { scope: 'client', label: 'two' }, bearer(OPERATOR));
    expect(key.status).toBe(201);
    const read = await apiCall(stack.url, 'GET', `/v1/files/${fileId}`, undefined, { ...bearer(OPERATOR), 'x-docextract-workspace': ws.name });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(fileId);
  });
});
