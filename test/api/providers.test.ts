import { statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { startApi, type RunningApi } from '../../src/runtime/api-process.js';
import { createSecretBox } from '../../src/storage/secrets.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { call, expectApiError, expectIsoUtc, expectValidationError } from './definition-helpers.js';

// The contract's five fields and the endpoint set with base_url: never api_key or api_key_env.
const PROVIDER_KEYS = ['base_url', 'configuration', 'created_at', 'has_api_key', 'name', 'updated_at'];
const NAMES = ['hosted_api', 'hosted_project_api', 'compatible_api'];

// Every key this file sends; none may ever appear in a response, a log line or a database row in clear.
const KEY = 'sk-test-SECRET-7f3a9c1e5b2d4086';
const OTHER_KEY = 'sk-test-OTHER-0c8e2b6d4a1f3957';
const ENV_KEY = 'sk-test-ENVVAR-5d7b9f1a3c2e4680';
const ENV_VAR = 'DEFINITIONS_TEST_PROVIDER_KEY';
const SECRETS = [KEY, OTHER_KEY, ENV_KEY];

let stack: TestStack;
let api: RunningApi;
let base: string;
let scripted: ScriptedProvider;
let rejecting: { url: string; authorizations: string[]; close(): Promise<void> };
const logLines: string[] = [];
const responses: string[] = [];

/** call() that also keeps every response body, to check none of them carries a key. */
async function send(method: string, p: string, body?: unknown) {
  const r = await call(base, method, p, body);
  responses.push(JSON.stringify(r.body ?? null), JSON.stringify([...r.headers.entries()]));
  return r;
}

/** A provider that refuses every listing with 401, quoting the key it got (some servers do). */
async function startRejectingProvider() {
  const authorizations: string[] = [];
  const server = http.createServer((req, res) => {
    const auth = String(req.headers.authorization ?? '');
    authorizations.push(auth);
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${auth.replace(/^Bearer /, '')}`, type: 'invalid_request_error' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    authorizations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  scripted = await startScriptedProvider();
  rejecting = await startRejectingProvider();
  stack = await startTestStack({ worker: false });
  // The run's database is shared by every test file, and the job tests point compatible_api at
  // their scripted servers: start from the seeded, unconfigured providers.
  await stack.db('providers').update({ base_url: null, configuration: JSON.stringify({}), api_key_ciphertext: null, api_key_env: null });
  // The real API runtime on the stack's database and configuration, with a logger whose every
  // line (at trace level, unredacted) we keep, so we can show no line carries a key.
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  api = await startApi(stack.config, {
    databaseUrl: stack.config.databaseUrl!,
    temporalAddress: stack.config.temporal.address!,
    logger,
    port: 0,
  });
  base = api.url;
  process.env[ENV_VAR] = ENV_KEY;
});

afterAll(async () => {
  delete process.env[ENV_VAR];
  await api?.close();
  await stack?.close();
  await scripted?.close();
  await rejecting?.close();
});

function expectProvider(body: any, name?: string): void {
  expect(Object.keys(body).sort()).toEqual(PROVIDER_KEYS);
  if (name) expect(body.name).toBe(name);
  expect(NAMES).toContain(body.name);
  expect(typeof body.configuration).toBe('object');
  expect(Array.isArray(body.configuration)).toBe(false);
  expect(typeof body.has_api_key).toBe('boolean');
  expectIsoUtc(body.created_at);
  expectIsoUtc(body.updated_at);
}

const row = (name: string) => stack.db('providers').where({ name }).first();

describe('GET /v1/providers and /v1/providers/{name}', () => {
  it('lists the three preconfigured providers, unconfigured', async () => {
    const r = await send('GET', '/v1/providers');
    expect(r.status).toBe(200);
    expect(r.body.map((p: any) => p.name)).toEqual(NAMES);
    for (const p of r.body) {
      expectProvider(p);
      expect(p).toMatchObject({ base_url: null, configuration: {}, has_api_key: false });
      expect((await row(p.name)).base_url).toBeNull();
    }
  });

  it('reads one provider; an unknown name is a 422 on the path', async () => {
    for (const name of NAMES) {
      const r = await send('GET', `/v1/providers/${name}`);
      expect(r.status).toBe(200);
      expectProvider(r.body, name);
    }
    expectValidationError(await send('GET', '/v1/providers/other_api'), ['path', 'name']);
  });

  it('model listing of the project provider before it is configured: 409 provider_not_configured', async () => {
    expectApiError(await send('GET', '/v1/providers/hosted_project_api/models'), 409, 'provider_not_configured');
  });

  it('GET shows the base_url a PATCH set (and a PUT without it resets it to null); never a key or its variable', async () => {
    const url = 'https://models.example.test/v1';
    const patched = await send('PATCH', '/v1/providers/hosted_api', { base_url: url, api_key: KEY, api_key_env: ENV_VAR });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ base_url: url, has_api_key: true });
    const read = await send('GET', '/v1/providers/hosted_api');
    expectProvider(read.body, 'hosted_api');
    expect(read.body.base_url).toBe(url);
    const listed = await send('GET', '/v1/providers');
    expect(listed.body.find((p: any) => p.name === 'hosted_api').base_url).toBe(url);
    for (const body of [patched.body, read.body, listed.body]) {
      expect(JSON.stringify(body)).not.toContain(KEY);
      expect(JSON.stringify(body)).not.toContain(ENV_VAR);
    }
    const reset = await send('PUT', '/v1/providers/hosted_api', {});
    expect(reset.body).toMatchObject({ base_url: null, has_api_key: false });
    expect((await send('GET', '/v1/providers/hosted_api')).body.base_url).toBeNull();
  });
});

describe('PATCH /v1/providers/{name}', () => {
  it('stores the API key encrypted: has_api_key, never the key, and the worker can decrypt it', async () => {
    const r = await send('PATCH', '/v1/providers/hosted_api', { api_key: KEY });
    expect(r.status).toBe(200);
    expectProvider(r.body, 'hosted_api');
    expect(r.body.has_api_key).toBe(true);

    const stored = await row('hosted_api');
    expect(JSON.stringify(stored)).not.toContain(KEY);
    expect(stored.api_key_ciphertext).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    // Same key source as any other process of this deployment (here: the generated key file).
    expect(createSecretBox(stack.config).decrypt(stored.api_key_ciphertext)).toBe(KEY);
    expect(statSync(path.join(stack.config.dataDir, 'secret.key')).mode & 0o777).toBe(0o600);

    const read = await send('GET', '/v1/providers/hosted_api');
    expect(read.body.has_api_key).toBe(true);
  });

  it('merges: fields left out are kept; configuration given replaces the stored object', async () => {
    await send('PATCH', '/v1/providers/compatible_api', { base_url: 'http://127.0.0.1:9/v1', configuration: { a: 1, b: { c: [true] } }, api_key: OTHER_KEY });
    const r = await send('PATCH', '/v1/providers/compatible_api', { configuration: { d: 'x' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ configuration: { d: 'x' }, has_api_key: true });
    expect((await row('compatible_api')).base_url).toBe('http://127.0.0.1:9/v1');
    const key = (await row('compatible_api')).api_key_ciphertext;
    const again = await send('PATCH', '/v1/providers/compatible_api', { base_url: null });
    expect(again.body).toMatchObject({ configuration: { d: 'x' }, has_api_key: true });
    expect((await row('compatible_api')).base_url).toBeNull();
    expect((await row('compatible_api')).api_key_ciphertext).toBe(key); // not re-encrypted
    expect(Date.parse(again.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(r.body.updated_at));
  });

  it('api_key null removes the stored key', async () => {
    await send('PATCH', '/v1/providers/compatible_api', { api_key: OTHER_KEY });
    const r = await send('PATCH', '/v1/providers/compatible_api', { api_key: null });
    expect(r.body.has_api_key).toBe(false);
    expect((await row('compatible_api')).api_key_ciphertext).toBeNull();
  });

  it('api_key_env is stored but never returned', async () => {
    const r = await send('PATCH', '/v1/providers/compatible_api', { api_key_env: 'SOME_VAR_1' });
    expect(r.status).toBe(200);
    expectProvider(r.body);
    expect(JSON.stringify(r.body)).not.toContain('SOME_VAR_1');
    expect((await row('compatible_api')).api_key_env).toBe('SOME_VAR_1');
    expect((await send('PATCH', '/v1/providers/compatible_api', { api_key_env: null })).status).toBe(200);
    expect((await row('compatible_api')).api_key_env).toBeNull();
  });

  it('hosted_project_api: a project_url, when given, is an http(s) URL (400 invalid_provider_configuration); without one it is stored, unusable until set', async () => {
    // As seeded: no project_url. Setting a key first is accepted; the model listing says what is missing.
    const keyFirst = await send('PATCH', '/v1/providers/hosted_project_api', { api_key: KEY });
    expect(keyFirst.status).toBe(200);
    expect(keyFirst.body).toMatchObject({ configuration: {}, has_api_key: true });
    expectApiError(await send('GET', '/v1/providers/hosted_project_api/models'), 409, 'provider_not_configured');
    await send('PATCH', '/v1/providers/hosted_project_api', { api_key: null });
    for (const project_url of ['not a url', 'ftp://example.test/p', 42, `https://example.test/${'p'.repeat(2000)}`]) {
      expectApiError(await send('PATCH', '/v1/providers/hosted_project_api', { configuration: { project_url } }), 400, 'invalid_provider_configuration');
    }
    const ok = await send('PATCH', '/v1/providers/hosted_project_api', { configuration: { project_url: scripted.projectUrl }, api_key: KEY });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ configuration: { project_url: scripted.projectUrl }, has_api_key: true });
    // A malformed one is refused and the stored state is unchanged.
    expectApiError(await send('PATCH', '/v1/providers/hosted_project_api', { configuration: { project_url: 'nope' } }), 400, 'invalid_provider_configuration');
    expect((await row('hosted_project_api')).configuration).toEqual({ project_url: scripted.projectUrl });
  });

  it('rejects unknown fields and malformed values with 422, without echoing the key', async () => {
    const bad: [unknown, (string | number)[]][] = [
      [{ api_key: KEY, colour: 'red' }, ['body']],
      [{ api_key: KEY, base_url: 'ftp://example.test' }, ['body', 'base_url']],
      [{ api_key: KEY, base_url: 'not a url' }, ['body', 'base_url']],
      [{ api_key: KEY, configuration: [1, 2] }, ['body', 'configuration']],
      [{ api_key: KEY, configuration: null }, ['body', 'configuration']],
      [{ api_key: '' }, ['body', 'api_key']],
      [{ api_key: 12345 }, ['body', 'api_key']],
      [{ api_key: KEY, api_key_env: '1BAD' }, ['body', 'api_key_env']],
      [{ api_key: KEY, api_key_env: 'HAS-DASH' }, ['body', 'api_key_env']],
    ];
    const before = await row('compatible_api');
    for (const [body, loc] of bad) {
      const r = await send('PATCH', '/v1/providers/compatible_api', body);
      expectValidationError(r, loc);
      expect(JSON.stringify(r.body)).not.toContain(KEY);
    }
    expect(await row('compatible_api')).toEqual(before);
    expectValidationError(await send('PATCH', '/v1/providers/nope', { api_key: KEY }), ['path', 'name']);
  });
});

