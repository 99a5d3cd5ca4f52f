// Providers: the three preconfigured model providers and their connection state.
// They are created by the seed and can only be updated; the API key is stored encrypted and
// never leaves this module in clear except towards the provider itself.
import { z } from 'zod';
import { notFound, serviceError } from '../errors.js';
import type { Config } from '../config/index.js';
import { ProviderError } from '../providers/errors.js';
import { listModels } from '../providers/index.js';
import type { ProviderSettings } from '../providers/types.js';
import type { Db } from '../storage/db.js';
import { type SecretBox, SecretUnreadableError } from '../storage/secrets.js';
import { iso } from './definitions-common.js';
import { isHttpUrl } from '../http-url.js';
import { PROVIDER_NAMES, type ProviderName } from './prebuilt.js';

export const providerNamePathSchema = z.enum(PROVIDER_NAMES);

const httpUrl = z
  .string()
  .max(2000)
  .refine(isHttpUrl, 'must be an absolute http:// or https:// URL');

/**
 * Body of PATCH and PUT on `/v1/providers/{name}`. `api_key` and `api_key_env` are write-only:
 * they are accepted here and never returned. `api_key: null` removes the stored key.
 */
export const providerUpdateSchema = z.strictObject({
  base_url: httpUrl.nullable().optional(),
  configuration: z.record(z.string(), z.unknown()).optional(),
  api_key: z.string().min(1).max(8192).nullable().optional(),
  api_key_env: z
    .string()
    .max(256)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name (letters, digits, "_", not starting with a digit)')
    .nullable()
    .optional(),
});
export type ProviderUpdateInput = z.infer<typeof providerUpdateSchema>;

