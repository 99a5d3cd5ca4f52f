// One delivery attempt over HTTP. The address check runs inside the connection's own DNS lookup,
// so the address checked is the address connected to (no window for DNS rebinding). Redirects are
// not followed. The receiver's response body is drained unread: it is never stored or logged.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WebhookUrlError, parseWebhookUrl, refusedAddressReason } from './address-policy.js';

export const DELIVERY_TIMEOUT_MS = 10_000;

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (!allowPrivate) {
        for (const a of list) {
          const reason = refusedAddressReason(a.address);
          if (reason) return callback(new WebhookUrlError('webhook_url_forbidden', `${hostname} resolves to a ${reason}`), '', 4);
        }
      }
      if ((options as { all?: boolean }).all) return (callback as any)(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * POST `body` to `rawUrl` with `headers`; resolves with the HTTP status. Network errors, the
 * address policy and the time-out reject (WebhookUrlError for a refused address).
 */
export function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<number> {
  const url = parseWebhookUrl(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !opts.allowPrivate) {
    const reason = refusedAddressReason(host);
    if (reason) return Promise.reject(new WebhookUrlError('webhook_url_forbidden', `${host} is a ${reason}`));
  }
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'docextract-webhooks/1',
        },
        lookup: guardedLookup(opts.allowPrivate),
        signal: AbortSignal.timeout(timeoutMs),
        agent: false, // one connection per attempt: never reuse a socket checked for another address
      },
      (res) => {
        res.resume();
        res.on('error', () => {});
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.name === 'AbortError' || err.name === 'TimeoutError') reject(new Error(`no response within ${timeoutMs} ms`));
      else if (err instanceof WebhookUrlError) reject(err);
      else reject(new Error(err.code ? `${err.code}: ${err.message}` : err.message));
    });
    req.end(body);
  });
}
