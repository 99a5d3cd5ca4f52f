import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { pino } from 'pino';
import type { AppDeps } from '../../src/http/context.js';
import { errorHandler } from '../../src/http/middleware/error-handler.js';
import { schemaRoutes } from '../../src/http/routes/schemas.js';
import { RECEIPT_SCHEMA } from '../../src/domain/prebuilt.js';

// The route needs none of the app's dependencies, so it runs here on a bare Koa app with the
// real error handler and body parser: the same middleware order as src/http/app.ts.
let server: Server;
let base: string;

beforeAll(async () => {
  const logger = pino({ level: 'silent' });
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler(logger));
  app.use(koaBody({ multipart: false, jsonLimit: '2mb' }));
  const router = schemaRoutes({ logger } as unknown as AppDeps);
  app.use(router.routes()).use(router.allowedMethods());
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
});

const post = (body: string) =>
  fetch(`${base}/v1/schemas/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('POST /v1/schemas/validate', () => {
  it('answers 200 with the canonical schema for an accepted schema', async () => {
    const res = await post(JSON.stringify({ schema: RECEIPT_SCHEMA }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ valid: true, canonical_schema: expect.any(Object), warnings: [], errors: [] });
  });

  it('answers 200 with valid false and every error for a rejected schema', async () => {
    const res = await post(JSON.stringify({ schema: { type: 'object', properties: { a: { type: 'date' }, b: { type: 'array' } } } }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { valid: boolean; canonical_schema: unknown; errors: { code: string; path: string }[] };
    expect(body.valid).toBe(false);
    expect(body.canonical_schema).toBeNull();
    expect(body.errors.map((e) => `${e.code} ${e.path}`)).toEqual([
      'unsupported_type $.properties.a.type',
      'missing_keyword $.properties.b',
    ]);
  });

  it.each([
    ['missing schema', '{}', ['body', 'schema']],
    ['schema is an array', '{"schema":[]}', ['body', 'schema']],
    ['schema is a string', '{"schema":"x"}', ['body', 'schema']],
    ['schema is null', '{"schema":null}', ['body', 'schema']],
  ])('answers 422 when %s', async (_name, body, loc) => {
    const res = await post(body);
    expect(res.status).toBe(422);
    const json = (await res.json()) as { detail: { loc: unknown[]; msg: string; type: string }[] };
    expect(json.detail[0].loc).toEqual(loc);
    expect(typeof json.detail[0].msg).toBe('string');
  });
});