interface ProviderRow {
  name: ProviderName;
  base_url: string | null;
  configuration: Record<string, unknown>;
  api_key_ciphertext: string | null;
  api_key_env: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * ProviderResponse: the contract's five fields and the endpoint set with `base_url` (null: the
 * provider's default), so a client can check where jobs go. Neither the key nor the name of its
 * variable is ever returned.
 */
export interface Provider {
  name: ProviderName;
  base_url: string | null;
  configuration: Record<string, unknown>;
  has_api_key: boolean;
  created_at: string;
  updated_at: string;
}


export function toProvider(row: ProviderRow): Provider {
  return {
    name: row.name,
    base_url: row.base_url,
    configuration: row.configuration,
    has_api_key: row.api_key_ciphertext !== null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function listProviders(db: Db): Promise<Provider[]> {
  // Fixed order of the contract's enumeration, not of the table.
  const rows = (await db('providers').select('*')) as ProviderRow[];
  const rank = (n: ProviderName) => PROVIDER_NAMES.indexOf(n);
  return rows.sort((a, b) => rank(a.name) - rank(b.name)).map(toProvider);
}

export async function getProvider(db: Db, name: ProviderName): Promise<Provider> {
  const row = (await db('providers').where({ name }).first()) as ProviderRow | undefined;
  if (!row) throw notFound('Provider', name);
  return toProvider(row);
}

/**
 * A key travels in an HTTP header (`Authorization: Bearer …`, `api-key: …`): only visible ASCII
 * (0x21–0x7E) can. Anything else was stored and then failed every call with a 502, so it is
 * refused when stored.
 */
export function checkApiKey(key: string): void {
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw serviceError(
      'invalid_api_key',
      'api_key may contain only visible ASCII characters (0x21-0x7E): no spaces, control characters or non-ASCII letters',
    );
  }
}

/**
 * Update a provider's connection state.
 * - `merge` (PATCH): only the fields present change. `configuration`, when present, replaces the
 *   stored object as a whole rather than merging keys: the object is small, and replacing it is
 *   the only way a client can remove a key without a special "null deletes" rule.
 * - `replace` (PUT): the body is the whole connection state; an absent field is reset
 *   (base_url and api_key_env to null, configuration to {}, the stored key removed).
 */
export async function updateProvider(
  deps: { db: Db; secrets: SecretBox },
  name: ProviderName,
  input: ProviderUpdateInput,
  mode: 'merge' | 'replace',
): Promise<Provider> {
  return deps.db.transaction(async (trx) => {
    const row = (await trx('providers').where({ name }).forUpdate().first()) as ProviderRow | undefined;
    if (!row) throw notFound('Provider', name);

    if (typeof input.api_key === 'string') checkApiKey(input.api_key);
    const keep = mode === 'merge';
    const next = {
      base_url: input.base_url !== undefined ? input.base_url : keep ? row.base_url : null,
      configuration: input.configuration ?? (keep ? row.configuration : {}),
      api_key_ciphertext:
        input.api_key !== undefined
          ? input.api_key === null
            ? null
            : deps.secrets.encrypt(input.api_key)
          : keep
            ? row.api_key_ciphertext
            : null,
      api_key_env: input.api_key_env !== undefined ? input.api_key_env : keep ? row.api_key_env : null,
    };
    checkConfiguration(next.configuration);

    const [updated] = await trx('providers')
      .where({ name })
      .update({ ...next, configuration: JSON.stringify(next.configuration), updated_at: trx.fn.now() })
      .returning('*');
    return toProvider(updated as ProviderRow);
  });
}

/**
 * Rules for the non-secret settings that are given (openapi.yaml states them in the schema). A
 * missing `project_url` is not refused here: the seeded `hosted_project_api` has none either, and
 * the provider is unusable until one is set (`provider_not_configured` when it is used).
 */
function checkConfiguration(configuration: Record<string, unknown>): void {
  // Held across every worker process (activities/model-call.ts); absent means no limit.
  const limit = configuration.max_concurrent_requests;
  if (limit !== undefined && !(typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= 10_000)) {
    throw serviceError(
      'invalid_provider_configuration',
      'configuration.max_concurrent_requests must be a positive integer (at most 10000) when given.',
    );
  }
  const url = configuration.project_url;
  if (url !== undefined && (typeof url !== 'string' || url.length > 2000 || !isHttpUrl(url))) {
    throw serviceError('invalid_provider_configuration', 'configuration.project_url must be an absolute http:// or https:// URL of at most 2000 characters when given.');
  }
}

/** A provider that cannot be called with its stored settings (checked before a model listing). */
function checkUsable(name: ProviderName, configuration: Record<string, unknown>): void {
  if (name === 'hosted_project_api' && typeof configuration.project_url !== 'string') {
    throw serviceError(
      'provider_not_configured',
      "Provider 'hosted_project_api' needs configuration.project_url, an absolute http:// or https:// URL; set it with PATCH /v1/providers/hosted_project_api.",
    );
  }
}

/**
 * Everything needed to call a provider, with the key decrypted. Throws errors a client can act on
 * (409: the provider's state, not the request, is wrong): a project provider without project_url,
 * a hosted provider without any key, or a stored key the current secret key cannot read.
 */
export async function getProviderSettings(
  deps: { db: Db; secrets: SecretBox },
  name: ProviderName,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProviderSettings> {
  const row = (await deps.db('providers').where({ name }).first()) as ProviderRow | undefined;
  if (!row) throw notFound('Provider', name);
  checkUsable(name, row.configuration);

  let apiKey: string | null = null;
  if (row.api_key_ciphertext !== null) {
    try {
      apiKey = deps.secrets.decrypt(row.api_key_ciphertext);
    } catch (err) {
      if (!(err instanceof SecretUnreadableError)) throw err;
      throw serviceError(
        'provider_key_unreadable',
        `The stored API key of provider '${name}' cannot be decrypted (the secret key changed?); set api_key again.`,
      );
    }
  }
  const keyFromEnv = row.api_key_env ? env[row.api_key_env] : undefined;
  if (name !== 'compatible_api' && !apiKey && !keyFromEnv) {
    throw serviceError(
      'provider_key_missing',
      row.api_key_env
        ? `Provider '${name}' needs an API key: environment variable ${row.api_key_env} is not set and no key is stored.`
        : `Provider '${name}' needs an API key: set api_key or api_key_env.`,
    );
  }
  return {
    name,
    baseUrl: row.base_url,
    configuration: row.configuration,
    apiKey,
    apiKeyEnv: row.api_key_env,
  };
}

/** Model listing waits at most this long for the provider; a client should not hang on it. */
const MODELS_TIMEOUT_MS = 30_000;

/**
 * The model ids the provider advertises now. Problems the client can fix in our settings are
 * 409s; a provider that cannot be reached or refuses is a 502 `provider_error` carrying the
 * provider's own message.
 */
export async function listProviderModels(
  deps: { db: Db; secrets: SecretBox; config: Config },
  name: ProviderName,
  signal?: AbortSignal,
): Promise<string[]> {
  const settings = await getProviderSettings(deps, name);
  const timeout = AbortSignal.timeout(Math.min(MODELS_TIMEOUT_MS, deps.config.providerRetry.timeoutMs));
  try {
    return await listModels(settings, deps.config, signal ? AbortSignal.any([signal, timeout]) : timeout);
  } catch (err) {
    if (timeout.aborted && !(err instanceof ProviderError)) {
      throw serviceError('provider_error', `Provider '${name}' did not answer within ${MODELS_TIMEOUT_MS / 1000} s`);
    }
    if (!(err instanceof ProviderError)) throw err;
    // A provider may quote the key it was given in its error message; never pass that on.
    const message = withoutSecrets(err.message, [settings.apiKey, settings.apiKeyEnv ? process.env[settings.apiKeyEnv] : null]);
    if (err.code === 'provider_key_missing') throw serviceError('provider_key_missing', message);
    if (err.code === 'provider_not_configured') throw serviceError('provider_not_configured', message);
    throw serviceError('provider_error', message);
  }
}

function withoutSecrets(text: string, secrets: (string | null | undefined)[]): string {
  return secrets.reduce<string>((acc, secret) => (secret ? acc.split(secret).join('[redacted]') : acc), text);
}

