// The SDK's fetch over undici's request API (src/providers/request-fetch.ts), against a local HTTP
// server: what goes out, what comes back, redirects, aborts, and connection failures through the SDK.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { classifyError } from '../../src/providers/classify.js';
import { createClient } from '../../src/providers/client.js';
import { requestFetch } from '../../src/providers/request-fetch.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: http.Server;
let base: string;
const seen: Seen[] = [];
const agent = new Agent();
const fetchVia = requestFetch(agent);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(parts) });
      if (req.url === '/moved') {
        res.writeHead(307, { location: '/echo?after=redirect' }).end();
      } else if (req.url === '/empty') {
        res.writeHead(204).end();
      } else if (req.url === '/endless') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        // One line without end, written as fast as it is read, until the client goes away.
        const write = () => {
          while (!res.destroyed && res.write(Buffer.alloc(16 * 1024, 'x')));
          if (!res.destroyed) res.once('drain', write);
        };
        write();
      } else if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {}\n\n');
        // Never ends: the client's abort must end it.
      } else {
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'req-1' });
        res.end(JSON.stringify({ echoed: Buffer.concat(parts).length }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await agent.close();
});

describe('requestFetch', () => {
  it('sends the bytes, method and headers as given and answers with status, headers and body', async () => {
    seen.length = 0;
    const body = Buffer.alloc(3 * 1024 * 1024, 'x');
    const res = await fetchVia(`${base}/echo?q=1`, {
      method: 'post',
      headers: new Headers({ 'content-type': 'application/json', authorization: 'Bearer k' }),
      body,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('req-1');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await res.json()).toEqual({ echoed: body.length });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/echo?q=1' });
    expect(seen[0]!.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer k', 'content-length': String(body.length) });
    expect(seen[0]!.body.equals(body)).toBe(true);
  });

  it('follows a redirect with the same body, as fetch does', async () => {
    seen.length = 0;
    const res = await fetchVia(new URL(`${base}/moved`), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(res.status).toBe(201);
    expect(seen.map((s) => [s.method, s.url, s.body.toString()])).toEqual([
      ['POST', '/moved', 'hello'],
      ['POST', '/echo?after=redirect', 'hello'],
    ]);
  });

  it('answers a 204 with no body', async () => {
    const res = await fetchVia(`${base}/empty`, { method: 'GET' });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });

  it('ends a body at its response limit, says so, and closes the request', async () => {
    let exceeded = 0;
    const res = await fetchVia(`${base}/endless`, { method: 'GET', responseLimit: { bytes: 200_000, onExceeded: () => (exceeded += 1) } });
    let read = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) read += chunk.length;
    expect(exceeded).toBe(1);
    expect(read).toBeLessThanOrEqual(200_000);
    expect(read).toBeGreaterThan(100_000);
  });

  it('ends a streaming answer when the signal aborts', async () => {
    const controller = new AbortController();
    const res = await fetchVia(`${base}/slow`, { method: 'GET', signal: controller.signal });
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
  });
});

describe('the SDK over requestFetch', () => {
  const config = {
    localBaseUrl: 'http://127.0.0.1:9/v1',
    providerRetry: { maxAttempts: 1, initialIntervalMs: 1000, maxIntervalMs: 1000, timeoutMs: 5_000, windowMs: 60_000, heartbeatTimeoutMs: 20_000 },
  };

  it('reports an unreachable provider as provider_unavailable, naming the cause', async () => {
    // A port nothing listens on: bind one, note it, close it.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const client = createClient({ name: 'compatible_api', baseUrl: `http://127.0.0.1:${port}/v1`, configuration: {}, apiKey: null, apiKeyEnv: null }, config, agent);
    const err = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    const classified = classifyError(err) as { code?: string; message?: string };
    expect(classified.code).toBe('provider_unavailable');
    expect(classified.message).toMatch(/^Could not reach the provider: .*ECONNREFUSED/);
  });

  it('sends the SDK request with its key and reads the JSON answer', async () => {
    const client = createClient({ name: 'compatible_api', baseUrl: `${base}/v1`, configuration: {}, apiKey: 'sk-test', apiKeyEnv: null }, config, agent);
    seen.length = 0;
    // The server answers 201 JSON for any path: the SDK takes it as the completion body.
    const answer = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(answer).toEqual({ echoed: expect.any(Number) });
    expect(seen[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(JSON.parse(seen[0]!.body.toString())).toMatchObject({ model: 'm' });
  });
});
