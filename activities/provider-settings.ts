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