describe('PUT /v1/providers/{name}', () => {
  it('replaces the whole connection state: absent fields are reset', async () => {
    await send('PATCH', '/v1/providers/hosted_api', { base_url: 'https://api.example.test/v1', configuration: { x: 1 }, api_key: KEY, api_key_env: 'A_VAR' });
    const r = await send('PUT', '/v1/providers/hosted_api', { base_url: 'https://other.example.test/v1' });
    expect(r.status).toBe(200);
    expectProvider(r.body, 'hosted_api');
    expect(r.body).toMatchObject({ configuration: {}, has_api_key: false });
    expect(await row('hosted_api')).toMatchObject({ base_url: 'https://other.example.test/v1', api_key_ciphertext: null, api_key_env: null });

    const full = await send('PUT', '/v1/providers/hosted_api', { base_url: null, configuration: { y: 2 }, api_key: KEY, api_key_env: null });
    expect(full.body).toMatchObject({ configuration: { y: 2 }, has_api_key: true });
    expect((await row('hosted_api')).base_url).toBeNull();
  });

  it('applies the same checks as PATCH (400 and 422)', async () => {
    expectApiError(await send('PUT', '/v1/providers/hosted_project_api', { api_key: KEY, configuration: { project_url: 'ftp://x' } }), 400, 'invalid_provider_configuration');
    expectApiError(await send('PUT', '/v1/providers/hosted_api', { configuration: { max_concurrent_requests: 0 } }), 400, 'invalid_provider_configuration');
    expectValidationError(await send('PUT', '/v1/providers/hosted_api', { api_key: KEY, extra: 1 }), ['body']);
    expectValidationError(await send('PUT', '/v1/providers/unknown', {}), ['path', 'name']);
  });
});

