import type { ProviderSettings } from '../src/providers/types.js';
import type { Db } from '../src/storage/db.js';
import type { SecretBox } from '../src/storage/secrets.js';
import { jobFailure } from './failures.js';

/** The provider's connection state as the worker needs it now, with the key decrypted. */
export async function loadProviderSettings(db: Db, secrets: SecretBox, name: string): Promise<ProviderSettings> {
  const row = await db('providers').where({ name }).first();
  if (!row) throw jobFailure('provider_not_configured', `Provider '${name}' does not exist`);
  return {
    name: row.name,
    baseUrl: row.base_url ?? null,
    configuration: row.configuration ?? {},
    apiKey: row.api_key_ciphertext ? secrets.decrypt(row.api_key_ciphertext) : null,
    apiKeyEnv: row.api_key_env ?? null,
  };
}

/**
 * Run fn, which talks to the provider; an error it throws loses every copy of the provider's key.
 * A provider may quote the key it was sent in its error message, and that message would otherwise
 * reach the job's error, the workflow history and the worker's logs.
 */
export async function withoutKeyInErrors<T>(settings: ProviderSettings, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const keys = [settings.apiKey, settings.apiKeyEnv ? process.env[settings.apiKeyEnv] : null];
    redactSecrets(err, keys.filter((k): k is string => !!k));
    throw err;
  }
}

/** Replace the secrets in the message and stack of err and of its causes (in place). */
export function redactSecrets(err: unknown, secrets: string[]): void {
  if (secrets.length === 0) return;
  const scrub = (text: string) => secrets.reduce((acc, secret) => acc.split(secret).join('[redacted]'), text);
  const seen = new Set<unknown>();
  for (let e = err; e instanceof Error && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    e.message = scrub(e.message);
    if (e.stack) e.stack = scrub(e.stack);
  }
}
