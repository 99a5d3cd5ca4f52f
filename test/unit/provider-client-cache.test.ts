import { afterAll, describe, expect, it } from '@jest/globals';
import { clientFor, closeCachedClients } from '../../src/providers/client.js';
import type { ProviderSettings } from '../../src/providers/types.js';

const config = {
  localBaseUrl: 'http://127.0.0.1:8080/v1',
  providerRetry: { maxAttempts: 5, initialIntervalMs: 1000, maxIntervalMs: 30_000, timeoutMs: 60_000, windowMs: 1800_000, heartbeatTimeoutMs: 20_000 },
};
const settings = (over: Partial<ProviderSettings> = {}): ProviderSettings => ({
  name: 'compatible_api',
  baseUrl: 'http://127.0.0.1:9999/v1',
  configuration: {},
  apiKey: null,
  apiKeyEnv: null,
  ...over,
});

afterAll(() => closeCachedClients());

describe('one client per provider connection', () => {
  it('reuses the client while the connection is the same, and replaces it when the key or endpoint changes', () => {
    const a = clientFor(settings(), config);
    expect(clientFor(settings({ configuration: { max_concurrent_requests: 2 } }), config)).toBe(a);
    const keyed = clientFor(settings({ apiKey: 'sk-new' }), config);
    expect(keyed).not.toBe(a);
    expect(clientFor(settings({ apiKey: 'sk-new' }), config)).toBe(keyed);
    const moved = clientFor(settings({ apiKey: 'sk-new', baseUrl: 'http://127.0.0.1:9998/v1' }), config);
    expect(moved).not.toBe(keyed);
    expect(moved.baseURL).toBe('http://127.0.0.1:9998/v1');
  });
});
