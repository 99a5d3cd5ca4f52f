import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { startApi, type RunningApi } from '../../src/runtime/api-process.js';
import { apiCall } from '../harness/openapi-validator.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

// Optional caller authentication: with SERVICE_API_TOKENS set, /v1 needs a bearer token; health,
// readiness and the OpenAPI document stay public. Every response is checked against openapi.yaml.

const TOKENS = ['tok-alpha-2b7c9e41d05f', 'tok-beta-short'];
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let stack: TestStack;
let open: RunningApi;
const logLines: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ worker: false, env: { SERVICE_API_TOKENS: ` ${TOKENS[0]}, ${TOKENS[1]} ` } });
  // The same service without tokens: the API is open.
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  open = await startApi({ ...stack.config, apiTokens: undefined }, {
    databaseUrl: stack.config.databaseUrl!,
    temporalAddress: stack.config.temporal.address!,
    logger,
    port: 0,
  });
});

afterAll(async () => {
  await open?.close();
  await stack?.close();
});

function expectUnauthorized(r: { status: number; body: any; headers: Headers }, invalidToken: boolean) {
  expect(r.status).toBe(401);
  expect(r.body).toEqual({ detail: expect.any(String), code: 'unauthorized' });
  const challenge = r.headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer\b/);
  expect(challenge.includes('error="invalid_token"')).toBe(invalidToken);
}

describe('with SERVICE_API_TOKENS set', () => {
  it('refuses /v1 requests without an Authorization header', async () => {
    for (const [method, path] of [
      ['GET', '/v1/files'],
      ['GET', '/v1/providers'],
      ['GET', '/v1/extraction-jobs/ejob_01jqz8n5p6q7r8s9t0v1w2x3y4'],
      ['DELETE', '/v1/extractors/invoice'],
    ] as const) {
      expectUnauthorized(await apiCall(stack.url, method, path), false);
    }
  });

  it('refuses an unauthenticated body without reading it', async () => {
    const r = await apiCall(stack.url, 'POST', '/v1/schemas/validate', '{"schema": not json');
    expectUnauthorized(r, false);
  });

  it.each([
    ['an unknown token', bearer('tok-gamma-nope')],
    ['a prefix of a valid token', bearer(TOKENS[0]!.slice(0, -1))],
    ['a valid token with more after it', bearer(`${TOKENS[0]}x`)],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['another scheme', { authorization: `Basic ${Buffer.from(`user:${TOKENS[0]}`).toString('base64')}` }],
    ['the token without a scheme', { authorization: TOKENS[0]! }],
  ])('refuses %s', async (_name, headers) => {
    const r = await apiCall(stack.url, 'GET', '/v1/files', undefined, headers);
    expectUnauthorized(r, headers.authorization.startsWith('Bearer ') && headers.authorization.trim() !== 'Bearer');
  });

  it('accepts every configured token, whatever the case of the scheme', async () => {
    for (const headers of [bearer(TOKENS[0]!), bearer(TOKENS[1]!), { authorization: `bearer ${TOKENS[1]}` }]) {
      const r = await apiCall(stack.url, 'GET', '/v1/providers', undefined, headers);
      expect(r.status).toBe(200);
      expect(r.body.map((p: { name: string }) => p.name)).toContain('compatible_api');
    }
    const created = await apiCall(stack.url, 'POST', '/v1/schemas/validate', { schema: { type: 'object', properties: {} } }, bearer(TOKENS[0]!));
    expect(created.status).toBe(200);
  });

  it('does not let a differently spelled /v1 path through', async () => {
    for (const path of ['/V1/files', '/v1/files/', '/v1//files']) {
      const res = await fetch(`${stack.url}${path}`);
      expect([path, res.status]).toEqual([path, 401]);
    }
  });

  it('keeps health, readiness and the OpenAPI document public', async () => {
    expect((await apiCall(stack.url, 'GET', '/healthz')).status).toBe(200);
    expect((await apiCall(stack.url, 'GET', '/readyz')).status).toBe(200);
    const doc = await apiCall(stack.url, 'GET', '/openapi.yaml');
    expect(doc.status).toBe(200);
    expect(doc.text).toContain('bearerAuth');
  });
});

describe('without SERVICE_API_TOKENS', () => {
  it('serves /v1 to anyone, and ignores a token sent anyway', async () => {
    expect((await apiCall(open.url, 'GET', '/v1/providers')).status).toBe(200);
    expect((await apiCall(open.url, 'GET', '/v1/providers', undefined, bearer('whatever'))).status).toBe(200);
  });

  it('never logs a token', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((l) => l.includes('whatever'))).toEqual([]);
  });
});
