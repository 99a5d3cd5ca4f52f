import { describe, expect, it } from '@jest/globals';
import { OutputError, parseRetryAfter, ProviderError } from '../../src/providers/errors.js';
import { backoffMs, classifyModelFailure, decideRetry, MAX_RETRY_AFTER_MS } from '../../src/providers/retry-policy.js';

const settings = { initialIntervalMs: 1000, maxIntervalMs: 30_000, windowMs: 1800_000 };

describe('retries by time', () => {
  it('backs off exponentially from the initial interval, capped', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n, settings))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffMs(500, settings)).toBe(30_000);
  });

  it('classifies permanent, protocol and transient failures', () => {
    expect(classifyModelFailure(new ProviderError('provider_auth_failed', 'x', { status: 401 }))).toEqual({ kind: 'permanent' });
    expect(classifyModelFailure(new ProviderError('provider_rejected', 'x', { status: 422 }))).toEqual({ kind: 'permanent' });
    expect(classifyModelFailure(new ProviderError('provider_protocol_error', 'x'))).toEqual({ kind: 'protocol' });
    expect(classifyModelFailure(new ProviderError('provider_unavailable', 'x', { status: 503 }))).toEqual({ kind: 'transient' });
    expect(classifyModelFailure(new ProviderError('provider_rate_limited', 'x', { status: 429, retryAfterMs: 3000 }))).toEqual({
      kind: 'transient',
      retryAfterMs: 3000,
    });
    expect(classifyModelFailure(new OutputError('output_truncated', 'x'))).toEqual({ kind: 'permanent' });
  });

  it('retries a transient failure while the window lasts, then gives up', () => {
    const t0 = 1_000_000;
    const state = (attempt: number) => ({ firstFailedAt: t0, attempt, previousCode: 'provider_unavailable' });
    expect(decideRetry({ kind: 'transient' }, 'provider_unavailable', state(1), t0, settings)).toEqual({ retry: true, delayMs: 1000 });
    expect(decideRetry({ kind: 'transient' }, 'provider_unavailable', state(40), t0 + 1799_000, settings)).toEqual({ retry: true, delayMs: 30_000 });
    const late = decideRetry({ kind: 'transient' }, 'provider_unavailable', state(41), t0 + 1800_000, settings);
    expect(late.retry).toBe(false);
  });

  it('honours Retry-After exactly (seconds or HTTP date), within a cap', () => {
    const s = { firstFailedAt: 0, attempt: 1, previousCode: null };
    expect(decideRetry({ kind: 'transient', retryAfterMs: 3000 }, 'provider_rate_limited', s, 0, settings)).toEqual({ retry: true, delayMs: 3000 });
    expect(decideRetry({ kind: 'transient', retryAfterMs: 90_000 }, 'provider_rate_limited', s, 0, settings)).toEqual({ retry: true, delayMs: 90_000 });
    expect(decideRetry({ kind: 'transient', retryAfterMs: 3600_000 }, 'provider_rate_limited', s, 0, settings)).toEqual({
      retry: true,
      delayMs: MAX_RETRY_AFTER_MS,
    });
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('repeats a protocol error once, not twice', () => {
    expect(decideRetry({ kind: 'protocol' }, 'provider_protocol_error', { firstFailedAt: 0, attempt: 1, previousCode: null }, 0, settings).retry).toBe(true);
    expect(
      decideRetry({ kind: 'protocol' }, 'provider_protocol_error', { firstFailedAt: 0, attempt: 2, previousCode: 'provider_protocol_error' }, 10, settings).retry,
    ).toBe(false);
  });

  it('keeps the deprecated attempt cap when it is set', () => {
    const capped = { ...settings, attemptCap: 3 };
    expect(decideRetry({ kind: 'transient' }, 'provider_unavailable', { firstFailedAt: 0, attempt: 2, previousCode: null }, 10, capped).retry).toBe(true);
    expect(decideRetry({ kind: 'transient' }, 'provider_unavailable', { firstFailedAt: 0, attempt: 3, previousCode: null }, 10, capped).retry).toBe(false);
  });
});
