// A model call's heartbeat timeout (SERVICE_HEARTBEAT_TIMEOUT_S, carried in the run's input): how
// soon the call of a dead worker moves to a live one. Runs started before the setting have none in
// their input and keep the 20 s they were started with.
import { describe, expect, it } from '@jest/globals';
import { modelCallOptions } from '../../workflows/activity-options.js';
import { loadConfig } from '../../src/config/index.js';
import { jobRetrySettings } from '../../src/temporal/job-workflows.js';

const retry = { initialIntervalMs: 1000, maxIntervalMs: 30_000, timeoutMs: 60_000, windowMs: 1_800_000 };

describe('modelCallOptions heartbeat timeout', () => {
  it("is the input's heartbeatTimeoutMs", () => {
    expect(modelCallOptions({ ...retry, heartbeatTimeoutMs: 5000 }).heartbeatTimeout).toBe(5000);
  });

  it('is 20 s for an input without one (runs started before the setting)', () => {
    expect(modelCallOptions(retry).heartbeatTimeout).toBe('20 seconds');
  });

  it('SERVICE_HEARTBEAT_TIMEOUT_S sets it, 20 s by default, 2-600 s', () => {
    expect(loadConfig({}).providerRetry.heartbeatTimeoutMs).toBe(20_000);
    expect(loadConfig({ SERVICE_HEARTBEAT_TIMEOUT_S: '5' }).providerRetry.heartbeatTimeoutMs).toBe(5000);
    expect(() => loadConfig({ SERVICE_HEARTBEAT_TIMEOUT_S: '1' })).toThrow(/SERVICE_HEARTBEAT_TIMEOUT_S/);
    expect(() => loadConfig({ SERVICE_HEARTBEAT_TIMEOUT_S: '601' })).toThrow(/SERVICE_HEARTBEAT_TIMEOUT_S/);
  });

  it("a job's run carries it with the retry settings, without the activity's attempt cap", () => {
    const config = loadConfig({ SERVICE_HEARTBEAT_TIMEOUT_S: '5', SERVICE_PROVIDER_MAX_ATTEMPTS: '3' });
    expect(jobRetrySettings(config)).toEqual({ initialIntervalMs: 1000, maxIntervalMs: 30_000, timeoutMs: 300_000, windowMs: 1_800_000, heartbeatTimeoutMs: 5000 });
  });
});
