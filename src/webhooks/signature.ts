// Standard Webhooks (https://www.standardwebhooks.com) symmetric signatures, as its reference
// libraries compute them: the secret is `whsec_` + base64 of 24–64 random bytes, the HMAC key is the
// decoded base64 part, and the signature is `v1,` + base64(HMAC-SHA256(key, "id.timestamp.body")).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A new signing secret, `whsec_<base64 of 32 random bytes>`. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** The HMAC key of a secret: its base64 part decoded (the `whsec_` prefix is optional, as in the spec's libraries). */
export function secretKey(secret: string): Buffer {
  const b64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(b64, 'base64');
  if (key.length === 0) throw new Error('Empty webhook secret');
  return key;
}

/** `v1,<signature>` for one message; `timestamp` is in seconds since the epoch. */
export function sign(secret: string, msgId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${msgId}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery. */
export function signedHeaders(secret: string, msgId: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(secret, msgId, timestamp, body),
  };
}

/**
 * Verify a `webhook-signature` header (space-separated `v1,<sig>` entries; any match passes) and the
 * timestamp's distance from now (default 5 minutes, as the spec recommends). Used by tests and
 * documented for receivers.
 */
export function verify(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  opts: { now?: number; toleranceSeconds?: number } = {},
): boolean {
  const ts = Number(headers.timestamp);
  if (!Number.isInteger(ts)) return false;
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  if (Math.abs(now - ts) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(sign(secret, headers.id, ts, body).slice(3), 'utf8');
  return headers.signature.split(' ').some((entry) => {
    const [version, sig] = entry.split(',');
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
