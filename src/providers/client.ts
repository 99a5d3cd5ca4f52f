// One OpenAI SDK client per provider connection, configured from a provider row and cached.
//
// Endpoint rules:
// - compatible_api: `baseUrl`, else the local inference server (config.localBaseUrl). Key optional.
// - hosted_api: the SDK's default endpoint (api.openai.com) unless a baseUrl is configured. Key required.
// - hosted_project_api: an Azure AI Foundry project. `configuration.project_url` is the project
//   endpoint, e.g. https://<resource>.services.ai.azure.com/api/projects/<project>. Chat completions
//   go to `<project_url>/openai/v1/chat/completions` (the Foundry "v1" OpenAI-compatible surface,
//   the same base URL the Foundry SDK's getOpenAIClient() uses); the model is the deployment name.
//   Deployments are listed with `GET <project_url>/deployments?api-version=v1`. The key travels in
//   the `api-key` header, which is how Azure endpoints take keys (Bearer is for Entra tokens).
//   A configured `baseUrl` overrides the chat-completions base only.
import OpenAI from 'openai';
import { Agent } from 'undici';
import type { Config } from '../config/index.js';
import { ProviderError } from './errors.js';
import { requestFetch } from './request-fetch.js';
import type { ProviderSettings } from './types.js';

/** Sent to servers that need no key: the SDK refuses to build a client without one. */
export const PLACEHOLDER_API_KEY = 'no-key-required';
export const PROJECT_API_VERSION = 'v1';

export type ClientConfig = Pick<Config, 'localBaseUrl' | 'providerRetry'>;

/** Stored key first, then the named environment variable, read now (it may change between calls). */
export function resolveApiKey(settings: ProviderSettings): string | null {
  if (settings.apiKey) return settings.apiKey;
  if (settings.apiKeyEnv) {
    const value = process.env[settings.apiKeyEnv];
    if (value) return value;
  }
  return null;
}

export function requireKey(settings: ProviderSettings): string {
  const key = resolveApiKey(settings);
  if (key) return key;
  const where = settings.apiKeyEnv
    ? `no stored API key and environment variable ${settings.apiKeyEnv} is unset or empty`
    : 'no API key is configured';
  throw new ProviderError('provider_key_missing', `Provider ${settings.name} requires an API key: ${where}`);
}

/** The project endpoint of hosted_project_api, without a trailing slash. */
export function projectUrl(settings: ProviderSettings): string {
  const raw = settings.configuration['project_url'];
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new ProviderError(
      'provider_not_configured',
      'Provider hosted_project_api needs configuration.project_url (the project endpoint URL)',
    );
  }
  return trimSlash(raw.trim());
}

export interface Connection {
  /** undefined: the SDK's own default endpoint. */
  baseURL: string | undefined;
  apiKey: string;
  /** Key goes in `api-key` instead of `Authorization: Bearer`. */
  azureKeyHeader: boolean;
}

export function resolveConnection(settings: ProviderSettings, config: ClientConfig): Connection {
  switch (settings.name) {
    case 'compatible_api':
      return {
        baseURL: trimSlash(settings.baseUrl ?? config.localBaseUrl),
        apiKey: resolveApiKey(settings) ?? PLACEHOLDER_API_KEY,
        azureKeyHeader: false,
      };
    case 'hosted_api':
      return {
        baseURL: settings.baseUrl ? trimSlash(settings.baseUrl) : undefined,
        apiKey: requireKey(settings),
        azureKeyHeader: false,
      };
    case 'hosted_project_api': {
      const base = settings.baseUrl ? trimSlash(settings.baseUrl) : `${projectUrl(settings)}/openai/v1`;
      return { baseURL: base, apiKey: requireKey(settings), azureKeyHeader: true };
    }
    default:
      throw new ProviderError('provider_not_configured', `Unknown provider ${String((settings as { name: unknown }).name)}`);
  }
}

/**
 * The SDK, keeping the message of error bodies that are not `{error: {...}}` (vLLM's older
 * `{object: "error", message}`, FastAPI's `{detail}`), which the SDK would otherwise drop.
 */
class ServiceOpenAI extends OpenAI {
  protected override makeStatusError(
    status: number,
    error: object,
    message: string | undefined,
    headers: Headers,
  ): ReturnType<OpenAI['makeStatusError']> {
    return super.makeStatusError(status, normalizeErrorBody(error) as object, message, headers);
  }
}

/** Give every error body the `{error: {message, ...}}` shape the SDK reads. */
export function normalizeErrorBody(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = body as Record<string, unknown>;
  if (b.error && typeof b.error === 'object') return body;
  if (typeof b.error === 'string') return { error: { message: b.error } };
  if (typeof b.message === 'string') return { error: b };
  if (b.detail !== undefined) {
    return { error: { message: typeof b.detail === 'string' ? b.detail : JSON.stringify(b.detail) } };
  }
  return body;
}

/** A new client (no caching); the activities use clientFor. */
export function createClient(settings: ProviderSettings, config: ClientConfig, dispatcher?: Agent): OpenAI {
  const conn = resolveConnection(settings, config);
  return new ServiceOpenAI({
    apiKey: conn.apiKey,
    baseURL: conn.baseURL,
    // Retries belong to Temporal: every attempt is counted, backed off and visible there.
    maxRetries: 0,
    timeout: config.providerRetry.timeoutMs,
    // null removes the SDK's Bearer header, so an Azure key is sent only as `api-key`.
    ...(conn.azureKeyHeader ? { defaultHeaders: { 'api-key': conn.apiKey, Authorization: null } } : {}),
    // Requests go out on the agent's connections, with its request API rather than fetch (see
    // src/providers/request-fetch.ts: no copies of the ~9 MB bodies).
    ...(dispatcher ? { fetch: requestFetch(dispatcher) as unknown as typeof globalThis.fetch } : {}),
  });
}

/** Idle connections to a provider are kept this long for the next call. */
const KEEP_ALIVE_MS = 30_000;

interface CachedClient {
  key: string;
  client: OpenAI;
  agent: Agent;
}

const clients = new Map<string, CachedClient>();

/**
 * The client of a provider, made once per connection (endpoint, key, header style, time-out) and
 * reused by every call, with its own keep-alive connection pool. When the provider's configuration
 * or key changes the cached client is replaced and its pool closed (after its requests finish).
 */
export function clientFor(settings: ProviderSettings, config: ClientConfig): OpenAI {
  const conn = resolveConnection(settings, config);
  const key = JSON.stringify([conn.baseURL ?? null, conn.apiKey, conn.azureKeyHeader, config.providerRetry.timeoutMs]);
  const cached = clients.get(settings.name);
  if (cached?.key === key) return cached.client;
  const agent = new Agent({ keepAliveTimeout: KEEP_ALIVE_MS, keepAliveMaxTimeout: KEEP_ALIVE_MS });
  const client = createClient(settings, config, agent);
  clients.set(settings.name, { key, client, agent });
  if (cached) void cached.agent.close().catch(() => {});
  return client;
}

/** Close every cached client's connections (worker shutdown, tests). */
export async function closeCachedClients(): Promise<void> {
  const all = [...clients.values()];
  clients.clear();
  await Promise.all(all.map((c) => c.agent.close().catch(() => {})));
}

/** The key of hosted_project_api, which always needs one. */
export const requireProjectKey = requireKey;

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
