import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { parseIdempotencyKey, requestHash } from '../../src/domain/idempotency.js';
import { RequestValidationError } from '../../src/http/errors.js';
import { WebhookUrlError, checkWebhookUrl, refusedAddressReason } from '../../src/webhooks/address-policy.js';
import { eventFor, messageIdFor } from '../../src/webhooks/events.js';
import { postWebhook } from '../../src/webhooks/send.js';
import { generateSecret, sign, signedHeaders, verify } from '../../src/webhooks/signature.js';

// The Standard Webhooks test vector, as in the specification's reference libraries
// (standard-webhooks/standard-webhooks libraries/go/webhook_test.go TestWebhookSign and
// libraries/csharp WebhookTest.cs).
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  msgId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('Standard Webhooks signatures', () => {
  it('match the specification test vector', () => {
    expect(sign(VECTOR.secret, VECTOR.msgId, VECTOR.timestamp, VECTOR.payload)).toBe(VECTOR.signature);
    // The prefix is optional for the key, as in the reference libraries.
    expect(sign(VECTOR.secret.slice('whsec_'.length), VECTOR.msgId, VECTOR.timestamp, VECTOR.payload)).toBe(VECTOR.signature);
  });

  it('verify with our verifier and the official standardwebhooks library, and fail when tampered', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'parse_job.completed', timestamp: new Date().toISOString(), data: { id: 'pjob_x' } });
    const headers = signedHeaders(secret, 'msg_pjob_x', now, body);
    expect(verify(secret, { id: headers['webhook-id']!, timestamp: headers['webhook-timestamp']!, signature: headers['webhook-signature']! }, body)).toBe(true);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));

    const tampered = body.replace('pjob_x', 'pjob_y');
    expect(verify(secret, { id: headers['webhook-id']!, timestamp: headers['webhook-timestamp']!, signature: headers['webhook-signature']! }, tampered)).toBe(false);
    expect(() => new Webhook(secret).verify(tampered, headers)).toThrow();
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
    // Outside the 5-minute tolerance.
    const old = signedHeaders(secret, 'msg_pjob_x', now - 3600, body);
    expect(verify(secret, { id: old['webhook-id']!, timestamp: old['webhook-timestamp']!, signature: old['webhook-signature']! }, body)).toBe(false);
  });

  it('accepts the vector through the official library when the timestamp is current', () => {
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(VECTOR.secret, VECTOR.msgId, now, VECTOR.payload);
    expect(new Webhook(VECTOR.secret).sign(VECTOR.msgId, new Date(now * 1000), VECTOR.payload)).toBe(headers['webhook-signature']);
  });
});

describe('webhook address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['::1', 'loopback'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedAddressReason(address)).toBe(`${range} address`);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(refusedAddressReason(address)).toBeNull();
  });

  it('checks URLs: scheme, credentials, literal and resolved addresses, unless private ones are allowed', async () => {
    const code = (p: Promise<unknown>) => p.then(() => 'ok', (e) => (e instanceof WebhookUrlError ? e.code : String(e)));
    expect(await code(checkWebhookUrl('ftp://example.com/x', false))).toBe('webhook_url_invalid');
    expect(await code(checkWebhookUrl('not a url', false))).toBe('webhook_url_invalid');
    expect(await code(checkWebhookUrl('http://user:pw@example.com/', false))).toBe('webhook_url_invalid');
    expect(await code(checkWebhookUrl('http://127.0.0.1:9/hook', false))).toBe('webhook_url_forbidden');
    expect(await code(checkWebhookUrl('http://[::1]:9/hook', false))).toBe('webhook_url_forbidden');
    expect(await code(checkWebhookUrl('http://169.254.169.254/latest/meta-data', false))).toBe('webhook_url_forbidden');
    expect(await code(checkWebhookUrl('http://localhost:9/hook', false))).toBe('webhook_url_forbidden'); // resolved, then refused
    expect(await code(checkWebhookUrl('http://localhost:9/hook', true))).toBe('ok');
    expect(await code(checkWebhookUrl('http://127.0.0.1:9/hook', true))).toBe('ok');
    expect(await code(checkWebhookUrl('https://93.184.216.34/hook', false))).toBe('ok');
  });

  it('names events by job kind and terminal status only', () => {
    expect(eventFor('extraction', 'completed')).toBe('extraction_job.completed');
    expect(eventFor('parse', 'canceled')).toBe('parse_job.canceled');
    expect(eventFor('parse', 'running')).toBeNull();
  });

  it('gives each run\'s event a webhook-id of its own; runs without a run id keep msg_<job id>', () => {
    const job = 'ejob_01jqz8n5p6q7r8s9t0v1w2x3y4';
    expect(messageIdFor(job, '01a20835-1533-7722-86b5-7b448a5c5317')).toBe(`msg_${job}_01a208351533772286b57b448a5c5317`);
    expect(messageIdFor(job, '01a20835-1533-7722-86b5-7b448a5c5317')).not.toBe(messageIdFor(job, '01a20835-2558-70d4-9220-2e7c20cc8aff'));
    expect(messageIdFor(job)).toBe(`msg_${job}`);
  });
});

describe('Idempotency-Key', () => {
  it('accepts 1-255 printable ASCII characters, refuses others with 422 details', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey('a')).toBe('a');
    expect(parseIdempotencyKey('~'.repeat(255))).toBe('~'.repeat(255));
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'é', ['a', 'b']]) {
      expect(() => parseIdempotencyKey(bad as any)).toThrow(RequestValidationError);
    }
  });

  it('hashes bodies independently of key order', () => {
    expect(requestHash({ a: 1, b: { c: 2, d: 3 } })).toBe(requestHash({ b: { d: 3, c: 2 }, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });
});

describe('delivery attempts (postWebhook)', () => {
  it('check the address connected to: loopback refused unless allowed, by literal and by name; the receiver body is not returned', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(String(req.headers['webhook-id']));
      res.writeHead(503).end('a large receiver body that must not travel anywhere');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' };
      for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
        await expect(postWebhook(url, headers, '{}', { allowPrivate: false })).rejects.toMatchObject({ code: 'webhook_url_forbidden' });
      }
      expect(hits).toEqual([]);
      await expect(postWebhook(`http://localhost:${port}/`, headers, '{}', { allowPrivate: true })).resolves.toBe(503);
      expect(hits).toEqual(['msg_1']);
    } finally {
      server.close();
    }
  });

  it('gives up after the time-out when the receiver does not answer', async () => {
    const server = http.createServer(() => {}); // never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      await expect(postWebhook(`http://127.0.0.1:${port}/`, {}, '{}', { allowPrivate: true, timeoutMs: 300 })).rejects.toThrow('no response within 300 ms');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
