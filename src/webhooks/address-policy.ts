// Which addresses a webhook may be delivered to. Only public unicast addresses, unless the
// operator allows private ones (SERVICE_WEBHOOK_ALLOW_PRIVATE=true, e.g. receivers on the same
// host or network). Checked when an endpoint is saved and again at delivery, on the address the
// connection is actually made to (after DNS resolution), so a name that later resolves to an
// internal address is refused too.
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { withTimeout } from '../with-timeout.js';

/** Why an address is refused, or null when it is a public unicast address. */
export function refusedAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let ip = ipaddr.parse(address);
  // ::ffff:10.0.0.1 and friends are IPv4 addresses in disguise.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  // 169.254.169.254 (cloud metadata) is link-local; fd00:ec2::254 is unique-local: both refused.
  return range === 'unicast' ? null : `${range} address`;
}

export class WebhookUrlError extends Error {
  constructor(
    readonly code: 'webhook_url_invalid' | 'webhook_url_forbidden' | 'webhook_url_unresolvable',
    message: string,
  ) {
    super(message);
    this.name = 'WebhookUrlError';
  }
}

/** The URL's shape: absolute http(s), no credentials. Throws WebhookUrlError('webhook_url_invalid'). */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError('webhook_url_invalid', 'The webhook URL is not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebhookUrlError('webhook_url_invalid', 'The webhook URL must use http or https');
  }
  if (url.username || url.password) {
    throw new WebhookUrlError('webhook_url_invalid', 'The webhook URL must not carry credentials');
  }
  return url;
}

/**
 * Longest wait for a host name to resolve: a resolver that does not answer (no network, a dead DNS
 * server) would otherwise hold the request for the system's own timeout, 10 s or more.
 */
export const LOOKUP_TIMEOUT_MS = 5_000;

/** Resolve a host name and check every address it has (all must be allowed). */
export async function checkHost(hostname: string, allowPrivate: boolean): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await withTimeout(lookup(host, { all: true, verbatim: true }), LOOKUP_TIMEOUT_MS)).map((a) => a.address);
    } catch {
      throw new WebhookUrlError('webhook_url_unresolvable', `The webhook host '${host}' does not resolve`);
    }
  }
  if (allowPrivate) return;
  for (const address of addresses) {
    const reason = refusedAddressReason(address);
    if (reason) {
      throw new WebhookUrlError(
        'webhook_url_forbidden',
        `The webhook host '${host}' resolves to ${address}, a ${reason}; private, loopback, link-local and metadata addresses are refused (SERVICE_WEBHOOK_ALLOW_PRIVATE)`,
      );
    }
  }
}

/** Check a URL as it is saved: shape, then where it resolves. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = parseWebhookUrl(raw);
  await checkHost(url.hostname, allowPrivate);
  return url;
}