describe('GET /v1/providers/{name}/models', () => {
  it('lists what a compatible server advertises', async () => {
    scripted.setModels(['numind/NuExtract-2.0-8B', 'qwen-vl']);
    await send('PUT', '/v1/providers/compatible_api', { base_url: scripted.baseUrl });
    const r = await send('GET', '/v1/providers/compatible_api/models');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ models: ['numind/NuExtract-2.0-8B', 'qwen-vl'] });
  });

  it('sends the decrypted stored key to a hosted provider and keeps plausible chat models', async () => {
    scripted.setModels(['gpt-4o', 'text-embedding-3-small', 'whisper-1', 'gpt-4.1-mini']);
    await send('PUT', '/v1/providers/hosted_api', { base_url: scripted.baseUrl, api_key: KEY });
    const before = scripted.listingRequests.length;
    const r = await send('GET', '/v1/providers/hosted_api/models');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ models: ['gpt-4o', 'gpt-4.1-mini'] });
    expect(scripted.listingRequests[before]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('uses the key from api_key_env when no key is stored', async () => {
    await send('PUT', '/v1/providers/hosted_api', { base_url: scripted.baseUrl, api_key_env: ENV_VAR });
    const before = scripted.listingRequests.length;
    expect((await send('GET', '/v1/providers/hosted_api/models')).status).toBe(200);
    expect(scripted.listingRequests[before]!.headers.authorization).toBe(`Bearer ${ENV_KEY}`);
  });

  it('lists the deployments of a project provider', async () => {
    scripted.setModels(['my-gpt-deployment']);
    await send('PUT', '/v1/providers/hosted_project_api', { configuration: { project_url: scripted.projectUrl }, api_key: OTHER_KEY });
    const r = await send('GET', '/v1/providers/hosted_project_api/models');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ models: ['my-gpt-deployment'] });
  });

  it('409 provider_key_missing for a hosted provider without any key', async () => {
    await send('PUT', '/v1/providers/hosted_api', { base_url: scripted.baseUrl });
    expectApiError(await send('GET', '/v1/providers/hosted_api/models'), 409, 'provider_key_missing');
    await send('PUT', '/v1/providers/hosted_api', { base_url: scripted.baseUrl, api_key_env: 'DEFINITIONS_TEST_UNSET_VAR' });
    expectApiError(await send('GET', '/v1/providers/hosted_api/models'), 409, 'provider_key_missing');
  });

  it('502 provider_error with the provider message when it rejects the request (key not echoed)', async () => {
    await send('PUT', '/v1/providers/hosted_api', { base_url: rejecting.url, api_key: KEY });
    const r = await send('GET', '/v1/providers/hosted_api/models');
    expectApiError(r, 502, 'provider_error');
    expect(r.body.detail).toContain('Incorrect API key provided');
    expect(r.body.detail).not.toContain(KEY);
    expect(rejecting.authorizations).toContain(`Bearer ${KEY}`); // the provider did receive it
  });

  it('502 provider_error when the provider cannot be reached', async () => {
    await send('PUT', '/v1/providers/compatible_api', { base_url: `http://127.0.0.1:${await closedPort()}/v1` });
    const r = await send('GET', '/v1/providers/compatible_api/models');
    expectApiError(r, 502, 'provider_error');
    expect(typeof r.body.detail).toBe('string');
  });

  it('a stored key the secret key cannot read: reads still work, model listing says provider_key_unreadable', async () => {
    const foreign = createSecretBox({ secretKey: 'a-different-deployment-secret', dataDir: stack.config.dataDir }).encrypt(KEY);
    await send('PUT', '/v1/providers/hosted_api', { base_url: scripted.baseUrl });
    await stack.db('providers').where({ name: 'hosted_api' }).update({ api_key_ciphertext: foreign });
    const read = await send('GET', '/v1/providers/hosted_api');
    expect(read.status).toBe(200);
    expect(read.body.has_api_key).toBe(true);
    expectApiError(await send('GET', '/v1/providers/hosted_api/models'), 409, 'provider_key_unreadable');
    // Entering the key again fixes it.
    await send('PATCH', '/v1/providers/hosted_api', { api_key: KEY });
    expect((await send('GET', '/v1/providers/hosted_api/models')).status).toBe(200);
  });

  it('422 for an unknown provider name', async () => {
    expectValidationError(await send('GET', '/v1/providers/nope/models'), ['path', 'name']);
  });
});

describe('secrecy', () => {
  it('no response and no log line of the API ever contained a key', async () => {
    expect(responses.length).toBeGreaterThan(40);
    // The logger really captured the traffic (one line per request at least).
    expect(logLines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThan(40);
    for (const secret of SECRETS) {
      expect(responses.filter((r) => r.includes(secret))).toEqual([]);
      expect(logLines.filter((l) => l.includes(secret))).toEqual([]);
    }
    const rows = await stack.db('providers').select('*');
    for (const secret of SECRETS) expect(JSON.stringify(rows)).not.toContain(secret);
  });
});
