// A start that says what is missing: with no model server, the API's start-up log has one line for
// the provider that does not answer (which provider, which URL, what jobs do meanwhile, where to
// read on), and GET /v1/providers/{name}/status says whether the endpoint answered and when.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { startApi, type RunningApi } from '../../src/runtime/api-process.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { call } from './definition-helpers.js';

let stack: TestStack;
let api: RunningApi | undefined;
let scripted: ScriptedProvider;
let deadUrl: string;
const logLines: string[] = [];

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until<T>(fn: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms; log:\n${logLines.join('')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  scripted = await startScriptedProvider();
  scripted.setModels(['scripted-model-a']);
  stack = await startTestStack({ worker: false });
  // No model server: compatible_api (used by the prebuilt `receipt` and `document-to-markdown`)
  // points at a port nothing listens on.
  deadUrl = `http://127.0.0.1:${await closedPort()}/v1`;
  await stack.db('providers').update({ base_url: null, configuration: JSON.stringify({}), api_key_ciphertext: null, api_key_env: null });
  await stack.db('providers').where({ name: 'compatible_api' }).update({ base_url: deadUrl });
});

afterAll(async () => {
  await api?.close();
  await stack?.close();
  await scripted?.close();
});

it('with no model server, the start log has one line for the provider: which, where, what jobs do, where to read', async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  api = await startApi(stack.config, {
    databaseUrl: stack.config.databaseUrl!,
    temporalAddress: stack.config.temporal.address!,
    logger,
    port: 0,
    checkProviders: true,
  });
  const line = await until(() => logLines.find((l) => l.includes('provider compatible_api does not answer')), 30_000);
  const entry = JSON.parse(line);
  expect(entry.level).toBe(40); // warn
  expect(entry.provider).toBe('compatible_api');
  expect(entry.url).toBe(`${deadUrl}/models`);
  expect(entry.msg).toContain(`at ${deadUrl}/models`);
  expect(entry.msg).toContain('provider_unavailable');
  expect(entry.msg).toContain(`retry for up to ${stack.config.providerRetry.windowMs / 1000} s (SERVICE_PROVIDER_RETRY_WINDOW_S)`);
  expect(entry.msg).toContain('README.md');
  // One line for that provider, and none for a provider that no definition uses (other test files
  // of this Jest worker may have left definitions of other providers in its database).
  expect(logLines.filter((l) => l.includes('provider compatible_api does not answer'))).toHaveLength(1);
  const used = new Set(
    [
      ...(await stack.db('extractors').distinct('provider_name')).map((r: { provider_name: string | null }) => r.provider_name),
      ...(await stack.db('parsers').distinct('provider_name')).map((r: { provider_name: string | null }) => r.provider_name),
    ].filter(Boolean),
  );
  for (const name of ['hosted_api', 'hosted_project_api'].filter((n) => !used.has(n))) {
    expect(logLines.filter((l) => l.includes(`provider ${name}`))).toHaveLength(0);
  }
});

it('GET /v1/providers/{name}/status: whether the endpoint answered its latest check, and when', async () => {
  const base = api!.url;
  const down = await call(base, 'GET', '/v1/providers/compatible_api/status');
  expect(down.status).toBe(200);
  expect(down.body).toMatchObject({ name: 'compatible_api', url: `${deadUrl}/models`, answered: false, error: { code: 'provider_unavailable' } });
  expect(typeof down.body.error.message).toBe('string');
  expect(Date.parse(down.body.checked_at)).toBeGreaterThan(Date.now() - 60_000);

  // Pointing it at a server that answers: the next status checks again (a change forgets the last check).
  const patched = await call(base, 'PATCH', '/v1/providers/compatible_api', { base_url: scripted.baseUrl });
  expect(patched.status).toBe(200);
  const listingsBefore = scripted.listingRequests.length;
  const up = await call(base, 'GET', '/v1/providers/compatible_api/status');
  expect(up.body).toMatchObject({ name: 'compatible_api', url: `${scripted.baseUrl}/models`, answered: true, error: null });
  expect(scripted.listingRequests.length).toBe(listingsBefore + 1);
  // Within 10 s the same check is returned, without asking the provider again.
  const again = await call(base, 'GET', '/v1/providers/compatible_api/status');
  expect(again.body).toEqual(up.body);
  expect(scripted.listingRequests.length).toBe(listingsBefore + 1);

  // Settings that cannot work: not asked, and said so.
  const project = await call(base, 'GET', '/v1/providers/hosted_project_api/status');
  expect(project.body).toMatchObject({ name: 'hosted_project_api', url: null, answered: false, error: { code: 'provider_not_configured' } });
  expect((await call(base, 'GET', '/v1/providers/nope/status')).status).toBe(422);
});
