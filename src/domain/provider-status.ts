// Does a provider's endpoint answer? One model listing (`GET …/models`, for the project provider its
// deployments) with a short deadline. Checked at start-up for every provider that a definition uses
// (one log line for each that does not answer, so a first job that waits is explained before it is
// made), and on `GET /v1/providers/{name}/status`, which reports the latest check of this process.
import type { Config } from '../config/index.js';
import { ServiceError } from '../errors.js';
import type { Logger } from '../logging.js';
import { projectUrl } from '../providers/client.js';
import { ProviderError } from '../providers/errors.js';
import { listModels } from '../providers/index.js';
import type { Db } from '../storage/db.js';
import type { SecretBox } from '../storage/secrets.js';
import { PROVIDER_NAMES, type ProviderName } from './prebuilt.js';
import { getProviderSettings } from './providers.js';
import { outsideWorkspace } from '../storage/workspace-scope.js';

/** A check never holds a request or the start-up longer than this. */
export const PROVIDER_CHECK_TIMEOUT_MS = 3_000;
/** A status request answers from a check at most this old; an older one is made again. */
export const PROVIDER_STATUS_MAX_AGE_MS = 10_000;
/** Where the start-up line sends a reader. */
export const PROVIDER_HELP = 'README.md, "Quick start" (how to get a model)';
/** The vendor SDK's endpoint, used by hosted_api without a base_url. */
const HOSTED_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface ProviderStatus {
  name: ProviderName;
  /** The URL asked (the endpoint jobs use, plus `/models` or `/deployments`); null when not configured. */
  url: string | null;
  /** True when the endpoint answered the listing. */
  answered: boolean;
  checked_at: string;
  /** Why it did not: a stable code and a message (the provider's own, without secrets). */
  error: { code: string; message: string } | null;
}

type Deps = { db: Db; secrets: SecretBox; config: Config };

const latest = new Map<ProviderName, ProviderStatus>();

/** Check one provider now and remember the outcome. Never throws for the provider's sake. */
export async function checkProvider(deps: Deps, name: ProviderName, timeoutMs = PROVIDER_CHECK_TIMEOUT_MS): Promise<ProviderStatus> {
  const checkedAt = new Date().toISOString();
  let url: string | null = null;
  let status: ProviderStatus;
  try {
    const settings = await getProviderSettings(deps, name);
    url = listingUrl(name, settings.baseUrl, settings.configuration, deps.config);
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      await listModels(settings, deps.config, timeout);
      status = { name, url, answered: true, checked_at: checkedAt, error: null };
    } catch (err) {
      if (timeout.aborted) {
        status = failed(name, url, checkedAt, 'provider_timeout', `no answer within ${timeoutMs / 1000} s`);
      } else if (err instanceof ProviderError) {
        status = failed(name, url, checkedAt, err.code, withoutSecrets(err.message, settings.apiKey));
      } else {
        throw err;
      }
    }
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    // The stored settings cannot work (no key, no project_url): not asked.
    status = failed(name, url, checkedAt, err.code, String(err.detail));
  }
  latest.set(name, status);
  return status;
}

/** Forget the latest check (the provider's settings changed, so it says nothing of the new ones). */
export function forgetProviderStatus(name: ProviderName): void {
  latest.delete(name);
}

/** The latest check of this process when recent enough, else a check now. */
export async function providerStatus(deps: Deps, name: ProviderName): Promise<ProviderStatus> {
  const last = latest.get(name);
  if (last && Date.now() - Date.parse(last.checked_at) < PROVIDER_STATUS_MAX_AGE_MS) return last;
  return checkProvider(deps, name);
}

/** Providers that a prebuilt or user definition names, in the order of ProviderName. */
export async function providersInUse(db: Db): Promise<ProviderName[]> {
  // Deployment-wide (every workspace's definitions): explicitly outside any workspace (issue 48).
  const rows = (await outsideWorkspace(async () => await db('extractors').distinct('provider_name').union((q) => q.from('parsers').distinct('provider_name')))) as {
    provider_name: ProviderName;
  }[];
  const used = new Set(rows.map((r) => r.provider_name));
  return PROVIDER_NAMES.filter((n) => used.has(n));
}

/**
 * At start-up: check every provider in use, and for each that does not answer log one line that
 * says which provider, which URL, what jobs will do meanwhile, and where to read on.
 */
export async function checkProvidersAtStart(deps: Deps, logger: Logger): Promise<ProviderStatus[]> {
  const names = await providersInUse(deps.db);
  const statuses = await Promise.all(names.map((name) => checkProvider(deps, name)));
  for (const s of statuses) {
    if (s.answered) {
      logger.info({ provider: s.name, url: s.url }, `provider ${s.name} answers at ${s.url}`);
    } else {
      logger.warn({ provider: s.name, url: s.url, code: s.error?.code }, providerLine(s, deps.config));
    }
  }
  return statuses;
}

/** The start-up line for a provider that does not answer. */
export function providerLine(s: ProviderStatus, config: Pick<Config, 'providerRetry'>): string {
  const window = Math.round(config.providerRetry.windowMs / 1000);
  const where = s.url ? `at ${s.url}` : '(not configured)';
  return (
    `provider ${s.name} does not answer ${where}: ${s.error?.code ?? 'error'}: ${s.error?.message ?? ''}. ` +
    `Jobs that use it wait and retry for up to ${window} s (SERVICE_PROVIDER_RETRY_WINDOW_S), then fail; ` +
    `their \`retry\` field says why. See ${PROVIDER_HELP}; GET /v1/providers/${s.name}/status checks again.`
  );
}

function listingUrl(name: ProviderName, baseUrl: string | null, configuration: Record<string, unknown>, config: Config): string {
  const trim = (u: string) => u.replace(/\/+$/, '');
  if (name === 'compatible_api') return `${trim(baseUrl ?? config.localBaseUrl)}/models`;
  if (name === 'hosted_api') return `${trim(baseUrl ?? HOSTED_DEFAULT_BASE_URL)}/models`;
  return `${trim(projectUrl({ name, baseUrl, configuration, apiKey: null, apiKeyEnv: null }))}/deployments`;
}

function failed(name: ProviderName, url: string | null, checkedAt: string, code: string, message: string): ProviderStatus {
  return { name, url, answered: false, checked_at: checkedAt, error: { code, message } };
}

function withoutSecrets(text: string, secret: string | null): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}
